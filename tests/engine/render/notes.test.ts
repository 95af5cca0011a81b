import { describe, expect, it } from "@jest/globals";
import { Document, Paragraph } from "docx";
import { useWordNoteSeparators } from "../../../src/engine/render/notes";
import { packRawDocx, readPart } from "../../support/docx-zip";
import { assembly, build, buildBody, library, problemsOf } from "../support";

// Footnotes and endnotes as Word writes them: separators without a note reference or style
// (render/notes.ts), and one reference per footnote. Every build here also passes the Word rules check.

const separator = (tag: string, type: string, id: number, mark: string) =>
  `<w:${tag} w:type="${type}" w:id="${id}"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>` +
  `<w:r><w:${mark}/></w:r></w:p></w:${tag}>`;

const SEPARATORS = {
  "word/footnotes.xml": [
    separator("footnote", "separator", -1, "separator"),
    separator("footnote", "continuationSeparator", 0, "continuationSeparator"),
  ],
  "word/endnotes.xml": [
    separator("endnote", "separator", -1, "separator"),
    separator("endnote", "continuationSeparator", 0, "continuationSeparator"),
  ],
};

describe("note separators", () => {
  it.each(["document", "fragment"] as const)(
    "are Word's shape in a %s, before the content notes",
    async (shape) => {
      const b = await build(
        library({ id: "s1", body: "Claim.[^a]\n\n[^a]: Source." }),
        assembly([{ snippet: "s1" }]),
        { shape },
      );
      for (const [part, expected] of Object.entries(SEPARATORS)) {
        const xml = await b.part(part);
        expect(xml).toContain(expected.join(""));
        const separators = xml
          .split(/(?=<w:(?:foot|end)note )/)
          .filter((n) => /w:type="(separator|continuationSeparator)"/.test(n));
        expect(separators).toHaveLength(2);
        for (const n of separators) expect(n).not.toMatch(/footnoteRef|endnoteRef|rStyle/);
      }
      // The content note keeps its reference mark, styled.
      expect(await b.part("word/footnotes.xml")).toMatch(
        /<w:footnote w:id="1"><w:p>[\s\S]*<w:rStyle w:val="FootnoteReference"\/><\/w:rPr><w:footnoteRef\/>[\s\S]*Source\./,
      );
    },
  );

  it("replaces docx's own separators, which carry a footnoteRef run", async () => {
    const make = () => new Document({ sections: [{ children: [new Paragraph("x")] }] });
    const raw = await readPart(await packRawDocx(make()), "word/footnotes.xml");
    expect(raw).toMatch(/<w:footnote w:type="separator" w:id="-1">[\s\S]*?<w:footnoteRef\/>/);
    const { Packer } = await import("docx");
    const fixed = await readPart(
      await Packer.pack(useWordNoteSeparators(make()), "uint8array"),
      "word/footnotes.xml",
    );
    expect(fixed).toContain(SEPARATORS["word/footnotes.xml"].join(""));
    expect(fixed).not.toContain("footnoteRef");
  });
});

describe("footnote references", () => {
  it("give a label referenced twice a second note with the same content, each referenced once", async () => {
    const b = await buildBody("One.[^a] Two.[^b] Three.[^a]\n\n[^a]: Same *source*.\n[^b]: Other.");
    const refs = [...b.document.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => m[1]);
    expect(refs).toEqual(["1", "2", "3"]);
    const notes = await b.part("word/footnotes.xml");
    expect(notes).toMatch(/<w:footnote w:id="1">[\s\S]*?Same [\s\S]*?source[\s\S]*?<\/w:footnote>/);
    expect(notes).toMatch(/<w:footnote w:id="2">[\s\S]*?Other\.[\s\S]*?<\/w:footnote>/);
    expect(notes).toMatch(/<w:footnote w:id="3">[\s\S]*?Same [\s\S]*?source[\s\S]*?<\/w:footnote>/);
  });

  it("report a note's problems once, however often it is referenced", async () => {
    const problems = await problemsOf(
      library({ id: "s1", body: "A.[^a] B.[^a]\n\n[^a]: Has <blink>raw</blink> HTML." }),
      assembly([{ snippet: "s1" }]),
    );
    // <blink> and </blink>, each once, though the note is written twice.
    expect(problems.filter((p) => p.code === "MARKDOWN_HTML")).toHaveLength(2);
  });

  it("refuse a note referencing itself or another note, at each reference (issue 14: no notes within notes)", async () => {
    const problems = await problemsOf(
      library({ id: "s1", body: "A.[^a] B.[^b]\n\n[^a]: See [^a] and [^b].\n[^b]: Back to [^a]." }),
      assembly([{ snippet: "s1" }]),
    );
    const places = problems.filter((p) => p.code === "MARKDOWN_FOOTNOTE_PLACE");
    // a → a and a → b inside note a; b → a inside note b: three references, three problems, each placed.
    expect(places.map((p) => `${p.path}:${p.line}:${p.column}`)).toEqual([
      "snippets[0].body:3:11",
      "snippets[0].body:3:20",
      "snippets[0].body:4:15",
    ]);
  });
});
