import { describe, expect, it } from "@jest/globals";
import { createSnippetIndex, pickVersion } from "../../../src/engine/search";
import type { Snippet } from "../../../src/engine/model/types";

function snip(over: Partial<Snippet> & { id: string }): Snippet {
  return {
    version: 1,
    title: over.id,
    tags: [],
    status: "approved",
    kind: "body",
    variables: [],
    body: "",
    ...over,
  };
}

const library: Snippet[] = [
  snip({
    id: "confidentiality",
    title: "Confidentiality",
    category: "Contracts/Clauses",
    tags: ["nda"],
    body: "Each party shall keep the other's information secret.",
  }),
  snip({
    id: "payment-terms",
    title: "Payment terms",
    category: "Contracts/Commercial",
    tags: ["invoice"],
    body: "Invoices are payable within 30 days. Confidentiality of prices is not required.",
  }),
  snip({
    id: "cover-page",
    title: "Cover page",
    category: "Front matter",
    status: "draft",
    body: "# {{title}}",
  }),
  snip({
    id: "old-warranty",
    title: "Warranty",
    category: "Contracts/Clauses",
    status: "deprecated",
    tags: ["Risk"],
  }),
  snip({
    id: "review-me",
    title: "Limitation of liability",
    category: "Contracts/Clauses",
    reviewBy: "2020-01-01",
  }),
  snip({ id: "loose", title: "Aardvark appendix" }),
];

const today = new Date("2026-06-01T00:00:00Z");

describe("createSnippetIndex", () => {
  const index = createSnippetIndex(library);

  it("ranks a title match above a body match", () => {
    const ids = index.search("confidentiality").map((h) => h.snippet.id);
    expect(ids).toEqual(["confidentiality", "payment-terms"]);
    const [first, second] = index.search("confidentiality");
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(first!.match?.fields["confidentiality"]).toContain("title");
  });

  it("finds through a typo", () => {
    expect(index.search("confidentialty")[0]?.snippet.id).toBe("confidentiality");
  });

  it("matches prefixes as the user types", () => {
    expect(index.search("paym").map((h) => h.snippet.id)).toEqual(["payment-terms"]);
  });

  it("keeps short words exact (no fuzzy match for 'nda' against 'and')", () => {
    expect(index.search("nda").map((h) => h.snippet.id)).toEqual(["confidentiality"]);
  });

  it("requires every word (AND)", () => {
    expect(index.search("payment secret")).toEqual([]);
  });

  it("ignores template tags in the body", () => {
    expect(index.search("title").map((h) => h.snippet.id)).not.toContain("cover-page");
  });

  it("lists everything for an empty query, by category then title, uncategorised last", () => {
    const ids = index.search("  ").map((h) => h.snippet.id);
    expect(ids).toEqual([
      "confidentiality",
      "review-me",
      "old-warranty",
      "payment-terms",
      "cover-page",
      "loose",
    ]);
  });

  it("filters by category level, tag, status, stale and approved only", () => {
    const ids = (f: Parameters<typeof index.search>[1]) =>
      index.search("", { today, ...f }).map((h) => h.snippet.id);
    expect(ids({ category: "Contracts" })).toHaveLength(4);
    expect(ids({ category: "Contracts/Clauses" })).toEqual(["confidentiality", "review-me", "old-warranty"]);
    expect(ids({ category: "Contract" })).toEqual([]);
    expect(ids({ tag: "risk" })).toEqual(["old-warranty"]);
    expect(ids({ status: "draft" })).toEqual(["cover-page"]);
    expect(ids({ status: "stale" })).toEqual(["review-me"]);
    expect(ids({ approvedOnly: true })).not.toContain("cover-page");
    expect(ids({ approvedOnly: true })).not.toContain("old-warranty");
    expect(
      index.search("confidentiality", { category: "Contracts/Commercial" }).map((h) => h.snippet.id),
    ).toEqual(["payment-terms"]);
  });

  it("gives facets with category levels, tags and statuses", () => {
    const f = index.facets(today);
    expect(f.categories).toContainEqual({ value: "Contracts", count: 4 });
    expect(f.categories).toContainEqual({ value: "Contracts/Clauses", count: 3 });
    expect(f.tags).toContainEqual({ value: "risk", count: 1 });
    expect(f.statuses).toContainEqual({ value: "stale", count: 1 });
    expect(f.statuses).toContainEqual({ value: "approved", count: 4 });
  });
});

describe("one entry per id", () => {
  const versions = [
    snip({ id: "nda", version: 1, title: "NDA one" }),
    snip({ id: "nda", version: 3, title: "NDA three", status: "draft" }),
    snip({ id: "nda", version: 2, title: "NDA two" }),
    snip({ id: "gone", version: 4, title: "Gone four", status: "deprecated" }),
    snip({ id: "gone", version: 2, title: "Gone two", status: "draft" }),
  ];

  it("picks highest approved, else highest draft, else deprecated", () => {
    expect(pickVersion(versions, "nda")?.title).toBe("NDA two");
    expect(pickVersion(versions, "gone")?.title).toBe("Gone two");
    expect(pickVersion(versions, "missing")).toBeUndefined();
  });

  it("indexes one result per id, the picked version", () => {
    const index = createSnippetIndex(versions);
    expect(index.size).toBe(2);
    const hits = index.search("nda");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet.version).toBe(2);
    expect(index.search("").map((h) => h.snippet.title)).toEqual(["Gone two", "NDA two"]);
  });

  it("lets a later library override the same id and version", () => {
    const index = createSnippetIndex([
      snip({ id: "a", title: "Starter" }),
      snip({ id: "a", title: "Imported" }),
    ]);
    expect(index.search("").map((h) => h.snippet.title)).toEqual(["Imported"]);
  });
});
