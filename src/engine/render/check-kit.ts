import type { DocxKit } from "./docx-kit";

// Stand-ins for docx's classes when the renderer only checks (docx-kit.ts): objects that hold nothing,
// made in a fraction of a docx object's time, and no docx loaded. Distinct classes, so the renderer's
// `instanceof Paragraph` tests (comments.ts, section.ts) answer as with docx's own.

class Inert {
  constructor(..._args: unknown[]) {}
  addChildElement(): this {
    return this;
  }
}
class Paragraph extends Inert {}
class TextRun extends Inert {}
class Table extends Inert {}
class TableOfContents extends Inert {}

/** Enumerations (AlignmentType.LEFT …): any member, its own name. */
const anyMember = new Proxy({}, { get: (_target, key) => (typeof key === "string" ? key : undefined) });

export const CHECK_KIT = {
  AlignmentType: anyMember,
  BorderStyle: anyMember,
  CommentRangeEnd: class extends Inert {},
  CommentRangeStart: class extends Inert {},
  CommentReference: class extends Inert {},
  ExternalHyperlink: class extends Inert {},
  FootnoteReferenceRun: class extends Inert {},
  HeightRule: anyMember,
  ImageRun: class extends Inert {},
  PageBreak: class extends Inert {},
  PageNumber: anyMember,
  Paragraph,
  Table,
  TableCell: class extends Inert {},
  TableOfContents,
  TableRow: class extends Inert {},
  TextRun,
  VerticalAlignTable: anyMember,
  WidthType: anyMember,
} as unknown as DocxKit;
