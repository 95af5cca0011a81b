import type { Block, Inline, Note, Paragraph, Table } from "./model";
import { escapeMarkdown, inlineMarkdown, type Occurrence } from "./inline-markdown";
import { inlineText } from "./read-inline";
import { toLetter as letter, toRoman as roman } from "./numbering";

// A snippet's blocks as the body's Markdown: headings (rebased so the snippet's top heading is `#`),
// lists nested by their Word level with their numbers, block quotes, GFM tables, page breaks, a table of
// contents and footnotes. What Markdown cannot hold exactly is written as close as it can be and listed.

export type BodyResult = {
  body: string;
  occurrences: Occurrence[];
  /** Drafting notes and comments: the snippet's notes. */
  notes: string[];
  changes: Note[];
  titleBlock: boolean;
};

export type BodyOptions = {
  /** The heading level that becomes `#` (the split level, or the shallowest heading in the snippet). */
  topHeading: number;
  footnotes: Map<string, Block[]>;
  blanks: { n: number };
  /** Lists after a numbered heading are lettered (a), (i)… (the document numbers its headings). */
  legal: boolean;
};

const LIBRARY_ORDERED = ["decimal", "lowerLetter", "lowerRoman"] as const;
const LEGAL_ORDERED = ["(a)", "(i)", "(A)", "(1)"] as const;

/** Markers that would start a list, a heading's underline or a quote at the start of a paragraph, escaped. */
export function escapeBlockStart(markdown: string): string {
  return markdown.replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2").replace(/^([-+=])/, "\\$1");
}

export function bodyMarkdown(blocks: readonly Block[], options: BodyOptions): BodyResult {
  const out: string[] = [];
  const occurrences: Occurrence[] = [];
  const notes: string[] = [];
  const changes: Note[] = [];
  const footnoteLabels = new Map<string, string>();
  const footnoteOrder: string[] = [];
  let titleBlock = false;
  let seenHeading = false;
  const footnoteLabel = (id: string): string | undefined => {
    if (!options.footnotes.has(id)) return undefined;
    let label = footnoteLabels.get(id);
    if (!label) {
      label = String(footnoteLabels.size + 1);
      footnoteLabels.set(id, label);
      footnoteOrder.push(id);
    }
    return label;
  };
  const inline = (p: Paragraph, heading = false) => {
    const text = p.inlines.map(inlineText).join("");
    const result = inlineMarkdown(p.inlines, {
      blanks: options.blanks,
      footnoteLabel,
      heading,
      signatureLine: /^\s*_{4,}\s*$/.test(text),
      placeholders: true,
    });
    occurrences.push(...result.occurrences);
    notes.push(...result.notes, ...p.comments);
    for (const d of result.dropped)
      changes.push({ code: "DOCX_CHANGED", kind: "formatting", place: p.place, message: `Formatting Markdown cannot place there is left out: ${d}.` });
    if (p.comments.length > 0)
      changes.push({ code: "DOCX_CHANGED", kind: "comment", place: p.place, message: `${p.comments.length === 1 ? "A comment becomes" : `${p.comments.length} comments become`} the snippet's drafting note.` });
    if (result.notes.length > 0)
      changes.push({ code: "DOCX_CHANGED", kind: "drafting-note", place: p.place, message: "A drafting note in brackets moves to the snippet's notes (a Word comment when drafting notes are on)." });
    return result.markdown;
  };

  let i = 0;
  let lastWasTable = false;
  while (i < blocks.length) {
    const block = blocks[i]!;
    lastWasTable = out.length > 0 && out[out.length - 1]!.startsWith("|");
    if (block.kind === "paragraph" && block.list && block.heading === undefined) {
      let j = i;
      while (j < blocks.length && isListItem(blocks[j]!)) j++;
      out.push(listMarkdown(blocks.slice(i, j) as Paragraph[], inline, changes, options.legal && seenHeading));
      i = j;
      continue;
    }
    if (block.kind === "paragraph" && block.quote) {
      let j = i;
      const quoted: string[] = [];
      while (j < blocks.length && blocks[j]!.kind === "paragraph" && (blocks[j] as Paragraph).quote) {
        const md = escapeBlockStart(inline(blocks[j] as Paragraph));
        if (md !== "") quoted.push(`> ${md}`);
        j++;
      }
      if (quoted.length > 0) out.push(quoted.join("\n>\n"));
      i = j;
      continue;
    }
    i++;
    switch (block.kind) {
      case "paragraph": {
        if (block.heading !== undefined) {
          const md = inline(block, true);
          if (md === "") break;
          if (block.heading === 0 || block.subtitle) {
            titleBlock = true;
            out.push(`${block.subtitle ? "##" : "#"} ${md}`);
            break;
          }
          seenHeading = true;
          const level = block.heading - options.topHeading + 1;
          if (level > 6)
            changes.push({ code: "DOCX_CHANGED", kind: "list-level", place: block.place, message: `A Heading ${block.heading} becomes a level-6 heading: Markdown has six heading levels (a section's heading offset can move it deeper).` });
          out.push(`${"#".repeat(Math.max(1, Math.min(6, level)))} ${md}`);
        } else {
          const md = escapeBlockStart(inline(block));
          if (md !== "") out.push(md);
        }
        break;
      }
      case "table":
        // Two tables with nothing between them are one table to Word and LibreOffice: the document had a
        // paragraph there (Word needs one), and an empty one (a no-break space) keeps them apart.
        if (lastWasTable) out.push("\u00a0");
        out.push(tableMarkdown(block, inline, changes));
        break;
      case "pagebreak":
        if (out.length > 0 && out[out.length - 1] !== "{{pagebreak}}") out.push("{{pagebreak}}");
        break;
      case "toc":
        out.push("{{toc}}");
        break;
      case "section-mark":
        break;
    }
  }
  // A page break with nothing after it in the snippet still starts the next snippet on a new page.
  const definitions = footnoteOrder.map((id) => {
    const paragraphs = (options.footnotes.get(id) ?? [])
      .filter((b): b is Paragraph => b.kind === "paragraph")
      .map((p) => inlineMarkdown(p.inlines.filter((x) => x.kind !== "footnote"), { blanks: options.blanks, footnoteLabel: () => undefined, heading: false, signatureLine: false, placeholders: true }))
      .filter((r) => r.markdown !== "");
    for (const r of paragraphs) occurrences.push(...r.occurrences);
    const text = paragraphs.map((r) => escapeBlockStart(r.markdown)).join("\n\n    ") || "\u00a0";
    return `[^${footnoteLabels.get(id)}]: ${text}`;
  });
  return { body: [...out, ...definitions].join("\n\n"), occurrences, notes, changes, titleBlock };
}

const isListItem = (b: Block): boolean => b.kind === "paragraph" && b.list !== undefined && b.heading === undefined;

/** The label the library gives an ordered item at `depth` (depth 0 = top), or undefined for bullets. */
export function libraryLabel(depth: number, value: number, legal: boolean): string {
  if (legal) {
    const pattern = LEGAL_ORDERED[depth % 4]!;
    const inner = pattern === "(a)" ? letter(value) : pattern === "(i)" ? roman(value) : pattern === "(A)" ? letter(value).toUpperCase() : String(value);
    return `(${inner})`;
  }
  const format = LIBRARY_ORDERED[depth % 3]!;
  return `${format === "decimal" ? value : format === "lowerLetter" ? letter(value) : roman(value)}.`;
}

function listMarkdown(
  items: Paragraph[],
  inline: (p: Paragraph) => string,
  changes: Note[],
  legal: boolean,
): string {
  const lines: string[] = [];
  /** Width of the marker ("1. ", "- ") at each open depth: a nested item is indented by their sum. */
  const widths: number[] = [];
  const kinds: string[] = [];
  /** Per depth: write ")" and "*" instead of "." and "-", so that two Word lists in a row stay two lists. */
  const other: boolean[] = [];
  const base = Math.min(...items.map((p) => p.list!.level));
  const reported = new Set<string>();
  let depth = -1;
  for (const p of items) {
    const list = p.list!;
    let want = list.level - base;
    if (want > depth + 1) {
      changes.push({ code: "DOCX_CHANGED", kind: "list-level", place: p.place, message: `A list item ${want - depth - 1 === 1 ? "one level" : "several levels"} deeper than the item before it is written one level deeper: Markdown nests a list only inside an item.` });
      want = depth + 1;
    }
    depth = want;
    widths.length = depth;
    const kind = `${list.ordered}:${list.list}`;
    // Markdown continues a list while the marker's kind stays the same: another Word list at the same
    // depth under the same item switches the delimiter, so it starts a list of its own.
    if (kinds[depth] !== undefined && kinds[depth] !== kind && kinds[depth]!.startsWith(`${list.ordered}:`)) other[depth] = !other[depth];
    kinds.length = depth + 1;
    other.length = depth + 1;
    kinds[depth] = kind;
    const marker = list.ordered ? `${list.value}${other[depth] ? ")" : "."}` : other[depth] ? "*" : "-";
    widths[depth] = marker.length + 1;
    const indent = " ".repeat(widths.slice(0, depth).reduce((a, b) => a + b, 0));
    const text = escapeBlockStart(inline(p)) || "\u00a0";
    lines.push(`${indent}${marker} ${text}`);
    if (list.ordered && !list.typed) {
      const expected = libraryLabel(depth, list.value, legal);
      const key = `${list.list}:${list.level}`;
      if (list.label !== expected && !reported.has(key)) {
        reported.add(key);
        changes.push({ code: "DOCX_CHANGED", kind: "numbering", place: p.place, message: `Word numbers this list level “${list.label}”; the library numbers it “${expected}” (the numbering labels Markdown lists can have).` });
      }
    } else if (list.typed) {
      const expected = libraryLabel(depth, list.value, legal);
      if (list.label !== expected)
        changes.push({ code: "DOCX_CHANGED", kind: "numbering", place: p.place, message: `The typed number “${list.label}” becomes automatic numbering, shown “${expected}”.` });
    }
  }
  return lines.join("\n");
}

function tableMarkdown(table: Table, inline: (p: Paragraph) => string, changes: Note[]): string {
  const rows = table.rows.filter((r) => r.cells.length > 0);
  if (rows.length === 0) return "";
  const columns = Math.max(...rows.map((r) => r.cells.reduce((n, c) => n + c.span, 0)));
  const cellText = (blocks: readonly Block[]): string => {
    const parts: string[] = [];
    for (const b of blocks) {
      if (b.kind === "paragraph") {
        const md = inline(b);
        if (md === "") continue;
        if (b.list) {
          changes.push({ code: "DOCX_CHANGED", kind: "list-in-table", place: b.place, message: "A list in a table cell is kept as lines with their numbers typed: table cells hold no lists." });
          parts.push(`${escapeMarkdown(b.list.ordered ? b.list.label : "•")} ${md}`);
        } else parts.push(md);
      } else if (b.kind === "table") {
        changes.push({ code: "DOCX_CHANGED", kind: "nested-table", place: b.place, message: "A table inside a table cell is kept as lines of text, its cells separated by “ / ”: tables cannot nest." });
        for (const r of b.rows) parts.push(r.cells.map((c) => cellText(c.blocks)).join(" / "));
      }
    }
    return parts.join("<br>");
  };
  const line = (cells: string[]): string => `| ${cells.map((c) => c || " ").join(" | ")} |`;
  const texts = rows.map((r) => {
    const cells: string[] = [];
    for (const c of r.cells) {
      cells.push(cellText(c.blocks));
      for (let k = 1; k < c.span; k++) cells.push("");
    }
    while (cells.length < columns) cells.push("");
    return cells;
  });
  if (!rows[0]!.header)
    changes.push({ code: "DOCX_CHANGED", kind: "formatting", place: table.place, message: "The table's first row becomes its header row (bold, repeated on each page): a Markdown table always has one." });
  return [line(texts[0]!), line(texts[0]!.map(() => "---")), ...texts.slice(1).map(line)].join("\n");
}

export function plainParagraph(p: Paragraph): string {
  return p.inlines.map(inlineText).join("");
}

export type { Inline };
