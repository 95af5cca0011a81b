import { describe, expect, it } from "vitest";
import { exportDocument, parseLibrary, pathJoin } from "../../src/engine";
import { readPart } from "../support/docx-zip";
import { assembly, library, TODAY } from "../engine/support";
import { checkDocx } from "../support/ooxml-check";

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
    // A note wholly inside a footnote keeps its range there.
    const inside = await buildBytes(
      library({ id: "s1", body: 'a[^1]\n\n[^1]: x {{#note "n"}}inside{{/note}} y' }),
      assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }),
    );
    expect(await readPart(inside, "word/footnotes.xml")).toMatch(/<w:commentRangeStart w:id="0"\/>[\s\S]*<w:commentRangeEnd w:id="0"\/>/);
  });

  it("a {{#note}} around {{toc}} or {{pagebreak}} leaves no sentinel in the file (render/blocks.ts)", async () => {
    // The note's markers stuck to the sentinel, so the paragraph was no longer "the TOC paragraph" and
    // U+FDD7 was written as text.
    for (const tag of ["toc", "pagebreak"]) {
      const body = `Before\n\n{{#note "the"}}\n\n{{${tag}}}\n\n{{/note}}After`;
      const bytes = await buildBytes(library({ id: "s1", body }), assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
      const xml = (await readPart(bytes, "word/document.xml"))!;
      expect(xml, tag).not.toMatch(/[\uFDD0-\uFDEF]/);
      expect(xml, tag).toMatch(tag === "toc" ? /TOC \\h/ : /<w:pageBreakBefore\/>/);
      expect(await readPart(bytes, "word/comments.xml"), tag).toContain("the");
    }
  });
});
