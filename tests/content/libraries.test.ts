// The shipped libraries must load without a single problem, and the starter library must cover what the task
// pane promises: six categories, every variable type, and examples of each lifecycle state.
import { describe, expect, it } from "@jest/globals";
import { validateLibrary, type Library, type Snippet, type Variable } from "../../src/engine";
import { EXAMPLES, exampleLibrary, starterLibrary } from "./content-files";
import { expectWithMessage } from "../support/expect-message";

const TODAY = "2026-11-22";

function valid(input: unknown, source: string): Library {
  const result = validateLibrary(input, { source });
  expect(result.problems.map((p) => `${p.code} ${p.path} ${p.message}`)).toEqual([]);
  if (!result.ok) throw new Error(`${source} did not load`);
  return result.value;
}

describe("shipped libraries", () => {
  it.each(EXAMPLES)("examples/%s/library.json loads with no problems", (name) => {
    valid(exampleLibrary(name), `examples/${name}/library.json`);
  });

  it("the starter library loads with no problems", () => {
    valid(starterLibrary(), "assets/starter-library.json");
  });
});

describe("starter library content", () => {
  const library = valid(starterLibrary(), "assets/starter-library.json");
  const snippets = library.snippets;
  const topCategory = (s: Snippet): string => (s.category ?? "").split("/")[0]!;
  const allVariables = (vars: Variable[]): Variable[] =>
    vars.flatMap((v) => [v, ...allVariables(v.fields ?? [])]);

  it("is named and has at least 40 snippets in the six categories", () => {
    expect(library.name).toBe("Sectionsmith starter library");
    expect(snippets.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(snippets.map(topCategory));
    expect([...categories].sort()).toEqual(["Common", "Contracts", "HR", "Letters", "Proposals", "Reports"]);
    for (const c of categories)
      expect(snippets.filter((s) => topCategory(s) === c).length).toBeGreaterThanOrEqual(4);
  });

  it("uses every variable type", () => {
    const types = new Set(snippets.flatMap((s) => allVariables(s.variables)).map((v) => v.type));
    expect([...types].sort()).toEqual([
      "boolean",
      "choice",
      "currency",
      "date",
      "list",
      "multiline",
      "number",
      "text",
    ]);
  });

  it("is mostly approved, with a few drafts, two deprecated snippets naming a successor that exists, and two stale ones", () => {
    const by = (status: string) => snippets.filter((s) => s.status === status);
    expect(by("approved").length).toBeGreaterThan(snippets.length * 0.75);
    expect(by("draft").length).toBeGreaterThanOrEqual(2);
    const deprecated = by("deprecated");
    expect(deprecated).toHaveLength(2);
    for (const s of deprecated) {
      const successor = /Superseded by ([a-z0-9][a-z0-9._-]*[a-z0-9])/.exec(s.description ?? "")?.[1];
      expectWithMessage(successor, `${s.id} names its successor`).toBeDefined();
      expect(snippets.some((t) => t.id === successor && t.status === "approved")).toBe(true);
    }
    const stale = snippets.filter((s) => s.reviewBy !== undefined && s.reviewBy < TODAY);
    expect(stale.map((s) => s.reviewBy!.slice(0, 4))).toEqual(["2025", "2025"]);
  });

  it("has several snippets with more than one version", () => {
    const versions = new Map<string, number[]>();
    for (const s of snippets) versions.set(s.id, [...(versions.get(s.id) ?? []), s.version]);
    const multi = [...versions].filter(([, v]) => v.length > 1).map(([id]) => id);
    expect(multi.length).toBeGreaterThanOrEqual(3);
  });

  it("gives every snippet an owner, tags and a description, and every variable a label", () => {
    for (const s of snippets) {
      expectWithMessage(s.owner, s.id).toMatch(/@/);
      expectWithMessage(s.tags.length, s.id).toBeGreaterThan(0);
      expectWithMessage(s.description, s.id).toBeTruthy();
      for (const v of allVariables(s.variables)) expectWithMessage(v.label, `${s.id}.${v.name}`).toBeTruthy();
    }
  });

  it("uses each variable name for one kind of value only, so snippets can share assembly values", () => {
    const kinds = new Map<string, string>();
    for (const s of snippets)
      for (const v of s.variables) {
        const kind = JSON.stringify([
          v.type,
          v.options ?? null,
          (v.fields ?? []).map((f) => [f.name, f.type]),
        ]);
        expectWithMessage(kinds.get(v.name) ?? kind, `${s.id}.${v.name}`).toBe(kind);
        kinds.set(v.name, kind);
      }
  });
});
