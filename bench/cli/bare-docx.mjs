// The CLI bench's baseline (bench/cli/run.ts): a bare script that imports docx, builds a document the size
// of the contract example (its paragraphs, a table, a footnote, a numbered list) and writes the .docx —
// what any Node program that makes such a file with docx costs, as a whole process.
//   node bench/cli/bare-docx.mjs OUT.docx PARAGRAPHS
/* global process */
import { writeFileSync } from "node:fs";
import { Document, FootnoteReferenceRun, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun, HeadingLevel } from "docx";

const [out = "out/bare.docx", count = "119"] = process.argv.slice(2);
const n = Number(count);
const text = "The Supplier shall provide the Services with reasonable skill and care, in accordance with good industry practice and the terms of this Agreement.";
const children = [];
for (let i = 0; i < n; i++) {
  if (i % 12 === 0) children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`Clause ${i / 12 + 1}`)] }));
  else if (i % 12 < 4) children.push(new Paragraph({ numbering: { reference: "list", level: 0 }, children: [new TextRun(text)] }));
  else children.push(new Paragraph({ children: [new TextRun(text), new TextRun({ text: " Bold words.", bold: true }), ...(i === 5 ? [new FootnoteReferenceRun(1)] : [])] }));
}
const cell = (t) => new TableCell({ children: [new Paragraph(t)] });
children.push(new Table({ rows: [0, 1, 2, 3].map((r) => new TableRow({ children: [cell(`Item ${r}`), cell(String(r)), cell(`€ ${r * 100}.00`)] })) }));
const doc = new Document({
  numbering: { config: [{ reference: "list", levels: [{ level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: "left" }] }] },
  footnotes: { 1: { children: [new Paragraph("A footnote.")] } },
  sections: [{ children }],
});
writeFileSync(out, await Packer.toBuffer(doc));
process.stderr.write(`Wrote ${out}\n`);
