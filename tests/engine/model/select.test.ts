import { describe, expect, test } from "@jest/globals";
import { findSnippet, selectSnippet, snippetHealth } from "../../../src/engine/model/select";
import type { Snippet, SnippetStatus } from "../../../src/engine/model/types";
import { brief } from "./helpers";
import { loadLibraries } from "../../../src/engine/assemble/libraries";

const s = (id: string, version: number, status: SnippetStatus, extra: Partial<Snippet> = {}): Snippet => ({
  id,
  version,
  status,
  title: id,
  tags: [],
  kind: "body",
  variables: [],
  body: "",
  ...extra,
});
const pick = (snippets: Snippet[], id: string, version?: number) => {
  const found = selectSnippet(snippets, id, version);
  return found && `${found.id}@${found.version}:${found.status}`;
};

describe("selectSnippet", () => {
  const library = [
    s("nda", 1, "approved"),
    s("nda", 2, "approved"),
    s("nda", 3, "draft"),
    s("nda", 4, "deprecated"),
    s("other", 9, "approved"),
  ];

  test("the highest approved version wins over newer drafts and deprecated versions", () => {
    expect(pick(library, "nda")).toBe("nda@2:approved");
  });

  test("a pinned version is taken exactly, whatever its status", () => {
    expect(pick(library, "nda", 3)).toBe("nda@3:draft");
    expect(pick(library, "nda", 4)).toBe("nda@4:deprecated");
    expect(pick(library, "nda", 5)).toBeUndefined();
  });

  test("no approved version: the highest draft; no draft either: the highest deprecated", () => {
    expect(pick([s("a", 1, "draft"), s("a", 3, "deprecated"), s("a", 2, "draft")], "a")).toBe("a@2:draft");
    expect(pick([s("a", 1, "deprecated"), s("a", 2, "deprecated")], "a")).toBe("a@2:deprecated");
  });

  test("order in the library does not matter, and unknown ids give undefined", () => {
    expect(pick([...library].reverse(), "nda")).toBe("nda@2:approved");
    expect(pick(library, "missing")).toBeUndefined();
  });
});

describe("snippetHealth", () => {
  const today = new Date(2026, 10, 22, 9, 0); // 22 November 2026, local time
  test("stale when reviewBy is before today's date, not on it", () => {
    expect(snippetHealth(s("a", 1, "approved", { reviewBy: "2026-11-21" }), today)).toEqual({
      status: "approved",
      stale: true,
    });
    expect(snippetHealth(s("a", 1, "draft", { reviewBy: "2026-11-22" }), today)).toEqual({
      status: "draft",
      stale: false,
    });
    expect(snippetHealth(s("a", 1, "deprecated"), today)).toEqual({ status: "deprecated", stale: false });
  });
});

describe("findSnippet", () => {
  const library = [
    s("confidentiality", 1, "approved"),
    s("confidentiality", 2, "draft"),
    s("old-terms", 1, "deprecated"),
    s("head", 1, "approved", { kind: "header", reviewBy: "2020-01-01" }),
  ];
  const today = new Date(2026, 0, 1);

  test("an approved, current snippet of the right kind: no problems", () => {
    const found = findSnippet(library, { id: "confidentiality" }, "sections[0]", { today, kind: "body" });
    expect(found.snippet?.version).toBe(1);
    expect(found.problems).toEqual([]);
  });

  test("SNIPPET_NOT_FOUND suggests the closest id", () => {
    const found = findSnippet(library, { id: "confidentialty" }, "sections[2]");
    expect(found.snippet).toBeUndefined();
    expect(brief(found.problems)).toEqual(["SNIPPET_NOT_FOUND sections[2].snippet"]);
    expect(found.problems[0]?.message).toContain('Did you mean "confidentiality"?');
  });

  test("VERSION_NOT_FOUND lists the versions there are", () => {
    const found = findSnippet(library, { id: "confidentiality", version: 9 }, "sections[2]");
    expect(brief(found.problems)).toEqual(["VERSION_NOT_FOUND sections[2].version"]);
    expect(found.problems[0]?.message).toContain("versions 1, 2");
  });

  test("SNIPPET_DRAFT and SNIPPET_DEPRECATED are warnings", () => {
    const draft = findSnippet(library, { id: "confidentiality", version: 2 }, "sections[1]");
    expect(draft.snippet?.version).toBe(2);
    expect(draft.problems.map((p) => [p.code, p.severity, p.path])).toEqual([
      ["SNIPPET_DRAFT", "warning", "sections[1].snippet"],
    ]);
    const old = findSnippet(library, { id: "old-terms" }, "sections[3]");
    expect(old.problems.map((p) => [p.code, p.severity])).toEqual([["SNIPPET_DEPRECATED", "warning"]]);
  });

  test("SNIPPET_STALE when a today is given; SNIPPET_KIND_MISMATCH when the kind differs", () => {
    expect(brief(findSnippet(library, { id: "head" }, "header", { today, kind: "header" }).problems)).toEqual(
      ["SNIPPET_STALE header.snippet"],
    );
    expect(findSnippet(library, { id: "head" }, "header").problems).toEqual([]);
    expect(brief(findSnippet(library, { id: "head" }, "sections[0]", { kind: "body" }).problems)).toEqual([
      "SNIPPET_KIND_MISMATCH sections[0].snippet",
    ]);
  });
});

describe("findSnippet with the catalogue's index by id (issue 15)", () => {
  const library = [
    s("a", 1, "approved"),
    s("a", 2, "draft"),
    s("a", 3, "deprecated", { replacedBy: "b" }),
    s("b", 1, "deprecated"),
    s("b", 2, "deprecated"),
    s("c", 4, "draft", { reviewBy: "2020-01-01" }),
    s("h", 1, "approved", { kind: "header" }),
  ];
  const byId = new Map<string, Snippet[]>();
  for (const snippet of library) byId.set(snippet.id, [...(byId.get(snippet.id) ?? []), snippet]);
  const today = new Date(2026, 0, 1);

  test("gives what scanning every snippet gives, for every id and version, found or not", () => {
    for (const id of ["a", "b", "c", "h", "x", "aa"]) {
      for (const version of [undefined, 1, 2, 3, 4, 5]) {
        const ref = version === undefined ? { id } : { id, version };
        const scanned = findSnippet(library, ref, "sections[0]", { today, kind: "body" });
        const indexed = findSnippet(library, ref, "sections[0]", { today, kind: "body", byId });
        expect(indexed).toEqual(scanned);
      }
    }
  });

  test("loadLibraries' index holds every usable snippet under its id, later libraries' copies included", () => {
    const first = { format: "sectionsmith/library@1", snippets: [{ id: "p", title: "P", body: "x" }, { id: "q", title: "Q", body: "y" }] };
    const second = { format: "sectionsmith/library@1", snippets: [{ id: "p", version: 2, title: "P2", body: "z" }] };
    const catalogue = loadLibraries([first, second]);
    for (const snippet of catalogue.snippets) expect(catalogue.byId.get(snippet.id)).toContain(snippet);
    expect([...catalogue.byId.values()].flat()).toHaveLength(catalogue.snippets.length);
    expect(catalogue.byId.get("p")!.map((x) => x.version)).toEqual([1, 2]);
  });
});
