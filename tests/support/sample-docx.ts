// A document made with the `docx` package directly (not the engine), used to test the checkers:
// a heading, a decimal list ("1.", "2."), a header and footer, a footnote, a comment, a bookmark with
// an internal link, an external link, a table and a PNG image. Texts are exported so tests can
// look for them.

import {
  AlignmentType,
  Bookmark,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from "docx";
import { packDocx } from "./docx-zip";

export const SAMPLE_TEXT = {
  heading: "Sample heading",
  header: "Sample header text",
  footer: "Sample footer text",
  item1: "First numbered item",
  item2: "Second numbered item",
  footnote: "Sample footnote text",
  cell: "Table cell text",
} as const;

/** A 1×1 red PNG. */
export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export function sampleDocument(): Document {
  return new Document({
    creator: "sectionsmith tests",
    // docx 9.15's built-in Hyperlink, FootnoteReference, … styles are basedOn DefaultParagraphFont but
    // it never defines that style; ooxml-check reports the dangling basedOn, so define it as Word does.
    styles: {
      characterStyles: [
        {
          id: "DefaultParagraphFont",
          name: "Default Paragraph Font",
          uiPriority: 1,
          semiHidden: true,
          unhideWhenUsed: true,
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: "decimal",
          // All nine levels, as Word writes them (the Word rules check's WORD_ABSTRACTNUM_LEVELS).
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
          })),
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph(SAMPLE_TEXT.footnote)] } },
    comments: {
      children: [
        {
          id: 1,
          author: "Tester",
          date: new Date(Date.UTC(2024, 0, 1)),
          children: [new Paragraph("A comment")],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(SAMPLE_TEXT.header)] }) },
        footers: { default: new Footer({ children: [new Paragraph(SAMPLE_TEXT.footer)] }) },
        children: [
          new Paragraph({ text: SAMPLE_TEXT.heading, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [new TextRun("Text with a note"), new FootnoteReferenceRun(1)],
          }),
          new Paragraph({ text: SAMPLE_TEXT.item1, numbering: { reference: "decimal", level: 0 } }),
          new Paragraph({ text: SAMPLE_TEXT.item2, numbering: { reference: "decimal", level: 0 } }),
          new Paragraph({
            children: [
              new CommentRangeStart(1),
              new TextRun("Commented text"),
              new CommentRangeEnd(1),
              new TextRun({ children: [new CommentReference(1)] }),
            ],
          }),
          new Paragraph({
            children: [new Bookmark({ id: "target", children: [new TextRun("Bookmarked text")] })],
          }),
          new Paragraph({
            children: [
              new InternalHyperlink({ anchor: "target", children: [new TextRun("internal link")] }),
              new TextRun(" and "),
              new ExternalHyperlink({
                link: "https://example.com/",
                children: [new TextRun("external link")],
              }),
            ],
          }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph(SAMPLE_TEXT.cell)] })] }),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({ type: "png", data: TINY_PNG, transformation: { width: 16, height: 16 } }),
            ],
          }),
        ],
      },
    ],
  });
}

export function sampleDocx(): Promise<Uint8Array> {
  return packDocx(sampleDocument());
}
