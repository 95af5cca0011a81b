import { describe, expect, it } from "@jest/globals";
import { exportDocument, parseLibrary, pathJoin } from "../../src/engine";
import { readPart } from "../support/docx-zip";
import { assembly, library, TODAY } from "../engine/support";
import { checkDocx } from "../support/ooxml-check";
import { expectWithMessage } from "../support/expect-message";

// Cases the fuzz tests (tests/fuzz/*.fuzz.ts) found, kept as plain tests so they stay fixed. Each
// names what broke and where it was fixed. They run with the unit tests and with the fuzz run.

async function buildBytes(lib: unknown, asm: unknown, shape: "document" | "fragment" = "document"): Promise<Uint8Array> {
  const result = await exportDocument(lib, asm, { as: "buffer", today: TODAY, shape });
  const bytes = new Uint8Array(result.output);
  const check = await checkDocx(bytes);
  expect(check.errors).toEqual([]);
  return bytes;
}

describe("fuzz regressions", () => {
  it("a fragment keeps emoji intact past JSZip's 16 KB string slices (pack/fragment.ts)", async () => {
    // JSZip encoded a part given as a string in 16 KB slices; a slice ending inside a surrogate pair
    // wrote U+FFFD twice. The fragment now hands JSZip UTF-8 bytes.
    const body = "2 Party 2" + "😀".repeat(20_000);
    const bytes = await buildBytes(library({ id: "s1", body }), assembly([{ snippet: "s1" }]), "fragment");
    const xml = (await readPart(bytes, "word/document.xml"))!;
    expect(xml).not.toContain("\uFFFD");
    expect(xml.match(/😀/gu)?.length).toBe(20_000);
  });

  it("a field named \"\" gets a path of its own, not the file's empty one (errors/problem.ts pathJoin)", () => {
    // pathJoin skipped empty keys, so a problem about the field "" pointed at the whole file.
    const parsed = parseLibrary({ format: "sectionsmith/library@1", snippets: [], "": 1 });
    expect(parsed.problems.map((p) => [p.code, p.path])).toEqual([["FIELD_UNKNOWN", '[""]']]);
    expect(pathJoin("values", "")).toBe('values[""]');
    expect(pathJoin("", "a b", 2, "c")).toBe('["a b"][2].c');
    expect(pathJoin("sections[2]", "values", "term")).toBe("sections[2].values.term");
  });

  it("a drafting note around a footnote's text ends where it started, not in footnotes.xml (render/section.ts)", async () => {
    // The note's end sentinel landed in the footnote definition: <w:commentRangeStart> in
    // document.xml, its <w:commentRangeEnd> in footnotes.xml — a broken comment.
    const body = '{{#note "check"}}text[^n1]\n\n[^n1]: the footnote\n\n{{/note}}';
    const bytes = await buildBytes(library({ id: "s1", body }), assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
    const documentXml = (await readPart(bytes, "word/document.xml"))!;
    const footnotes = (await readPart(bytes, "word/footnotes.xml"))!;
    expect(documentXml).toMatch(/<w:commentRangeStart w:id="0"\/>[\s\S]*<w:commentRangeEnd w:id="0"\/>/);
    expect(footnotes).not.toContain("commentRange");
    // A note wholly inside a footnote: LibreOffice cannot load a file with a comment range in
    // footnotes.xml (issue 14), so its comment goes round the footnote's reference in document.xml.
    const inside = await buildBytes(
      library({ id: "s1", body: 'a[^1]\n\n[^1]: x {{#note "n"}}inside{{/note}} y' }),
      assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }),
    );
    expect(await readPart(inside, "word/footnotes.xml")).not.toContain("comment");
    expect(await readPart(inside, "word/document.xml")).toMatch(/<w:commentRangeStart w:id="0"\/>[\s\S]*<w:footnoteReference w:id="1"\/>[\s\S]*<w:commentRangeEnd w:id="0"\/>/);
  });

  it("a {{#note}} around {{toc}} or {{pagebreak}} leaves no sentinel in the file (render/blocks.ts)", async () => {
    // The note's markers stuck to the sentinel, so the paragraph was no longer "the TOC paragraph" and
    // U+FDD7 was written as text.
    for (const tag of ["toc", "pagebreak"]) {
      const body = `Before\n\n{{#note "the"}}\n\n{{${tag}}}\n\n{{/note}}After`;
      const bytes = await buildBytes(library({ id: "s1", body }), assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
      const xml = (await readPart(bytes, "word/document.xml"))!;
      expectWithMessage(xml, tag).not.toMatch(/[\uFDD0-\uFDEF]/);
      expectWithMessage(xml, tag).toMatch(tag === "toc" ? /TOC \\h/ : /<w:pageBreakBefore\/>/);
      expectWithMessage(await readPart(bytes, "word/comments.xml"), tag).toContain("the");
    }
  });

  it("keys named like Object.prototype's members are plain unknown fields (model/unknown-keys.ts)", async () => {
    // A file's own "__proto__" key (JSON.parse makes it an own property) found Object.prototype in the
    // schema's shape and the unknown-field walk threw a TypeError instead of a FIELD_UNKNOWN warning.
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const lib = JSON.parse(`{"format":"sectionsmith/library@1","name":"L","${key}":1,"snippets":[{"id":"s1","title":"T","body":"Hello","${key}":{"a":1},"variables":[]}]}`);
      const asm = JSON.parse(`{"format":"sectionsmith/assembly@1","${key}":2,"sections":[{"snippet":"s1","${key}":false,"values":{"${key}":"x"}}]}`);
      const result = await exportDocument(lib, asm, { as: "buffer", today: TODAY });
      const warned = result.warnings.filter((p) => p.code === "FIELD_UNKNOWN").map((p) => p.path);
      expectWithMessage(warned, key).toEqual(expect.arrayContaining([pathJoin("", key), pathJoin("sections", 0, key)]));
      const check = await checkDocx(new Uint8Array(result.output));
      expectWithMessage(check.errors, key).toEqual([]);
    }
  });

  it("a variable or list field named __proto__ is refused, not silently emptied (model/schema-library.ts)", async () => {
    // The name pattern allows "__proto__", but JSON readers (zod too) drop that key from values: its
    // value could never arrive. Refused with a coded error naming where.
    const lib = JSON.parse(
      `{"format":"sectionsmith/library@1","name":"L","snippets":[{"id":"s1","title":"T","body":"A {{#each rows}}[{{x}}]{{/each}}",` +
        `"variables":[{"name":"__proto__","type":"text"},{"name":"rows","type":"list","fields":[{"name":"__proto__","type":"text"},{"name":"x","type":"text"}]}]}]}`,
    );
    const problems = parseLibrary(lib).problems.filter((p) => p.code === "VARIABLE_NAME_INVALID").map((p) => p.path);
    expect(problems).toEqual(["snippets[0].variables[0].name", "snippets[0].variables[1].fields[0].name"]);
    // Values keyed "__proto__" for other names are ignored like any unknown value, and the rest still arrive.
    const ok = JSON.parse(`{"format":"sectionsmith/library@1","name":"L","snippets":[{"id":"s1","title":"T","body":"A {{#each rows}}[{{x}}]{{/each}}","variables":[{"name":"rows","type":"list","fields":[{"name":"x","type":"text"}]}]}]}`);
    const asm = JSON.parse(`{"format":"sectionsmith/assembly@1","sections":[{"snippet":"s1","values":{"__proto__":"x","rows":[{"__proto__":"no","x":"one"},{"x":"two"}]}}]}`);
    const xml = (await readPart(await buildBytes(ok, asm), "word/document.xml"))!;
    expect(xml.replace(/<[^>]+>/g, "")).toContain("A [one][two]");
  });
});
