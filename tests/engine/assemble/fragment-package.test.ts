// One Insert, one package (issue 12): every section of the outline in one fragment, each in its own
// block-level content control; numbering, footnotes and comments numbered once; a geometry that fits
// any host page; a final paragraph for Word to drop; bookmark names of this build only.

import { describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../../src/engine";
import { uniqueBookmarks } from "../../../src/engine/pack/fragment";
import { png as wholePng } from "../limits/helpers";
import { assembly, build, library, TODAY } from "../support";

const lib = library(
  { id: "terms", version: 3, title: "Term & renewal", body: "Intro.\n\n1. one\n2. two\n3. three" },
  { id: "ends", title: "Termination", body: "1. four\n2. five\n3. six[^n]\n\n[^n]: A note." },
  {
    id: "fees",
    title: "Fees",
    body: "| Item | Price |\n| --- | --- |\n| A | 1 |\n\nSee the note.[^m]\n\n[^m]: Another.",
  },
  { id: "toc", title: "Contents", body: "{{toc}}\n\n# First\n\nText." },
);
const outline = assembly([
  { snippet: "terms" },
  { snippet: "ends", numbering: "continue" },
  { snippet: "fees" },
]);

const blocks = (xml: string) => {
  const body = /<w:body>([\s\S]*)<\/w:body>/.exec(xml)![1]!;
  // top-level children of w:body: a content control never nests here, paragraphs never contain one
  return [
    ...body.matchAll(/<w:sdt>[\s\S]*?<\/w:sdt>(?=<w:sdt>|<w:p\b|<w:tbl>|$)|<w:p\b[\s\S]*?<\/w:p>|<w:p\/>/g),
  ].map((m) => m[0]);
};

describe("one package per Insert", () => {
  it("wraps each section in a block-level content control tagged sectionsmith:<id>@<version>, titled with the snippet", async () => {
    const frag = await build(lib, outline, { shape: "fragment" });
    const sdts = [...frag.document.matchAll(/<w:sdt>([\s\S]*?)<\/w:sdt>/g)].map((m) => m[1]!);
    expect(sdts).toHaveLength(3);
    const props = sdts.map((x) => /<w:sdtPr>([\s\S]*?)<\/w:sdtPr>/.exec(x)![1]!);
    expect(props.map((p) => /<w:tag w:val="([^"]+)"/.exec(p)![1])).toEqual([
      "sectionsmith:terms@3",
      "sectionsmith:ends@1",
      "sectionsmith:fees@1",
    ]);
    expect(props[0]).toContain('<w:alias w:val="Term &amp; renewal"/>');
    // CT_SdtPr order: alias, tag, id
    expect(props[0]).toMatch(/^<w:alias [^>]*\/><w:tag [^>]*\/><w:id w:val="-?\d+"\/>$/);
    const ids = props.map((p) => /<w:id w:val="(-?\d+)"/.exec(p)![1]);
    expect(new Set(ids).size).toBe(3);
    // Block level: the control holds whole paragraphs and tables, never sits inside a paragraph.
    for (const sdt of sdts) expect(sdt).toMatch(/<w:sdtContent><w:(p|tbl)\b/);
    expect(frag.document).not.toMatch(/<w:p\b(?:(?!<\/w:p>)[\s\S])*<w:sdt>/);
    expect(sdts[0]).toContain(">one<");
    expect(sdts[0]).not.toContain(">four<");
    expect(sdts[2]).toContain("<w:tbl>");
  });

  it("numbers lists, footnotes and comments once across the sections: continue goes on in the same list", async () => {
    const frag = await build(lib, outline, { shape: "fragment" });
    const numIdOf = (text: string) => {
      const p = frag.document.split("</w:p>").find((x) => x.includes(`>${text}<`))!;
      return /<w:numId w:val="(\d+)"\/>/.exec(p)![1];
    };
    expect(numIdOf("four")).toBe(numIdOf("one"));
    expect(numIdOf("six")).toBe(numIdOf("three"));
    // two footnotes, in two sections, numbered 1 and 2 in one part
    const refs = [...frag.document.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => m[1]);
    expect(refs).toEqual(["1", "2"]);
  });

  it("can leave the controls out (a piece that replaces an existing control's content)", async () => {
    const r = await exportDocument(lib, outline, {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
      contentControls: false,
    });
    const JSZip = (await import("jszip")).default;
    const doc = await (await JSZip.loadAsync(r.output)).file("word/document.xml")!.async("string");
    expect(doc).not.toContain("<w:sdt>");
    expect(doc).toContain(">four<");
  });

  it("a whole document has no section controls", async () => {
    const full = await build(lib, outline);
    expect(full.document).not.toContain("<w:sdt>");
  });
});

describe("carrying the count across a split", () => {
  it("reports where the counting stands, and a next package starts there with explicit start values", async () => {
    const first = await exportDocument(lib, assembly([{ snippet: "terms" }]), {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
    });
    expect(first.carry).toEqual({ ordered: { family: "ordered", next: 4 } });
    const second = await exportDocument(lib, assembly([{ snippet: "ends", numbering: "continue" }]), {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
      carry: first.carry,
    });
    const JSZip = (await import("jszip")).default;
    const numbering = await (
      await JSZip.loadAsync(second.output)
    )
      .file("word/numbering.xml")!
      .async("string");
    expect(numbering).toMatch(/<w:lvl w:ilvl="0"[^>]*><w:start w:val="4"\/>/);
    expect(second.carry).toEqual({ ordered: { family: "ordered", next: 7 } });
    // without "continue" the carry is not used: the list starts at 1
    const restart = await exportDocument(lib, assembly([{ snippet: "ends" }]), {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
      carry: first.carry,
    });
    const plain = await (await JSZip.loadAsync(restart.output)).file("word/numbering.xml")!.async("string");
    expect(plain).not.toMatch(/<w:start w:val="4"\/>/);
  });

  it("carries legal clause numbers: the next package's first heading goes on from the count", async () => {
    const legal = library(
      { id: "a", body: "# One\n\nText.\n\n# Two\n\nText." },
      { id: "b", body: "# Three\n\nText." },
    );
    const opts = { options: { headingNumbering: "legal" } };
    const first = await exportDocument(legal, assembly([{ snippet: "a" }], opts), {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
    });
    expect(first.carry).toEqual({ headings: 2 });
    const second = await build(legal, assembly([{ snippet: "b" }], opts), { shape: "fragment" });
    expect(await second.part("word/numbering.xml")).not.toContain("w:startOverride");
    const next = await exportDocument(legal, assembly([{ snippet: "b" }], opts), {
      as: "buffer",
      today: TODAY,
      shape: "fragment",
      carry: first.carry,
    });
    const JSZip = (await import("jszip")).default;
    const numbering = await (await JSZip.loadAsync(next.output)).file("word/numbering.xml")!.async("string");
    expect(numbering).toMatch(/<w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"\/><\/w:lvlOverride>/);
  });
});

describe("fragment geometry", () => {
  it("sizes tables as a share of the host's text width (pct), not in the assembly's twips", async () => {
    const frag = await build(lib, outline, { shape: "fragment" });
    expect(frag.document).toContain('<w:tblW w:type="pct" w:w="5000"/>');
    expect(frag.document.match(/<w:tcW w:type="pct" w:w="2500"\/>/g)).toHaveLength(4);
    expect(frag.document).not.toMatch(/<w:tblW [^>]*w:type="dxa"/);
    const full = await build(lib, outline);
    expect(full.document).toMatch(/<w:tblW w:type="dxa"/);
  });

  it("ends with a plain empty paragraph after the last section, so the last real one keeps its number", async () => {
    const frag = await build(lib, assembly([{ snippet: "terms" }, { snippet: "ends" }]), {
      shape: "fragment",
    });
    const top = blocks(frag.document);
    expect(top.at(-1)).toMatch(/^<w:p\/>$|^<w:p>(<w:pPr><\/w:pPr>)?<\/w:p>$/);
    expect(top.at(-2)).toMatch(/^<w:sdt>/);
    expect(top.at(-2)).toContain(">six<");
  });

  it("names bookmarks for this build only, within Word's 40 characters, links and fields renamed alike", async () => {
    const asm = assembly([{ snippet: "toc" }]);
    const a = await build(lib, asm, { shape: "fragment" });
    const b = await build(lib, asm, { shape: "fragment" });
    const names = (xml: string) =>
      [...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]!);
    const tocNames = names(a.document).filter((n) => n.startsWith("_Toc"));
    expect(tocNames.length).toBeGreaterThan(0);
    for (const name of tocNames) {
      expect(name).toMatch(/^_Toc\d+_[0-9a-z]+$/);
      expect(name.length).toBeLessThanOrEqual(40);
      expect(a.document).toContain(`w:anchor="${name}"`);
    }
    // The rest: the section's heading bookmark, which a fragment always writes (a later Insert's
    // references can point at it: cross-refs.ts), with the same suffix.
    const suffix = tocNames[0]!.slice(tocNames[0]!.lastIndexOf("_"));
    for (const name of names(a.document).filter((n) => !n.startsWith("_Toc")))
      expect(name).toBe(`_Ref_toc${suffix}`);
    expect(names(a.document).filter((n) => names(b.document).includes(n))).toEqual([]);
    // The table of contents is marked for update (Word fills in page numbers).
    expect(a.document).toMatch(/<w:fldChar w:fldCharType="begin" w:dirty="true"\/>/);
  });

  it("uniqueBookmarks renames definitions, anchors and PAGEREF fields, and leaves other names alone", () => {
    const xml =
      '<w:bookmarkStart w:id="1" w:name="_Toc1"/><w:hyperlink w:anchor="_Toc1"/><w:hyperlink w:anchor="elsewhere"/>' +
      '<w:instrText xml:space="preserve"> PAGEREF _Toc1 \\h </w:instrText>';
    const out = uniqueBookmarks(xml, 35);
    expect(out).toBe(
      '<w:bookmarkStart w:id="1" w:name="_Toc1_z"/><w:hyperlink w:anchor="_Toc1_z"/><w:hyperlink w:anchor="elsewhere"/>' +
        '<w:instrText xml:space="preserve"> PAGEREF _Toc1_z \\h </w:instrText>',
    );
    const long = `_${"x".repeat(39)}`;
    const renamed = /w:name="([^"]+)"/.exec(
      uniqueBookmarks(`<w:bookmarkStart w:id="1" w:name="${long}"/>`, 0xffffffff),
    )![1]!;
    expect(renamed.length).toBe(40);
  });
});

describe("pictures in a fragment", () => {
  it("are capped to 6 in (8,640 twips), narrower than the assembly's A4 text width; a document keeps its width", async () => {
    // a whole PNG of 3,000 × 300 pixels (its size is read from the header)
    const png = wholePng(3000, 300);
    const body = `![wide](data:image/png;base64,${Buffer.from(png).toString("base64")})`;
    const pictures = library({ id: "p", body });
    const asm = assembly([{ snippet: "p" }], {
      page: { size: "A4", margins: { left: "15mm", right: "15mm" } },
    });
    const widthEmu = (xml: string) => Number(/<wp:extent cx="(\d+)"/.exec(xml)![1]);
    const frag = await build(pictures, asm, { shape: "fragment" });
    const full = await build(pictures, asm);
    expect(widthEmu(frag.document)).toBeLessThanOrEqual(8640 * 635); // 635 EMU per twip
    expect(widthEmu(full.document)).toBeGreaterThan(8640 * 635);
  });
});
