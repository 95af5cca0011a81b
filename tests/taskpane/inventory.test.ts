import { describe, expect, it } from "@jest/globals";
import { parseLibrary } from "../../src/engine/model/parse-library";
import type { Snippet } from "../../src/engine/model/types";
import type { OutlineSection } from "../../src/taskpane/model/document";
import {
  buildInventory,
  matchingSection,
  needsAttention,
  newerApproved,
  parseTag,
  planUpdate,
  successorOf,
} from "../../src/taskpane/model/inventory";

const TODAY = new Date("2026-06-01T12:00:00Z");

/** Snippets through the engine's own parser, so defaults (status, kind, variables) are the real ones. */
function library(snippets: Array<Record<string, unknown>>): Snippet[] {
  const parsed = parseLibrary({
    format: "sectionsmith/library@1",
    snippets: snippets.map((s) => ({ title: String(s.id), body: "Text", ...s })),
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value.snippets;
}

const snippets = library([
  { id: "payment", version: 1, status: "approved" },
  { id: "payment", version: 2, status: "approved", title: "Payment terms" },
  { id: "payment", version: 3, status: "draft" },
  {
    id: "nda-one-way",
    status: "deprecated",
    description: "Superseded by nda-mutual. Kept for old documents.",
  },
  { id: "nda-mutual", status: "approved", title: "Mutual NDA" },
  { id: "warranty", version: 1, status: "deprecated" },
  { id: "warranty", version: 2, status: "approved" },
  { id: "old-terms", status: "deprecated", description: "No longer used." },
  { id: "liability", status: "approved", reviewBy: "2025-01-01" },
  { id: "cover", status: "draft" },
  { id: "fresh", status: "approved", reviewBy: "2026-06-01" },
]);
const get = (id: string, version = 1) => snippets.find((s) => s.id === id && s.version === version)!;
const cc = (tag: string, title = "") => ({ tag, title, text: "…" });

describe("parseTag", () => {
  it("reads id and version from the pane's tags and refuses anything else", () => {
    expect(parseTag("sectionsmith:payment-terms@2")).toEqual({ id: "payment-terms", version: 2 });
    expect(parseTag("sectionsmith:cover")).toEqual({ id: "cover" });
    expect(parseTag("other-addin:payment@2")).toBeUndefined();
    expect(parseTag("sectionsmith:Bad Id@2")).toBeUndefined();
    expect(parseTag("sectionsmith:payment@two")).toBeUndefined();
  });
});

describe("successorOf", () => {
  it("prefers the snippet replacedBy names over what the description says", () => {
    const lib = library([
      { id: "old", status: "deprecated", replacedBy: "new-b", description: "Superseded by new-a." },
      { id: "new-a", status: "approved" },
      { id: "new-b", version: 1, status: "approved" },
      { id: "new-b", version: 2, status: "approved" },
      { id: "gone", status: "deprecated", replacedBy: "also-deprecated", description: "Superseded by new-a." },
      { id: "also-deprecated", status: "deprecated" },
    ]);
    expect(successorOf(lib[0]!, lib)).toBe(lib[3]);
    // A replacedBy that is itself deprecated is not offered; the description still helps.
    expect(successorOf(lib[4]!, lib)?.id).toBe("new-a");
  });

  it("follows “Superseded by <id>” in the description", () => {
    expect(successorOf(get("nda-one-way"), snippets)?.id).toBe("nda-mutual");
  });

  it("falls back to a newer, not deprecated version of the same id", () => {
    expect(successorOf(get("warranty", 1), snippets)).toBe(get("warranty", 2));
  });

  it("understands “… v2” after the id, as the starter library writes it", () => {
    const lib = library([
      {
        id: "confidentiality",
        version: 1,
        status: "deprecated",
        description: "Superseded by confidentiality v2, which adds…",
      },
      { id: "confidentiality", version: 2, status: "approved" },
      { id: "confidentiality", version: 3, status: "draft" },
    ]);
    expect(successorOf(lib[0]!, lib)?.version).toBe(2);
  });

  it("is undefined when nothing replaces it, or the named id is missing or deprecated too", () => {
    expect(successorOf(get("old-terms"), snippets)).toBeUndefined();
    const lib = library([
      { id: "a", status: "deprecated", description: "Replaced by b" },
      { id: "b", status: "deprecated" },
      { id: "c", status: "deprecated", description: "Use nowhere-to-be-found instead" },
    ]);
    expect(successorOf(lib[0]!, lib)).toBeUndefined();
    expect(successorOf(lib[2]!, lib)).toBeUndefined();
  });

  it("is undefined for a snippet that is not deprecated", () => {
    expect(successorOf(get("payment", 1), snippets)).toBeUndefined();
  });
});

describe("newerApproved", () => {
  it("is the newest approved version above the given one, ignoring drafts", () => {
    expect(newerApproved(snippets, "payment", 1)?.version).toBe(2);
    expect(newerApproved(snippets, "payment", 2)).toBeUndefined();
    expect(newerApproved(snippets, "payment", undefined)?.version).toBe(2);
  });
});

describe("buildInventory", () => {
  it("flags every kind of entry, in document order", () => {
    const entries = buildInventory(
      [
        cc("sectionsmith:payment@1", "Payment"),
        cc("sectionsmith:payment@2"),
        cc("sectionsmith:nda-one-way@1"),
        cc("sectionsmith:warranty@1"),
        cc("sectionsmith:liability@1"),
        cc("sectionsmith:cover@1"),
        cc("sectionsmith:gone@4"),
        cc("sectionsmith:fresh@1"),
        cc("someone-else:payment@1"),
      ],
      snippets,
      TODAY,
    );
    expect(entries.map((e) => [e.tag.replace("sectionsmith:", ""), e.flags])).toEqual([
      ["payment@1", ["newer"]],
      ["payment@2", ["current"]],
      ["nda-one-way@1", ["deprecated"]],
      ["warranty@1", ["newer", "deprecated"]],
      ["liability@1", ["stale"]],
      ["cover@1", ["draft"]],
      ["gone@4", ["unknown"]],
      ["fresh@1", ["current"]], // the review day itself is not past
    ]);
    const [payment1, , nda, warranty, liability, , gone] = entries;
    expect(payment1).toMatchObject({
      title: "Payment",
      update: { version: 2 },
      summary: "Version 2 is approved in the library.",
    });
    expect(nda!.successor?.id).toBe("nda-mutual");
    expect(nda!.summary).toBe("Deprecated: replaced by “Mutual NDA” (nda-mutual).");
    expect(warranty!.update?.version).toBe(2);
    expect(warranty!.summary).toBe("Deprecated: replaced by version 2."); // not also "Version 2 is approved"
    expect(liability!.summary).toBe("Past its review date (2025-01-01).");
    expect(gone!.summary).toMatch(/^Not in your library/);
    expect(needsAttention(entries).map((e) => e.id)).toEqual([
      "payment",
      "nda-one-way",
      "warranty",
      "liability",
      "cover",
      "gone",
    ]);
  });

  it("counts controls sharing a tag once, and knows a version the library no longer has", () => {
    const entries = buildInventory(
      [cc("sectionsmith:payment@1"), cc("sectionsmith:payment@1"), cc("sectionsmith:payment@9")],
      snippets,
      TODAY,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]!.count).toBe(2);
    expect(entries[0]!.title).toBe("payment"); // no control title: the library's title of that version
    expect(entries[1]).toMatchObject({
      flags: ["unknown"],
      summary: "Version 9 is no longer in your library.",
    });
    expect(entries[1]!.update).toBeUndefined();
  });
});

describe("matchingSection and planUpdate", () => {
  const section = (
    key: string,
    snippet: string,
    version: number | undefined,
    values = {},
  ): OutlineSection => ({
    key,
    snippet,
    ...(version === undefined ? {} : { version }),
    title: snippet,
    values,
    headingOffset: 0,
    pageBreakBefore: false,
    numbering: "restart",
  });

  it("prefers the outline section on the target version, then the tag's version, then the last one", () => {
    const outline = [
      section("a", "payment", 1),
      section("b", "payment", 2),
      section("c", "payment", undefined),
    ];
    expect(matchingSection(outline, "payment", 1, 2)?.key).toBe("b");
    expect(matchingSection(outline.slice(0, 1), "payment", 1, 2)?.key).toBe("a");
    expect(matchingSection([outline[2]!], "payment", 1, 2)?.key).toBe("c");
    expect(matchingSection(outline, "other", 1, 2)).toBeUndefined();
  });

  const [target] = library([
    {
      id: "payment",
      version: 2,
      status: "approved",
      variables: [
        { name: "days", label: "Payment period", type: "number", required: true, min: 1, max: 90 },
        { name: "rate", label: "Interest", type: "number", default: 4 },
      ],
    },
  ]);

  it("uses the outline's values over the new version's defaults, dropping values it has no variable for", () => {
    const plan = planUpdate(target!.variables, section("a", "payment", 1, { days: 30, gone: "x" }));
    expect(plan).toEqual({ ok: true, values: { days: 30, rate: 4 }, from: "outline" });
  });

  it("names what is missing or no longer valid instead of updating blindly", () => {
    expect(planUpdate(target!.variables, undefined)).toEqual({
      ok: false,
      values: { rate: 4 },
      from: "defaults",
      missing: ["Payment period"],
    });
    const tooLong = planUpdate(target!.variables, section("a", "payment", 1, { days: 120 }));
    expect(tooLong).toMatchObject({ ok: false, missing: ["Payment period"], from: "outline" });
  });
});
