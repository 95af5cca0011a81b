// The floor: the benchmark document written directly with `docx` by hand — what a developer would code
// for this one document without Sectionsmith. Same paragraphs, styles, numbering (a new list instance per
// section so each list restarts), table (header row repeating, widths, alignment) and footnotes as the
// engine writes. Sectionsmith adds validation, templating and Markdown on top of exactly this work.

import {
  AlignmentType,
  Document,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  LineRuleType,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type IParagraphStyleOptions,
  type ISectionPropertiesOptions,
  type IStylesOptions,
} from "docx";
import { createFormatters, INTRO, TABLE_HEAD, type SectionContent, type Spans } from "../../fixtures/document";
import type { Contender } from "./types";

const A4 = { width: 11906, height: 16838 };
const MARGIN = 1417; // 25 mm in twips
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const indent = (level: number) => ({ left: 720 * (level + 1), hanging: 360 });

const levels = (format: (level: number) => { format: (typeof LevelFormat)[keyof typeof LevelFormat]; text: string }): ILevelsOptions[] =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    ...format(level),
    start: 1,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: indent(level) } },
  }));

const ORDERED_FORMATS = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];
const BULLETS = ["\u2022", "\u25E6", "\u25AA"];

const heading = (level: number, size: number): IParagraphStyleOptions => ({
  id: `Heading${level}`,
  name: `heading ${level}`,
  basedOn: "Normal",
  next: "Normal",
  quickFormat: true,
  run: { size, bold: true, color: "1F3864" },
  paragraph: { spacing: { before: level === 1 ? 360 : 240, after: 80 }, keepNext: true, keepLines: true, outlineLevel: level - 1 },
});

const runs = (s: Spans): TextRun[] => [
  new TextRun(`${s[0]} `),
  new TextRun({ text: s[1], bold: true }),
  new TextRun(` ${s[2]} `),
  new TextRun({ text: s[3], italics: true }),
  new TextRun(` ${s[4]}`),
];

export function buildFloorDocument(sections: readonly SectionContent[]): Document {
  const f = createFormatters();
  const children: Array<Paragraph | Table> = [];
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  const colWidth = Math.floor(CONTENT_WIDTH / 3);
  const listItem = (text: string, reference: string, level: number, instance: number) =>
    new Paragraph({ text, style: "ListParagraph", numbering: { reference, level, instance } });
  const cell = (text: string, align: (typeof AlignmentType)[keyof typeof AlignmentType], bold: boolean) =>
    new TableCell({
      width: { size: colWidth, type: WidthType.DXA },
      children: [new Paragraph({ alignment: align, spacing: { before: 40, after: 40 }, children: [new TextRun({ text, bold })] })],
    });

  let footnoteId = 0;
  sections.forEach((s, i) => {
    const v = s.values;
    const fnA = ++footnoteId;
    const fnB = ++footnoteId;
    footnotes[fnA] = { children: [new Paragraph(s.footnotes[0])] };
    footnotes[fnB] = { children: [new Paragraph(s.footnotes[1])] };
    children.push(new Paragraph({ text: s.title, heading: HeadingLevel.HEADING_1 }));
    children.push(new Paragraph(INTRO[0] + v.client + INTRO[1] + f.date(v.start) + INTRO[2] + f.money(v.fee) + INTRO[3]));
    children.push(new Paragraph({ children: [...runs(s.paras[0]!), new FootnoteReferenceRun(fnA)] }));
    for (const p of s.paras.slice(1)) children.push(new Paragraph({ children: runs(p) }));
    children.push(new Paragraph({ text: s.sub1, heading: HeadingLevel.HEADING_2 }));
    children.push(new Paragraph(v.mutual ? s.mutualText : `${v.client} ${s.oneWayText}`));
    for (const o of s.ordered) {
      children.push(listItem(o.text, "ordered", 0, i));
      for (const c of o.children ?? []) children.push(listItem(c, "bullet", 1, 0));
    }
    for (const b of s.bullets) children.push(listItem(b, "bullet", 0, 0));
    children.push(
      new Table({
        columnWidths: [colWidth, colWidth, colWidth],
        width: { size: colWidth * 3, type: WidthType.DXA },
        rows: [
          new TableRow({
            tableHeader: true,
            children: [cell(TABLE_HEAD[0], AlignmentType.LEFT, true), cell(TABLE_HEAD[1], AlignmentType.RIGHT, true), cell(TABLE_HEAD[2], AlignmentType.RIGHT, true)],
          }),
          ...v.rows.map(
            (r) =>
              new TableRow({
                children: [cell(r.item, AlignmentType.LEFT, false), cell(String(r.qty), AlignmentType.RIGHT, false), cell(f.money(r.price), AlignmentType.RIGHT, false)],
              }),
          ),
        ],
      }),
    );
    children.push(new Paragraph({ text: s.sub2, heading: HeadingLevel.HEADING_2 }));
    children.push(new Paragraph({ children: runs(s.closing[0]!) }));
    children.push(new Paragraph({ children: [...runs(s.closing[1]!), new FootnoteReferenceRun(fnB)] }));
  });

  return new Document({
    title: "Benchmark document",
    creator: "Sectionsmith bench",
    styles: BENCH_STYLES,
    numbering: BENCH_NUMBERING,
    footnotes,
    sections: [{ properties: BENCH_PAGE, children }],
  });
}

/** Calibri 11 with Word-like spacing and headings 1–2, as the engine writes (shared with the template); lineRule as the engine writes it (LibreOffice, which counts the pages, needs it: docs/decisions.md). */
export const BENCH_STYLES: IStylesOptions = {
  default: { document: { run: { font: "Calibri", size: 22 }, paragraph: { spacing: { after: 160, line: 264, lineRule: LineRuleType.AUTO } } } },
  // ListParagraph and the footnote styles are docx's defaults, which the engine relies on too.
  paragraphStyles: [heading(1, 32), heading(2, 26)],
};

export const BENCH_NUMBERING = {
  config: [
    { reference: "ordered", levels: levels((l) => ({ format: ORDERED_FORMATS[l % 3]!, text: `%${l + 1}.` })) },
    { reference: "bullet", levels: levels((l) => ({ format: LevelFormat.BULLET, text: BULLETS[l % 3]! })) },
  ],
};

export const BENCH_PAGE: ISectionPropertiesOptions = {
  page: {
    size: { ...A4, orientation: PageOrientation.PORTRAIT },
    margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
  },
};

export const docxFloor: Contender<readonly SectionContent[]> = {
  name: "docx (hand-written floor)",
  key: "floor",
  prepare: async (sections) => sections,
  async run(sections, mark) {
    const doc = buildFloorDocument(sections);
    mark("build");
    const bytes = await Packer.pack(doc, "uint8array");
    mark("pack");
    return bytes;
  },
};
