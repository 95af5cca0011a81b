import { describe, expect, it } from "@jest/globals";
import { assembly, build, buildBody, library, paragraphs } from "../support";

// Tables as a drafter expects them in Word: rows never split across pages (<w:cantSplit/>), the
// header row repeats (<w:tblHeader/>), and signature rows and lines leave room to sign.

const rows = (xml: string): string[] => [...xml.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((m) => m[0]);
const rowProps = (row: string): string => /<w:trPr>([\s\S]*?)<\/w:trPr>/.exec(row)?.[1] ?? "";

/** A story's blocks as letters: T a table, P a paragraph with text, E an empty one, [ ] a content control. */
const blockShape = (xml: string, root = "w:body"): string =>
  xml
    .slice(xml.indexOf(`<${root}`), xml.lastIndexOf(`</${root}>`))
    .replace(/^<[^>]*>/, "")
    .replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/, "")
    .replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, "T")
    .replace(/<w:p\b[^>]*\/>|<w:p\b[^>]*>[\s\S]*?<\/w:p>/g, (p) => (p.includes("<w:t") ? "P" : "E"))
    .replace(/<w:sdt>[\s\S]*?<w:sdtContent>/g, "[")
    .replace(/<\/w:sdtContent><\/w:sdt>/g, "]");
const TABLE_A = "| a | b |\n|---|---|\n| 1 | 2 |";
const TABLE_B = "| c | d | e |\n|---|---|---|\n| 3 | 4 | 5 |";

describe("tables", () => {
  it("keeps every row whole on one page and repeats only the header row", async () => {
    const b = await buildBody("| A | B |\n|--|--|\n| 1 | long text<br>over lines |\n| 2 | 3 |");
    const r = rows(b.document);
    expect(r).toHaveLength(3);
    for (const row of r) expect(rowProps(row)).toContain("<w:cantSplit/>");
    expect(rowProps(r[0]!)).toBe("<w:cantSplit/><w:tblHeader/>");
    expect(rowProps(r[1]!)).toBe("<w:cantSplit/>");
    expect(rowProps(r[2]!)).toBe("<w:cantSplit/>");
    // An ordinary table is not held together: no keep-with-next in its cells.
    expect(b.document).not.toContain("<w:keepNext/>");
  });

  it("gives a signature row room to sign, text at the foot of the cell, and keeps the block on one page", async () => {
    const b = await buildBody(
      "| | **Supplier** | **Customer** |\n|:--|:--|:--|\n| Signature | | |\n| Name | Ann Lee | Bo Chen |\n| Date | ________ | |",
    );
    const [header, signature, name, date] = rows(b.document);
    expect(rowProps(signature!)).toBe('<w:cantSplit/><w:trHeight w:val="850" w:hRule="atLeast"/>');
    expect(signature!.match(/<w:vAlign w:val="bottom"\/>/g)).toHaveLength(3);
    // "Name" has values: an ordinary row.
    expect(rowProps(name!)).toBe("<w:cantSplit/>");
    expect(name).not.toContain("w:vAlign");
    // Underscores are a line to write on: also a fill-in row.
    expect(rowProps(date!)).toBe('<w:cantSplit/><w:trHeight w:val="850" w:hRule="atLeast"/>');
    // Kept together: every paragraph of every row but the last keeps with the next.
    for (const row of [header!, signature!, name!]) {
      for (const p of paragraphs(row)) expect(p).toContain("<w:keepNext/>");
    }
    for (const p of paragraphs(date!)) expect(p).not.toContain("<w:keepNext/>");
  });

  it("keeps only a short table together: a long data table with an empty row is not held on one page", async () => {
    const body = (n: number) =>
      `| Item | Value |\n|--|--|\n${Array.from({ length: n }, (_, i) => `| r${i} | ${i} |`).join("\n")}\n| Blank | |`;
    const short = await buildBody(body(8)); // 10 rows with the header
    const long = await buildBody(body(9)); // 11 rows
    expect(short.document).toContain("<w:keepNext/>");
    expect(long.document).not.toContain("<w:keepNext/>");
    // The empty row is tall in both.
    expect(long.document).toContain('<w:trHeight w:val="850" w:hRule="atLeast"/>');
  });

  it("does not treat the header row or a row with a picture as a fill-in row", async () => {
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const b = await buildBody(`| Signature | |\n|--|--|\n| Logo | ![logo](${png}) |`);
    for (const row of rows(b.document)) expect(row).not.toContain("<w:trHeight");
  });

  it("puts space above a paragraph with a signature line, and only there", async () => {
    const b = await buildBody(
      "Signed: ______________________________\n\nName: Ann Lee\n\nDate: ______________________________\n\nA short_line_ here.",
    );
    const ps = paragraphs(b.document);
    expect(ps).toHaveLength(4);
    expect(ps[0]).toContain('<w:spacing w:before="720"/>');
    expect(ps[1]).not.toContain("w:before");
    expect(ps[2]).toContain('<w:spacing w:before="720"/>');
    expect(ps[3]).not.toContain("w:before");
  });

  // Word and LibreOffice read two <w:tbl> with no paragraph between them as one table (WORD_TABLES_ADJACENT,
  // tests/fidelity/adjacent-tables.test.ts): an empty paragraph keeps them apart, wherever they meet.
  it.each([
    ["a blank line", `${TABLE_A}\n\n${TABLE_B}`],
    ["an HTML comment", `${TABLE_A}\n\n<!-- next -->\n\n${TABLE_B}`],
    ["a link definition", `${TABLE_A}\n\n[r]: https://example.com/\n\n${TABLE_B}`],
    ["a block quote's edge", `${TABLE_A}\n\n> ${TABLE_B.replace(/\n/g, "\n> ")}`],
  ])("keeps two tables separated only by %s apart with an empty paragraph", async (_, body) => {
    // The final E: a standalone body ends with a paragraph after a final table, as Word writes it.
    expect(blockShape((await buildBody(body)).document)).toBe("TETE");
  });

  it("adds no paragraph where one already separates two tables", async () => {
    expect(blockShape((await buildBody(`${TABLE_A}\n\nBetween.\n\n${TABLE_B}`)).document)).toBe("TPTE");
  });

  // Like a final table, a final block content control (the table of contents) is followed by an empty
  // paragraph in a standalone body, so the body's last mark is outside the control: a redline can then
  // insert or delete the control whole. A fragment gets no second one (it lands in the user's document).
  it("ends a standalone body that ends with a table of contents with an empty paragraph after it", async () => {
    expect(blockShape((await buildBody("Lead.\n\n{{toc}}")).document)).toBe("P[EE]E");
    expect(blockShape((await buildBody("{{toc}}\n\nAfter.")).document)).toBe("[EE]P");
    const lib = library({ id: "s1", body: "Lead.\n\n{{toc}}" });
    const fragment = await build(lib, assembly([{ snippet: "s1" }]), { shape: "fragment" });
    expect(blockShape(fragment.document)).toBe("[P[EE]]E");
  });

  it("keeps apart tables that meet at a section boundary, between the fragment's content controls", async () => {
    const lib = library(
      { id: "s1", body: `Lead.\n\n${TABLE_A}` },
      { id: "s2", body: `${TABLE_B}\n\nAfter.` },
    );
    const asm = assembly([{ snippet: "s1" }, { snippet: "s2" }]);
    expect(blockShape((await build(lib, asm)).document)).toBe("PTETP");
    expect(blockShape((await build(lib, asm, { shape: "fragment" })).document)).toBe("[PT]E[TP]E");
  });

  it("keeps apart the tables of a header", async () => {
    const b = await build(
      library({ id: "s1", body: "Body." }),
      assembly([{ snippet: "s1" }], { header: { text: `${TABLE_A}\n\n${TABLE_B}` } }),
    );
    expect(blockShape(await b.part("word/header1.xml"), "w:hdr")).toBe("TET");
  });
});
