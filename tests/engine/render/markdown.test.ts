import { describe, expect, it } from "@jest/globals";
import { bodyText, buildBody, library, assembly, paragraphs, problemsOf } from "../support";

// Each Markdown construct of the contract → the OOXML it must produce (checked by schema first).

const PNG_1x1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("Markdown → Word", () => {
  it("maps headings to built-in Heading styles, shifted by headingOffset and capped at 9", async () => {
    const body = "# One\n\n## Two\n\n###### Six";
    const plain = await buildBody(body);
    expect(plain.document).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*One/);
    expect(plain.document).toContain('<w:pStyle w:val="Heading2"/>');
    expect(plain.document).toContain('<w:pStyle w:val="Heading6"/>');
    const shifted = await buildBody(body, { section: { headingOffset: 5 } });
    expect(shifted.document).toContain('<w:pStyle w:val="Heading6"/>');
    expect(shifted.document).toContain('<w:pStyle w:val="Heading7"/>');
    expect(shifted.document).toContain('<w:pStyle w:val="Heading9"/>'); // 6 + 5 capped at 9
    expect(shifted.document).not.toContain("Heading1");
    const styles = await shifted.part("word/styles.xml");
    expect(styles).toContain('w:styleId="Heading9"');
    expect(styles).toMatch(/w:styleId="Heading7"[\s\S]*?<w:name w:val="heading 7"\/>/);
  });

  it("formats bold, italic, strike, code, underline, superscript, subscript and highlight", async () => {
    const b = await buildBody("**b** *i* ~~s~~ `c` <u>u</u> x<sup>2</sup> H<sub>2</sub>O <mark>m</mark>");
    const run = (text: string) => {
      const m = new RegExp(`<w:r>(<w:rPr>[\\s\\S]*?</w:rPr>)<w:t[^>]*>${text}</w:t>`).exec(b.document);
      if (!m) throw new Error(`no formatted run for ${text}`);
      return m[1]!;
    };
    expect(run("b")).toContain("<w:b/>");
    expect(run("i")).toContain("<w:i/>");
    expect(run("s")).toContain("<w:strike/>");
    expect(run("c")).toContain('<w:rStyle w:val="HTMLCode"/>');
    expect(run("u")).toContain('<w:u w:val="single"/>');
    expect(run("2")).toContain('<w:vertAlign w:val="superscript"/>');
    expect(b.document).toContain('<w:vertAlign w:val="subscript"/>');
    expect(run("m")).toContain('<w:highlight w:val="yellow"/>');
    expect(await b.part("word/styles.xml")).toContain('w:styleId="HTMLCode"');
  });

  it("keeps hard line breaks inside a paragraph", async () => {
    const b = await buildBody("first  \nsecond\\\nthird");
    const [p] = paragraphs(b.document);
    expect(p!.match(/<w:br\/>/g)).toHaveLength(2);
    expect(bodyText(p!)).toBe("firstsecondthird");
  });

  it("writes http, https and mailto links as hyperlinks with external relationships", async () => {
    const b = await buildBody(
      "[site](https://contoso.example/terms) [old](http://x.example) [mail](mailto:legal@contoso.example)",
    );
    expect(b.document.match(/<w:hyperlink /g)).toHaveLength(3);
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels).toContain('Target="https://contoso.example/terms" TargetMode="External"');
    expect(rels).toContain('Target="mailto:legal@contoso.example"');
    expect(b.document).toContain('<w:rStyle w:val="Hyperlink"/>');
  });

  it("rejects other link schemes with the line and column in the body", async () => {
    const problems = await problemsOf(
      library({
        id: "s1",
        body: "Intro\n\nSee [terms](javascript:alert(1)) and [file](file:///etc/passwd).",
      }),
      assembly([{ snippet: "s1" }]),
    );
    const links = problems.filter((p) => p.code === "MARKDOWN_LINK_SCHEME");
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ path: "snippets[0].body", line: 3, column: 5, severity: "error" });
    expect(links[1]!.column).toBeGreaterThan(30);
  });

  it("nests bullet and ordered lists with levels, and keeps an ordered list's start number", async () => {
    const b = await buildBody("- a\n  - b\n    - c\n\n3. three\n4. four\n   1. inner");
    const levels = [...b.document.matchAll(/<w:ilvl w:val="(\d)"\/>/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([0, 1, 2, 0, 0, 1]);
    const numbering = await b.part("word/numbering.xml");
    expect(numbering).toContain('<w:startOverride w:val="3"/>');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(b.document).toContain('<w:pStyle w:val="ListParagraph"/>');
    // A nested list is a deeper level of its parent's <w:num> (issue 10): one instance for the bullets,
    // one for the ordered list and its nested list.
    const numIds = [...b.document.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(new Set(numIds).size).toBe(2);
    expect(numIds[5]).toBe(numIds[4]);
  });

  it("turns GFM tables into Word tables with a repeating header row and column alignment", async () => {
    const b = await buildBody("| Item | Qty | Price |\n|:---|:---:|---:|\n| Desk | 2 | €10 |\n| Chair | 4 |");
    expect(b.document).toContain("<w:tbl>");
    expect(b.document.match(/<w:tr>/g)).toHaveLength(3);
    // Only the first row repeats; every row is kept whole on one page (tables.test.ts).
    expect(b.document.match(/<w:tblHeader\/>/g)).toHaveLength(1);
    expect(b.document).toMatch(/<w:tr><w:trPr><w:cantSplit\/><w:tblHeader\/><\/w:trPr><w:tc>[\s\S]*?Item/);
    expect(b.document).toContain('<w:jc w:val="center"/>');
    expect(b.document).toContain('<w:jc w:val="right"/>');
    // the short row is padded to three cells
    expect(b.document.match(/<w:tc>/g)).toHaveLength(9);
  });

  it("styles block quotes as Quote, fenced code as monospace paragraphs, and --- as a rule", async () => {
    const b = await buildBody("> quoted\n\n```\nline 1\n  line 2\n```\n\n---\n\nafter");
    expect(b.document).toMatch(/<w:pStyle w:val="Quote"\/>[\s\S]*?quoted/);
    const code = paragraphs(b.document).filter((p) => p.includes("HTMLPreformatted"));
    expect(code.map(bodyText)).toEqual(["line 1", "  line 2"]);
    expect(b.document).toMatch(/<w:pBdr><w:bottom w:val="single"/);
  });

  it("turns GFM footnotes into Word footnotes numbered from 1", async () => {
    const b = await buildBody("Claim one.[^a] Claim two.[^b]\n\n[^a]: First source.\n[^b]: Second *source*.");
    expect(b.document).toContain('<w:footnoteReference w:id="1"/>');
    expect(b.document).toContain('<w:footnoteReference w:id="2"/>');
    const notes = await b.part("word/footnotes.xml");
    expect(notes).toMatch(/<w:footnote w:id="1">[\s\S]*First source\./);
    expect(notes).toMatch(/<w:footnote w:id="2">[\s\S]*Second /);
    expect(bodyText(b.document)).not.toContain("First source");
  });

  it("embeds data-URI images with their alt text and rejects any other source", async () => {
    const b = await buildBody(`![Company logo](${PNG_1x1})`);
    expect(b.has("word/media/")).toBe(false);
    expect(b.document).toMatch(/<wp:docPr[^>]*descr="Company logo"/);
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels).toMatch(/Target="media\/[^"]+\.png"/);

    const problems = await problemsOf(
      library({ id: "s1", body: "![a](https://example.com/a.png)\n\n![b](data:image/png;base64,AAAA)" }),
      assembly([{ snippet: "s1" }]),
    );
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ["MARKDOWN_IMAGE_SOURCE", 1],
      ["MARKDOWN_IMAGE_INVALID", 3],
    ]);
  });

  it("rejects raw HTML other than u, sup, sub, mark and br, and unbalanced tags", async () => {
    const problems = await problemsOf(
      library({ id: "s1", body: 'Text <span style="x">red</span>\n\n<u>open only\n\n<div>\nblock\n</div>' }),
      assembly([{ snippet: "s1" }]),
    );
    expect(problems.map((p) => p.code).sort()).toEqual(
      ["MARKDOWN_HTML", "MARKDOWN_HTML", "MARKDOWN_HTML", "MARKDOWN_HTML_UNBALANCED"].sort(),
    );
    expect(problems.find((p) => p.code === "MARKDOWN_HTML_UNBALANCED")).toMatchObject({ line: 3, column: 1 });
  });

  it("accepts <br> as a line break (an extension the docs describe)", async () => {
    const b = await buildBody("| a |\n|---|\n| one<br>two |");
    expect(b.document).toMatch(/one<\/w:t><\/w:r><w:r><w:br\/><\/w:r><w:r><w:t[^>]*>two/);
  });
});
