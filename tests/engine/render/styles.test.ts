import { describe, expect, it } from "@jest/globals";
import { assembly, build, buildBody, library, paragraphs } from "../support";
import JSZip from "jszip";
import { pruneStyles, toFragment } from "../../../src/engine/pack/fragment";
import { expectWithMessage } from "../../support/expect-message";

const styleTags = (styles: string): string[] => [...styles.matchAll(/<w:style [^>]*>/g)].map((m) => m[0]);
const styleIds = (styles: string): string[] =>
  [...styles.matchAll(/<w:style [^>]*w:styleId="([^"]+)"/g)].map((m) => m[1]!);

describe("headings keep with the next paragraph", () => {
  it("on the paragraph itself as well as in the style, so a host's Heading style cannot lose it", async () => {
    const b = await buildBody("# One\n\nText\n\n### Three\n\nMore", { section: { headingOffset: 1 } });
    const [h2, text, h4, more] = paragraphs(b.document);
    expect(h2).toMatch(/<w:pPr><w:pStyle w:val="Heading2"\/><w:keepNext\/>/);
    expect(h4).toMatch(/<w:pPr><w:pStyle w:val="Heading4"\/><w:keepNext\/>/);
    for (const p of [text, more]) expect(p).not.toContain("<w:keepNext/>");
    const styles = await b.part("word/styles.xml");
    for (let level = 1; level <= 9; level++) {
      expect(styles).toMatch(
        new RegExp(`w:styleId="Heading${level}">[\\s\\S]*?<w:pPr><w:keepNext/><w:keepLines/>`),
      );
    }
  });
});

describe("styles.xml as Word writes it", () => {
  it("marks Default Paragraph Font as the default character style, in documents and fragments", async () => {
    for (const shape of ["document", "fragment"] as const) {
      const b = await build(library({ id: "s1", body: "Text" }), assembly([{ snippet: "s1" }]), { shape });
      const tags = styleTags(await b.part("word/styles.xml"));
      expect(tags).toContain('<w:style w:type="character" w:styleId="DefaultParagraphFont" w:default="1">');
      // one default per style type
      const defaults = tags.filter((t) => /w:default="(1|true)"/.test(t));
      const types = defaults.map((t) => /w:type="(\w+)"/.exec(t)![1]);
      expect(new Set(types).size).toBe(types.length);
    }
  });

  it("has no note text styles when there are no notes, and has them when there are", async () => {
    const none = await buildBody("Text without notes");
    const noneIds = styleIds(await none.part("word/styles.xml"));
    for (const id of ["FootnoteText", "FootnoteTextChar", "EndnoteText", "EndnoteTextChar"]) {
      expect(noneIds).not.toContain(id);
    }
    const some = await buildBody("Text[^1]\n\n[^1]: A note.");
    const someIds = styleIds(await some.part("word/styles.xml"));
    expect(someIds).toEqual(
      expect.arrayContaining(["FootnoteText", "FootnoteTextChar", "FootnoteReference"]),
    );
    expect(someIds).not.toContain("EndnoteText"); // we never write endnotes
  });

  it("does not write docx's Strong paragraph style (Word's Strong is a character style)", async () => {
    const b = await buildBody("**Bold** text");
    expect(styleIds(await b.part("word/styles.xml"))).not.toContain("Strong");
  });

  it("a fragment carries only styles some part names, their bases and the defaults", async () => {
    const b = await build(library({ id: "s1", body: "# Heading\n\nText" }), assembly([{ snippet: "s1" }]), {
      shape: "fragment",
    });
    const styles = await b.part("word/styles.xml");
    const parts = await Promise.all(
      ["word/document.xml", "word/footnotes.xml", "word/endnotes.xml", "word/numbering.xml"]
        .filter((n) => b.has(n))
        .map((n) => b.part(n)),
    );
    const named = new Set(
      parts.flatMap((x) =>
        [...x.matchAll(/<w:(?:pStyle|rStyle|tblStyle) w:val="([^"]+)"/g)].map((m) => m[1]!),
      ),
    );
    const bases = new Set(
      [...styles.matchAll(/<w:(?:basedOn|link|next) w:val="([^"]+)"/g)].map((m) => m[1]!),
    );
    for (const tag of styleTags(styles)) {
      const id = /w:styleId="([^"]+)"/.exec(tag)![1]!;
      expectWithMessage(named.has(id) || bases.has(id) || /w:default="(1|true)"/.test(tag), `${id} is not used`).toBe(
        true,
      );
    }
    expect(styleIds(styles)).not.toContain("FootnoteText");
    expect(styleIds(styles)).not.toContain("EndnoteText");
  });

  it("a fragment without notes drops the note reference styles once the separators are Word's shape", async () => {
    // Word's separator notes: one paragraph with one <w:separator/> (or continuation) run, no style.
    // docx 9.15 still names FootnoteReference/EndnoteReference there (being fixed separately); with
    // Word's shape, nothing names them and the fragment must not carry them.
    const doc = await build(library({ id: "s1", body: "Text" }), assembly([{ snippet: "s1" }]));
    const zip = await JSZip.loadAsync(doc.bytes);
    for (const part of ["word/footnotes.xml", "word/endnotes.xml"]) {
      const xml = await zip.file(part)!.async("string");
      zip.file(
        part,
        xml.replace(
          /<w:p>[\s\S]*?<w:(separator|continuationSeparator)\/>[\s\S]*?<\/w:p>/g,
          "<w:p><w:r><w:$1/></w:r></w:p>",
        ),
      );
    }
    const fragment = await toFragment(await zip.generateAsync({ type: "uint8array" }));
    const styles = await (await JSZip.loadAsync(fragment)).file("word/styles.xml")!.async("string");
    const ids = styleIds(styles);
    for (const id of ["FootnoteReference", "EndnoteReference", "FootnoteText", "EndnoteText"])
      expect(ids).not.toContain(id);
    expect(ids).toContain("DefaultParagraphFont");
  });

  it("pruneStyles drops note reference styles once nothing names them", () => {
    const xml =
      '<w:styles><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
      '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/></w:style>' +
      '<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:basedOn w:val="DefaultParagraphFont"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/></w:style></w:styles>';
    expect(styleIds(pruneStyles(xml, new Set(["Heading1"])))).toEqual([
      "Normal",
      "DefaultParagraphFont",
      "Heading1",
    ]);
    expect(styleIds(pruneStyles(xml, new Set(["FootnoteReference"])))).toEqual([
      "Normal",
      "DefaultParagraphFont",
      "FootnoteReference",
    ]);
  });
});
