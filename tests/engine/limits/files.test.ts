import { describe, expect, it } from "@jest/globals";
import { parseAssembly, parseLibrary, validateFile } from "../../../src/engine";
import { MAX_FILE_CHARS, MAX_JSON_DEPTH, MAX_SECTIONS, MAX_SNIPPETS } from "../../../src/engine/limits";
import { assembly, library } from "../support";
import { failure, only, timed } from "./helpers";

// Whole-file limits: size, nesting, snippets per library, sections per assembly. They are checked
// before the JSON validator walks the file, so a huge or deep file is refused at once.

const snippets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i}`, title: `S ${i}`, body: "x" }));

describe("file size", () => {
  it("refuses JSON text over the limit before parsing it (LIMIT_FILE_SIZE), naming the limit", async () => {
    const text = JSON.stringify(library({ id: "s1", body: "x".repeat(MAX_FILE_CHARS) }));
    const { value: parsed, ms } = await timed(() => parseLibrary(text));
    expect(parsed.ok).toBe(false);
    const p = only(parsed.problems, "LIMIT_FILE_SIZE");
    expect(p.path).toBe("");
    expect(p.message).toContain("20,000,000");
    expect(p.message).toMatch(/Split it/);
    expect(ms).toBeLessThan(2000);
  });

  it("estimates the size of an already-parsed value the same way", async () => {
    const problems = await failure(library({ id: "s1", body: "x".repeat(MAX_FILE_CHARS + 10) }), assembly([{ snippet: "s1" }]));
    expect(only(problems, "LIMIT_FILE_SIZE").message).toMatch(/about [\d,]+ characters/);
  });

  it("accepts a file just under the limit", () => {
    const text = JSON.stringify(library({ id: "s1", body: "x".repeat(MAX_FILE_CHARS - 1000) }));
    expect(text.length).toBeLessThan(MAX_FILE_CHARS);
    expect(parseLibrary(text).ok).toBe(true);
  });

  it("applies to assemblies too", () => {
    const text = JSON.stringify(assembly([{ snippet: "s1" }], { values: { big: "x".repeat(MAX_FILE_CHARS) } }));
    const parsed = parseAssembly(text);
    expect(parsed.ok).toBe(false);
    expect(only(parsed.problems, "LIMIT_FILE_SIZE").message).toContain("assembly");
  });
});

describe("nesting", () => {
  const deepText = (depth: number) =>
    `{"format":"sectionsmith/library@1","snippets":[],"x":${"[".repeat(depth)}${"]".repeat(depth)}}`;

  it("refuses JSON text nested 100,000 deep with LIMIT_FILE_DEPTH instead of overflowing the stack", async () => {
    const { value: parsed, ms } = await timed(() => parseLibrary(deepText(100_000)));
    expect(parsed.ok).toBe(false);
    expect(only(parsed.problems, "LIMIT_FILE_DEPTH").message).toContain(String(MAX_JSON_DEPTH));
    expect(ms).toBeLessThan(2000);
  });

  it("refuses a parsed value nested deeper than the call stack allows", async () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200_000; i++) deep = deep.a = {};
    const problems = await failure({ ...library({ id: "s1", body: "x" }), extra: root }, assembly([{ snippet: "s1" }]));
    only(problems, "LIMIT_FILE_DEPTH");
  });

  it("accepts nesting up to the limit (an unknown field 60 levels deep is only a warning)", () => {
    const parsed = parseLibrary(deepText(MAX_JSON_DEPTH - 3));
    expect(parsed.ok).toBe(true);
    expect(parsed.problems.map((p) => p.code)).toEqual(["FIELD_UNKNOWN"]);
  });
});

describe("counts", () => {
  it(`refuses a library of more than ${MAX_SNIPPETS} snippets (LIMIT_SNIPPETS at "snippets")`, async () => {
    const { value: parsed, ms } = await timed(() => parseLibrary({ format: "sectionsmith/library@1", snippets: snippets(MAX_SNIPPETS + 1) }));
    expect(parsed.ok).toBe(false);
    const p = only(parsed.problems, "LIMIT_SNIPPETS");
    expect(p.path).toBe("snippets");
    expect(p.message).toContain("10,001");
    expect(p.message).toContain("10,000");
    expect(ms).toBeLessThan(1000);
  });

  it(`accepts exactly ${MAX_SNIPPETS} snippets`, () => {
    const parsed = parseLibrary({ format: "sectionsmith/library@1", snippets: snippets(MAX_SNIPPETS) });
    expect(parsed.ok).toBe(true);
  });

  it(`refuses an assembly of more than ${MAX_SECTIONS} sections (LIMIT_SECTIONS at "sections"), even as text`, async () => {
    const text = JSON.stringify(assembly(Array.from({ length: MAX_SECTIONS + 1 }, () => ({ snippet: "s1" }))));
    const parsed = parseAssembly(text);
    expect(parsed.ok).toBe(false);
    expect(only(parsed.problems, "LIMIT_SECTIONS").path).toBe("sections");
    // validateFile (the CLI's `validate`) reports it the same way.
    const validated = await validateFile(text);
    expect(validated.problems.map((p) => p.code)).toEqual(["LIMIT_SECTIONS"]);
  });

  it(`accepts exactly ${MAX_SECTIONS} sections`, () => {
    expect(parseAssembly(assembly(Array.from({ length: MAX_SECTIONS }, () => ({ snippet: "s1" })))).ok).toBe(true);
  });
});
