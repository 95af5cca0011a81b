import type * as Docx from "docx";

// The docx classes the renderer makes its objects with, handed to it through DocumentState instead of
// imported: a check (validateLibrary, validateFile, `sectionsmith validate`) renders with stand-ins
// (check-kit.ts) and so never loads docx, while a build renders with docx itself (assemble/docx-side.ts).
// Every problem the renderer reports comes from the Markdown tree and the sizes it counts, never from
// the objects it makes, so both give the same problems (tests/engine/render/check-kit.test.ts).

export type DocxKit = Pick<
  typeof Docx,
  | "AlignmentType"
  | "BorderStyle"
  | "CommentRangeEnd"
  | "CommentRangeStart"
  | "CommentReference"
  | "ExternalHyperlink"
  | "FootnoteReferenceRun"
  | "HeightRule"
  | "ImageRun"
  | "PageBreak"
  | "PageNumber"
  | "Paragraph"
  | "Table"
  | "TableCell"
  | "TableOfContents"
  | "TableRow"
  | "TextRun"
  | "VerticalAlignTable"
  | "WidthType"
>;
