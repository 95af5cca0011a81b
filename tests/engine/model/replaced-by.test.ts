import { describe, expect, it } from "@jest/globals";
import { exportDocument, parseLibrary, validateLibrary } from "../../../src/engine";
import { TODAY } from "../support";

// replacedBy: Sectionsmith's extension of the library format naming a deprecated snippet's successor.

const lib = (snippets: Array<Record<string, unknown>>) => ({
  format: "sectionsmith/library@1",
  snippets: snippets.map((s) => ({ title: String(s.id), body: "Text", ...s })),
});

describe("replacedBy", () => {
  it("is kept in the normalised model", () => {
    const parsed = parseLibrary(lib([{ id: "old", status: "deprecated", replacedBy: "new" }, { id: "new", status: "approved" }]));
    expect(parsed.problems).toEqual([]);
    if (!parsed.ok) throw new Error("the library should parse");
    expect(parsed.value.snippets[0]?.replacedBy).toBe("new");
  });

  it("must be an id, and should name a snippet of the same library", () => {
    const bad = parseLibrary(lib([{ id: "old", replacedBy: "New Clause!" }]));
    expect(bad.problems.map((p) => [p.code, p.path])).toContainEqual(["ID_INVALID", "snippets[0].replacedBy"]);
    const unknown = validateLibrary(lib([{ id: "old", status: "deprecated", replacedBy: "nwe" }, { id: "new" }]));
    const found = unknown.problems.filter((p) => p.code === "REPLACED_BY_UNKNOWN");
    expect(found.map((p) => [p.severity, p.path])).toEqual([["warning", "snippets[0].replacedBy"]]);
    expect(found[0]?.message).toContain('"nwe"');
  });

  it("is named in the SNIPPET_DEPRECATED warning of a build that uses the old snippet", async () => {
    const result = await exportDocument(
      lib([{ id: "old", status: "deprecated", replacedBy: "new" }, { id: "new", status: "approved" }]),
      { format: "sectionsmith/assembly@1", sections: [{ snippet: "old" }] },
      { as: "buffer", today: TODAY },
    );
    const warning = result.warnings.find((w) => w.code === "SNIPPET_DEPRECATED");
    expect(warning?.message).toContain('use "new" instead');
  });
});
