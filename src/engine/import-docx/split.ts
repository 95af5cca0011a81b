import type { Block, Paragraph } from "./model";
import { inlineText } from "./read-inline";

// Where the document is cut into snippets. By heading level: each heading of that level starts a snippet
// (deeper headings stay inside it); by clause: each top-level item of the document's main numbered list
// starts one; by section: the content controls Sectionsmith wrote around inserted sections; or the whole
// document as one. The default follows the document's own structure (see defaultSplit).

export type SplitMode = { by: "heading"; level: number } | { by: "clause" } | { by: "section" } | { by: "document" };

export type SplitChoice = { mode: SplitMode; snippets: number; label: string };

export type Piece = {
  blocks: Block[];
  title: string;
  /** The heading level of the heading the piece starts with (for the section's heading offset). */
  headingLevel?: number;
  /** The headings above the split level the piece sits under, outermost first (its category). */
  parents: string[];
  pageBreakBefore: boolean;
  firstPlace: number;
  lastPlace: number;
};

export type Structure = { headings: number[]; clauseList?: string; clauses: number; sections: number };

const paragraphText = (p: Paragraph): string => p.inlines.map(inlineText).join("").replace(/\s+/g, " ").trim();

export function analyse(blocks: readonly Block[]): Structure {
  const headings = Array<number>(10).fill(0);
  const lists = new Map<string, number>();
  let sections = 0;
  for (const b of blocks) {
    if (b.kind === "section-mark") sections++;
    if (b.kind !== "paragraph") continue;
    if (b.heading !== undefined && b.heading > 0 && paragraphText(b) !== "") headings[b.heading]!++;
    else if (b.list && b.list.ordered && b.list.level === 0) lists.set(b.list.list, (lists.get(b.list.list) ?? 0) + 1);
  }
  let clauseList: string | undefined;
  let clauses = 0;
  for (const [list, n] of lists)
    if (n > clauses) {
      clauseList = list;
      clauses = n;
    }
  return { headings, ...(clauseList !== undefined ? { clauseList } : {}), clauses, sections };
}

/** The modes worth offering for this document, each with the number of snippets it makes. */
export function splitChoices(blocks: readonly Block[], s: Structure): SplitChoice[] {
  const out: SplitChoice[] = [];
  if (s.sections > 0) out.push({ mode: { by: "section" }, snippets: split(blocks, { by: "section" }, s).length, label: "Each Sectionsmith section" });
  for (let level = 1; level <= 9; level++)
    if (s.headings[level]! > 0)
      out.push({ mode: { by: "heading", level }, snippets: split(blocks, { by: "heading", level }, s).length, label: `Each Heading ${level}` });
  if (s.clauses > 1) out.push({ mode: { by: "clause" }, snippets: split(blocks, { by: "clause" }, s).length, label: "Each top-level numbered clause" });
  out.push({ mode: { by: "document" }, snippets: 1, label: "The whole document as one snippet" });
  return out;
}

/**
 * The document's own structure decides: sections Sectionsmith inserted; else the shallowest heading level
 * used at least twice (a deeper one when that gives only one or two snippets and a deeper level gives
 * more, as when Heading 1 is the document's title); else top-level numbered clauses; else the whole.
 */
export function defaultSplit(s: Structure): SplitMode {
  if (s.sections > 1) return { by: "section" };
  const used = s.headings.map((n, level) => ({ n, level })).filter((h) => h.level > 0 && h.n >= 2);
  if (used.length > 0) {
    const first = used[0]!;
    const deeper = used.find((h) => h.level > first.level && h.n >= 3);
    if (first.n <= 2 && deeper) return { by: "heading", level: deeper.level };
    return { by: "heading", level: first.level };
  }
  if (s.clauses >= 2) return { by: "clause" };
  return { by: "document" };
}

export function split(blocks: readonly Block[], mode: SplitMode, s: Structure): Piece[] {
  const pieces: Piece[] = [];
  const parents: string[] = [];
  let current: Piece | undefined;
  const start = (title: string, headingLevel?: number): Piece => {
    const piece: Piece = {
      blocks: [],
      title,
      ...(headingLevel !== undefined ? { headingLevel } : {}),
      parents: parents.filter((p) => p !== ""),
      pageBreakBefore: false,
      firstPlace: 0,
      lastPlace: 0,
    };
    // Page breaks at the end of the piece before belong to this one: it starts on a new page.
    if (current) {
      while (current.blocks.length > 0 && current.blocks[current.blocks.length - 1]!.kind === "pagebreak") {
        current.blocks.pop();
        piece.pageBreakBefore = true;
      }
      if (current.blocks.length > 0) pieces.push(current);
    }
    current = piece;
    return piece;
  };
  for (const b of blocks) {
    let startsHere: { title: string; level?: number } | undefined;
    if (mode.by === "section" && b.kind === "section-mark") startsHere = { title: b.title };
    else if (b.kind === "paragraph") {
      if (mode.by === "heading" && b.heading !== undefined && b.heading > 0) {
        if (b.heading < mode.level) {
          parents.length = b.heading - 1;
          parents[b.heading - 1] = paragraphText(b).replace(/\//g, "-");
        } else if (b.heading === mode.level && paragraphText(b) !== "") startsHere = { title: paragraphText(b), level: b.heading };
      } else if (mode.by === "clause" && b.list?.list === s.clauseList && b.list?.level === 0 && b.heading === undefined)
        startsHere = { title: clauseTitle(b) };
    }
    if (startsHere) start(startsHere.title, startsHere.level);
    else if (!current) start("");
    const piece = current!;
    if (b.kind === "pagebreak" && piece.blocks.length === 0) {
      piece.pageBreakBefore = true;
      continue;
    }
    piece.blocks.push(b);
    if (piece.firstPlace === 0) piece.firstPlace = b.place;
    piece.lastPlace = Math.max(piece.lastPlace, b.place);
  }
  const last = current as Piece | undefined;
  if (last) {
    while (last.blocks.length > 0 && last.blocks[last.blocks.length - 1]!.kind === "pagebreak") last.blocks.pop();
    if (last.blocks.length > 0) pieces.push(last);
  }
  return pieces;
}

/** A clause's title: its text when short, else its lead-in ("Confidentiality. The Recipient…"), else its first words. */
export function clauseTitle(p: Paragraph): string {
  const text = paragraphText(p);
  if (text.length <= 80 && !/[.;:]\s/.test(text)) return text.replace(/[.:]$/, "");
  const bold = p.inlines.find((i) => i.kind === "text" && i.text.trim() !== "");
  if (bold && bold.kind === "text" && (bold.marks.bold || bold.marks.underline) && bold.text.trim().length <= 80)
    return bold.text.trim().replace(/[.:]$/, "");
  const lead = /^(.{3,80}?)[.:]\s/.exec(text)?.[1];
  if (lead) return lead;
  return `${text.split(" ").slice(0, 8).join(" ")}…`;
}

/** A heading's or clause's plain text (for titles elsewhere). */
export { paragraphText };
