// A host document for the insertion model: a drafter's own Word file with its own look, into which
// a fragment is inserted. Built with docx so that it is a real package; what matters is that its
// styles, page setup and lists are its own and differ from ours:
// - Heading 1 (style id Heading1, name "heading 1"): Georgia 18 pt bold, red (C00000);
// - Normal: Times New Roman 12 pt; List Paragraph and List Number styles of its own;
// - English (US) as its proofing language, in its run defaults, as Word writes every document;
// - US Letter with 1.25 in margins;
// - a numbered list in progress, "1) … 2) …", then an empty paragraph where the cursor is.

import { AlignmentType, Document, LevelFormat, Paragraph, TextRun } from "docx";
import { packDocx } from "../../support/docx-zip";

export const HOST = {
  headingFont: "Georgia",
  headingColor: "C00000",
  bodyFont: "Times New Roman",
  language: "en-US",
  /** US Letter, twips. */
  page: { width: 12240, height: 15840 },
  /** 1.25 in, twips. */
  margin: 1800,
  heading: "Host agreement",
  listItems: ["Host step one", "Host step two"],
} as const;

export async function hostDocx(): Promise<Uint8Array> {
  const doc = new Document({
    creator: "Host",
    styles: {
      default: { document: { run: { font: HOST.bodyFont, size: 24, language: { value: HOST.language } } } },
      // docx's own default styles are based on it but docx does not define it; Word always has it.
      characterStyles: [{ id: "DefaultParagraphFont", name: "Default Paragraph Font" }],
      paragraphStyles: [
        { id: "Normal", name: "Normal", run: { font: HOST.bodyFont, size: 24 } },
        {
          id: "Heading1",
          name: "heading 1",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { font: HOST.headingFont, size: 36, bold: true, color: HOST.headingColor },
          paragraph: { spacing: { before: 480, after: 120 }, keepNext: true, outlineLevel: 0 },
        },
        {
          id: "ListParagraph",
          name: "List Paragraph",
          basedOn: "Normal",
          paragraph: { indent: { left: 1080 } },
        },
        {
          id: "ListNumber",
          name: "List Number",
          basedOn: "Normal",
          paragraph: { indent: { left: 1080, hanging: 360 } },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: "host-steps",
          // All nine levels, as Word writes a list definition (the Word rules check: WORD_ABSTRACTNUM_LEVELS).
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1})`,
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 1080 + 360 * level, hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: HOST.page.width, height: HOST.page.height },
            margin: { top: HOST.margin, bottom: HOST.margin, left: HOST.margin, right: HOST.margin },
          },
        },
        children: [
          new Paragraph({ style: "Heading1", children: [new TextRun(HOST.heading)] }),
          new Paragraph("The host's own text, before the inserted clauses."),
          ...HOST.listItems.map(
            (text) =>
              new Paragraph({
                style: "ListNumber",
                numbering: { reference: "host-steps", level: 0 },
                children: [new TextRun(text)],
              }),
          ),
          new Paragraph({}), // the cursor
        ],
      },
    ],
  });
  // packDocx writes the note separators as Word does, so the host itself passes the Word rules check.
  return packDocx(doc);
}
