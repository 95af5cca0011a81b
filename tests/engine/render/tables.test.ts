import { describe, expect, it } from "@jest/globals";
import { buildBody, paragraphs } from "../support";

// Tables as a drafter expects them in Word: rows never split across pages (<w:cantSplit/>), the
// header row repeats (<w:tblHeader/>), and signature rows and lines leave room to sign.

const rows = (xml: string): string[] => [...xml.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((m) => m[0]);
const rowProps = (row: string): string => /<w:trPr>([\s\S]*?)<\/w:trPr>/.exec(row)?.[1] ?? "";

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
});
