import { MAX_DOCX_PARAGRAPHS, formatCount } from "../limits";
import { ImportFailure } from "./failure";
import type { Inline, Note, NoteKind } from "./model";
import type { Numbering } from "./numbering";
import type { DocxPackage } from "./package";
import type { Styles } from "./styles";

/** A field being read (w:fldChar begin … separate … end, which may span runs and paragraphs). */
export type FieldFrame = {
  instr: string;
  phase: "instr" | "result";
  /** What the field becomes: its result kept as text, or replaced by one inline, or dropped (a TOC). */
  action?: "keep" | "replace" | "link" | "drop";
  replacement?: Inline;
  url?: string;
  /** The result's inlines while they are read (a HYPERLINK field's become the link's). */
  result: Inline[];
  /** Legacy form field data (w:ffData) from the begin character. */
  form?: { name?: string; kind: "text" | "checkbox" | "dropdown"; checked?: boolean; items?: string[] };
};

export type ReadContext = {
  pkg: DocxPackage;
  styles: Styles;
  numbering: Numbering;
  notes: Note[];
  /** The place of the paragraph being read (1-based); footnotes keep their reference's place. */
  place: number;
  paragraphs: number;
  fields: FieldFrame[];
  /** Comment id → "Author: text". */
  comments: Map<string, string>;
  /** Set while a table of contents field's result is skipped. */
  inToc: boolean;
  tableDepth: number;
};

export function note(ctx: ReadContext, code: Note["code"], kind: NoteKind, message: string, place = ctx.place): void {
  // One note per kind and message at a place: a paragraph of fifty tracked runs says so once.
  if (ctx.notes.some((n) => n.place === place && n.kind === kind && n.message === message)) return;
  ctx.notes.push({ code, kind, place, message });
}

export function countParagraph(ctx: ReadContext): void {
  if (++ctx.paragraphs > MAX_DOCX_PARAGRAPHS)
    throw new ImportFailure(
      "LIMIT_DOCX_PARAGRAPHS",
      `The document has more than ${formatCount(MAX_DOCX_PARAGRAPHS)} paragraphs; split it into several documents and import each.`,
    );
}

/** Up to 60 characters of a text, for messages. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
