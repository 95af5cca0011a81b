// The structure a reader sees in a Word document, as lines of text, so that two documents — one read
// from a built .docx (from-docx.ts), one reduced from a Markdown example's expected HTML (from-html.ts)
// — compare with toEqual and a failure shows the lines that differ.
//
// What is kept: paragraphs and their kind (heading level, code, quote, list item with its level and its
// number or bullet, indentation under a list item), horizontal rules, tables (alignment, header row,
// cells), and inside text: bold, italic, strikethrough, code, underline, superscript, subscript and
// highlight, hyperlinks with their targets, line breaks, pictures (their alt text) and footnotes (their
// content, in place of the reference). What is not: fonts, sizes, spacing, bullet glyphs and number
// formats — how a thing looks, not what it is.

/** Character formats, by the names used in the lines. */
export type Mark = "b" | "i" | "s" | "code" | "u" | "sup" | "sub" | "mark";
const MARK_ORDER: readonly Mark[] = ["b", "i", "s", "code", "u", "sup", "sub", "mark"];

/** One piece of a paragraph's content. `link` is the target of the hyperlink it is inside. */
export type Inline =
  | { kind: "text"; text: string; marks: ReadonlySet<Mark>; link?: string }
  | { kind: "break"; link?: string }
  | { kind: "image"; alt: string; link?: string }
  | { kind: "note"; blocks: Block[]; link?: string };

export type ParagraphKind =
  | { kind: "p" }
  | { kind: "heading"; level: number }
  | { kind: "code" }
  | { kind: "hr" }
  | { kind: "item"; level: number; number: number | "bullet" };

export type Paragraph = ParagraphKind & {
  inline: Inline[];
  quote: boolean;
  /** The list level whose text a paragraph inside a list item lines up with; undefined outside lists. */
  indent?: number;
};

export type Alignment = "left" | "center" | "right" | null;

export type Table = { kind: "table"; align: Alignment[]; header: Inline[][]; rows: Inline[][][] };

export type Block = Paragraph | Table;

/** Word shows nine list levels: deeper ones are drawn at the ninth (docs/templates.md, Lists). */
export const MAX_LEVEL = 8;

/** Adjacent text of the same formatting and link as one piece; empty text left out. */
export function normaliseInline(inline: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const piece of inline) {
    if (piece.kind === "text") {
      if (piece.text === "") continue;
      const last = out[out.length - 1];
      if (last?.kind === "text" && last.link === piece.link && sameMarks(last.marks, piece.marks)) {
        out[out.length - 1] = { ...last, text: last.text + piece.text };
        continue;
      }
    }
    out.push(piece);
  }
  return out;
}

const sameMarks = (a: ReadonlySet<Mark>, b: ReadonlySet<Mark>): boolean =>
  a.size === b.size && [...a].every((m) => b.has(m));

/** A paragraph's content as one line: ⟦b i|text⟧ for formatted text, ⟦a URL|…⟧ for links, ⏎ for breaks. */
export function inlineLine(inline: readonly Inline[]): string {
  const pieces = normaliseInline(inline);
  let out = "";
  for (let k = 0; k < pieces.length;) {
    const link = pieces[k]!.link;
    let end = k;
    while (end < pieces.length && pieces[end]!.link === link) end++;
    const inner = pieces.slice(k, end).map(pieceLine).join("");
    out += link === undefined ? inner : `⟦a ${link}|${inner}⟧`;
    k = end;
  }
  return out;
}

function pieceLine(piece: Inline): string {
  switch (piece.kind) {
    case "text": {
      const marks = MARK_ORDER.filter((m) => piece.marks.has(m));
      return marks.length === 0 ? piece.text : `⟦${marks.join(" ")}|${piece.text}⟧`;
    }
    case "break":
      return "⏎";
    case "image":
      return `⟦img|${piece.alt}⟧`;
    case "note":
      return `⟦note|${blockLines(piece.blocks).join(" ¶ ")}⟧`;
  }
}

/** The document as lines: one per paragraph, one per table row (and one for the table's alignment). */
export function blockLines(blocks: readonly Block[]): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.kind === "table") {
      lines.push(`table ${block.align.map((a) => a ?? "-").join(" ")}`);
      lines.push(`  th: ${block.header.map(inlineLine).join(" ‖ ")}`);
      for (const row of block.rows) lines.push(`  td: ${row.map(inlineLine).join(" ‖ ")}`);
      continue;
    }
    const where = `${block.quote ? "quote " : ""}${block.indent !== undefined ? `indent${block.indent} ` : ""}`;
    lines.push(`${where}${kindName(block)}: ${inlineLine(block.inline)}`.replace(/: $/, ":"));
  }
  return lines;
}

function kindName(p: ParagraphKind): string {
  switch (p.kind) {
    case "p":
      return "p";
    case "heading":
      return `h${p.level}`;
    case "code":
      return "code";
    case "hr":
      return "hr";
    case "item":
      return `item${p.level} ${p.number === "bullet" ? "•" : `${p.number}.`}`;
  }
}

/**
 * A link target in a form two writers agree on: %HH escapes decoded where they spell UTF-8 (CommonMark's
 * HTML and the engine percent-encode different sets of characters, both valid URIs for the same place).
 */
export function comparableLink(target: string): string {
  return target.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes.toUpperCase();
    }
  });
}
