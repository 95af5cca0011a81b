import { describe, expect, it } from "@jest/globals";
import { assembly, build, library } from "../support";

describe("insertable fragment", () => {
  const lib = library(
    { id: "s1", body: "# Heading\n\n> A quote\n\n- item\n\nSee [x](https://x.example).[^n]\n\n[^n]: Note." },
    { id: "head", kind: "header", body: "Letterhead" },
  );
  const asm = assembly([{ snippet: "s1" }], {
    header: { snippet: "head" },
    footer: { text: "Page {{page}}" },
  });

  it("has no section properties, headers or footers, and only the styles it uses", async () => {
    const full = await build(lib, asm);
    const frag = await build(lib, asm, { shape: "fragment" });
    expect(full.document).toContain("<w:sectPr>");
    expect(frag.document).not.toContain("<w:sectPr");
    expect(frag.has("word/header1.xml")).toBe(false);
    expect(frag.has("word/footer1.xml")).toBe(false);

    const styleIds = (xml: string) =>
      [...xml.matchAll(/<w:style [^>]*w:styleId="([^"]+)"/g)].map((m) => m[1]!);
    const fullStyles = styleIds(await full.part("word/styles.xml"));
    const fragStyles = styleIds(await frag.part("word/styles.xml"));
    for (const used of [
      "Heading1",
      "Quote",
      "ListParagraph",
      "Hyperlink",
      "FootnoteText",
      "FootnoteReference",
      "Normal",
    ]) {
      expect(fragStyles).toContain(used);
    }
    for (const unused of ["Title", "Heading2", "Heading9", "HTMLPreformatted", "TOC1", "Caption"]) {
      expect(fullStyles).toContain(unused);
      expect(fragStyles).not.toContain(unused);
    }
    // same content, and one plain paragraph more at the end: the one whose mark Word drops on insert
    expect(frag.document.match(/<w:p\b/g)?.length).toBe(full.document.match(/<w:p\b/g)!.length + 1);
  });
});
