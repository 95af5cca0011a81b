// What the reader makes of a Word document before any Markdown is written: blocks (paragraphs, tables,
// page breaks, a table of contents) holding inline content, with Word's structure already resolved
// (heading level from the style chain, list level and label from the numbering definitions). Everything
// that is not kept, or kept in another form, is a Note at its place.

export type Marks = {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  sup?: boolean;
  sub?: boolean;
  highlight?: boolean;
};

/** A content control's kind, as far as a variable needs it. */
export type ControlInfo = {
  kind: "text" | "date" | "choice" | "checkbox";
  /** w:tag, then w:alias: what names the variable. */
  tag?: string;
  alias?: string;
  /** date: Word's w:dateFormat. */
  dateFormat?: string;
  /** choice: the items' display texts. */
  items?: string[];
  /** checkbox: checked now. */
  checked?: boolean;
  /** Several lines (w:multiLine, or a block-level control over several paragraphs). */
  multiline?: boolean;
};

export type Inline =
  | { kind: "text"; text: string; marks: Marks }
  | { kind: "link"; url: string; children: Inline[] }
  | { kind: "break" }
  | { kind: "footnote"; id: string }
  | { kind: "field"; field: "page" | "pages" | "today" }
  | { kind: "merge"; name: string; text: string }
  | { kind: "control"; control: ControlInfo; children: Inline[] }
  | { kind: "image"; dataUri: string; alt: string };

export type ListInfo = {
  /** Which list (the abstract numbering: paragraphs of one list count together). */
  list: string;
  /** 0–8. */
  level: number;
  ordered: boolean;
  /** The number at this item (1 for "1.", "a.", "i."). */
  value: number;
  /** What Word shows, e.g. "1.1", "(a)", "•". */
  label: string;
  /** Word's w:numFmt of the level ("decimal", "lowerLetter", "bullet", …). */
  format: string;
  /** The number was typed at the paragraph's start (and removed), not Word's numbering. */
  typed?: boolean;
};

export type Paragraph = {
  kind: "paragraph";
  /** 1-based, in document order over every paragraph read (table cells included): the place in reports. */
  place: number;
  styleName?: string;
  /** 1–9 for a heading; 0 for the Title style; absent for body text. */
  heading?: number;
  subtitle?: boolean;
  list?: ListInfo;
  /** A heading whose number was typed ("1. Definitions"): the number, removed from the text. */
  typedHeadingNumber?: string;
  quote: boolean;
  inlines: Inline[];
  /** Comments anchored in this paragraph, as drafting-note text. */
  comments: string[];
};

export type TableCell = { blocks: Block[]; span: number };
export type TableRow = { header: boolean; cells: TableCell[] };
export type Table = { kind: "table"; place: number; rows: TableRow[] };

export type Block =
  | Paragraph
  | Table
  | { kind: "pagebreak"; place: number }
  | { kind: "toc"; place: number }
  /** The start of a block-level content control Sectionsmith wrote (tag sectionsmith:id@version). */
  | { kind: "section-mark"; place: number; tag: string; title: string };

export type NoteKind =
  | "text-box"
  | "drawing"
  | "image"
  | "equation"
  | "field"
  | "header-footer"
  | "hidden-text"
  | "symbol"
  | "tracked-change"
  | "comment"
  | "merged-cells"
  | "nested-table"
  | "list-in-table"
  | "link"
  | "numbering"
  | "list-level"
  | "section-break"
  | "endnote"
  | "formatting"
  | "drafting-note"
  | "control";

/** Something not kept (DOCX_NOT_KEPT) or kept in another form (DOCX_CHANGED), at its place. */
export type Note = {
  code: "DOCX_NOT_KEPT" | "DOCX_CHANGED";
  kind: NoteKind;
  place: number;
  message: string;
};

export type Footnote = { id: string; blocks: Block[] };
