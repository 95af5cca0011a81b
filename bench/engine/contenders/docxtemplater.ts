// docxtemplater: the usual alternative — a Word template with loops, filled from JSON. The template is
// made programmatically with `docx` (untimed) and holds one section's layout inside {#sections}…{/sections}:
// paragraph loops ({-w:p paras}), a nested list loop, a {#mutual}/{^mutual} conditional, a table-row loop
// ({#rows} … {/rows}) and two footnote references. Timed: shaping the data (formatting values), compiling
// the template, rendering, and zipping (DEFLATE, as the others).
//
// Limits of a plain template (stated in the report): every section's footnote references point at the same
// two footnotes (a template's footnotes are not repeated by loops), and list numbering continues across
// sections (one numbering instance in the template; restarting needs a paid module or raw XML).

import { AlignmentType, Document, FootnoteReferenceRun, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import Docxtemplater from "docxtemplater";
import PizZip from "pizzip";
import { createFormatters, INTRO, TABLE_HEAD, type SectionContent, type Spans } from "../../fixtures/document";
import { BENCH_NUMBERING, BENCH_PAGE, BENCH_STYLES, CONTENT_WIDTH } from "./docx-floor";
import type { Contender } from "./types";

const spanRuns = (prefix: string): TextRun[] => [
  new TextRun(`{${prefix}a} `),
  new TextRun({ text: `{${prefix}b}`, bold: true }),
  new TextRun(` {${prefix}c} `),
  new TextRun({ text: `{${prefix}d}`, italics: true }),
  new TextRun(` {${prefix}e}`),
];

const COL = Math.floor(CONTENT_WIDTH / 3);
const cell = (text: string, align: (typeof AlignmentType)[keyof typeof AlignmentType], bold = false) =>
  new TableCell({
    width: { size: COL, type: WidthType.DXA },
    children: [new Paragraph({ alignment: align, spacing: { before: 40, after: 40 }, children: [new TextRun({ text, bold })] })],
  });

/** The template .docx: one section's layout in a loop. Footnote texts are the template author's. */
export async function buildTemplate(): Promise<Uint8Array> {
  const list = (text: string, reference: string, level: number) => new Paragraph({ text, style: "ListParagraph", numbering: { reference, level } });
  const doc = new Document({
    styles: BENCH_STYLES,
    numbering: BENCH_NUMBERING,
    footnotes: {
      1: { children: [new Paragraph("See the schedule for the definitions used in this section.")] },
      2: { children: [new Paragraph("Amounts exclude value added tax, payable at the prevailing rate.")] },
    },
    sections: [
      {
        properties: BENCH_PAGE,
        children: [
          new Paragraph("{#sections}"),
          new Paragraph({ text: "{title}", heading: HeadingLevel.HEADING_1 }),
          new Paragraph(`${INTRO[0]}{client}${INTRO[1]}{start}${INTRO[2]}{fee}${INTRO[3]}`),
          new Paragraph({ children: [...spanRuns("p0"), new FootnoteReferenceRun(1)] }),
          new Paragraph({ children: [new TextRun("{-w:p paras}"), ...spanRuns(""), new TextRun("{/paras}")] }),
          new Paragraph({ text: "{sub1}", heading: HeadingLevel.HEADING_2 }),
          new Paragraph("{#mutual}{mutualText}{/mutual}{^mutual}{client} {oneWayText}{/mutual}"),
          new Paragraph("{#ordered}"),
          list("{text}", "ordered", 0),
          list("{-w:p children}{.}{/children}", "bullet", 1),
          new Paragraph("{/ordered}"),
          list("{-w:p bullets}{.}{/bullets}", "bullet", 0),
          new Table({
            columnWidths: [COL, COL, COL],
            width: { size: COL * 3, type: WidthType.DXA },
            rows: [
              new TableRow({
                tableHeader: true,
                children: [cell(TABLE_HEAD[0], AlignmentType.LEFT, true), cell(TABLE_HEAD[1], AlignmentType.RIGHT, true), cell(TABLE_HEAD[2], AlignmentType.RIGHT, true)],
              }),
              new TableRow({ children: [cell("{#rows}{item}", AlignmentType.LEFT), cell("{qty}", AlignmentType.RIGHT), cell("{price}{/rows}", AlignmentType.RIGHT)] }),
            ],
          }),
          new Paragraph({ text: "{sub2}", heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ children: spanRuns("c0") }),
          new Paragraph({ children: [...spanRuns("c1"), new FootnoteReferenceRun(2)] }),
          new Paragraph("{/sections}"),
        ],
      },
    ],
  });
  return Packer.pack(doc, "uint8array");
}

const spanData = (prefix: string, s: Spans): Record<string, string> => ({
  [`${prefix}a`]: s[0],
  [`${prefix}b`]: s[1],
  [`${prefix}c`]: s[2],
  [`${prefix}d`]: s[3],
  [`${prefix}e`]: s[4],
});

type Input = { template: Uint8Array; sections: readonly SectionContent[] };

export const docxtemplaterContender: Contender<Input> = {
  name: "docxtemplater",
  key: "docxtemplater",
  prepare: async (sections) => ({ template: await buildTemplate(), sections }),
  async run({ template, sections }, mark) {
    const f = createFormatters();
    const data = {
      sections: sections.map((s) => ({
        title: s.title,
        client: s.values.client,
        start: f.date(s.values.start),
        fee: f.money(s.values.fee),
        ...spanData("p0", s.paras[0]!),
        paras: s.paras.slice(1).map((p) => spanData("", p)),
        sub1: s.sub1,
        mutual: s.values.mutual,
        mutualText: s.mutualText,
        oneWayText: s.oneWayText,
        ordered: s.ordered,
        bullets: s.bullets,
        rows: s.values.rows.map((r) => ({ item: r.item, qty: String(r.qty), price: f.money(r.price) })),
        sub2: s.sub2,
        ...spanData("c0", s.closing[0]!),
        ...spanData("c1", s.closing[1]!),
      })),
    };
    mark("data");
    const doc = new Docxtemplater(new PizZip(template), { paragraphLoop: true });
    mark("compile");
    doc.render(data);
    mark("render");
    const bytes = doc.getZip().generate({ type: "uint8array", compression: "DEFLATE" });
    mark("pack");
    return bytes;
  },
  caveat:
    "docxtemplater: all sections' footnote references point at the template's two footnotes, and list numbering continues across sections (a template cannot restart lists or repeat footnotes without paid modules).",
};
