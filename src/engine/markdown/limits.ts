import { formatCount, LIST_LEVELS, MAX_EMPHASIS_MARKERS, MAX_MARKDOWN_NESTING } from "../limits";

// The Markdown limits (limits.ts: MAX_MARKDOWN_NESTING, MAX_EMPHASIS_MARKERS), checked on the expanded
// text before the parser sees it, and on the parsed tree after: containers nested thousands deep
// overflow the parser's stack, and emphasis markers are matched in quadratic time. None of them recurses.

export type MarkdownLimitFailure = { code: "LIMIT_MARKDOWN_NESTING" | "LIMIT_MARKDOWN_EMPHASIS"; offset: number; message: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// A fence whose code the emphasis count may skip: at the line's start (so in no list item, which a line
// less indented could end, leaving what follows to a paragraph), and for "`" with no "`" after it (else
// it is a code span in a paragraph).
const TOP_FENCE = /^(?:(`{3,})[^`]*|(~{3,}).*)$/;
// One container marker: a block quote ">" or a list marker followed by a blank (or the end of the line).
const CONTAINER = /^(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/;
// Emphasis runs are counted per inline context (a paragraph, a heading, a table cell), and a count may
// start again only where the parser certainly starts a new one, whatever came before the line: counting
// too much refuses a long paragraph early, counting too little lets a quadratic one through (issue 24:
// "|*a*a…" lines and "2. *a*a…" lines after a paragraph are one paragraph to micromark, and ~20,000
// markers took half a minute). Measured against micromark: tests/engine/limits/emphasis-contexts.test.ts.
// After up to three spaces: an ATX heading; a list item with text that may start a list anywhere (a
// bullet, or the number 1); another number only right after an item of the same list (the line before
// began an item at the same place: "1. a\n   2. b" is one paragraph, "- a\n2. b" a new list).
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const ITEM = /^( {0,3})(?:([-+*])|(\d{1,9})[.)])[ \t]+\S/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
// A table's delimiter row ("|---|:--:|"), with at least one "|".
const DELIMITER_ROW = /^ {0,3}(?=[^|]*\|)\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const FOOTNOTE = /^ {0,3}\[\^/;
/** A block quote's ">" markers at a line's start, and the rest of the line. */
const QUOTES = /^(?: {0,3}> ?)*/;

/** Cells of a table row: its unescaped "|" split it (a code span does not protect one, as in GFM). */
function cellCount(line: string): number {
  const t = line.trim();
  let cells = 1;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === "\\") i++;
    else if (t[i] === "|" && i > 0 && i < t.length - 1) cells++;
  }
  return cells;
}

/** Container markers at the start of a line, and the columns they and the blanks around them take. */
function linePrefix(line: string): { markers: number; columns: number } {
  let markers = 0;
  let columns = 0;
  let i = 0;
  // Past this many columns the line is too deep whatever follows: stop counting.
  const enough = 4 * MAX_MARKDOWN_NESTING + 8;
  while (i < line.length && columns <= enough) {
    const ch = line[i];
    if (ch === " " || ch === "\t") {
      columns += ch === "\t" ? 4 - (columns % 4) : 1;
      i++;
      continue;
    }
    const m = CONTAINER.exec(line.slice(i, i + 12));
    if (!m) break;
    markers++;
    columns += m[0].length;
    i += m[0].length;
  }
  return { markers, columns };
}

/** Runs of unescaped *, _ or ~ in one line. */
function emphasisRuns(line: string): number {
  let runs = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch === "*" || ch === "_" || ch === "~") {
      runs++;
      while (line[i + 1] === ch) i++;
    }
  }
  return runs;
}

// The line scan below costs ~20 ms for the benchmark's 1,000 sections (5.5 MB) warm and ~35 ms in a first
// build, and almost every text passes it (issue 15). Two cheap tests over the whole text say when it
// cannot fail, and then it is skipped:
// - Nesting: a line's estimate (markers + half its other columns) grows by at most 2 per character of
//   its prefix (a tab: 4 columns; a marker ">" or "-": 1; "1." 1.5 for 2), so a line over
//   2 × MAX_MARKDOWN_NESTING needs a prefix of more than MAX_MARKDOWN_NESTING characters, all of them
//   blanks or characters of container markers. No such run at a line's start, no nesting failure.
// - Emphasis: the runs counted in a block are at most the *, _ and ~ in the whole text.
// Both are the runtime's own searches (a regular expression, indexOf) over the whole text.
const DEEP_PREFIX = new RegExp(`^[\\t >*+\\-.)0-9]{${MAX_MARKDOWN_NESTING + 1}}`, "m");

/** More than MAX_EMPHASIS_MARKERS characters *, _ and ~ in the text (else no block can have that many runs). */
function manyEmphasisCharacters(markdown: string): boolean {
  if (markdown.length <= MAX_EMPHASIS_MARKERS) return false;
  let count = 0;
  for (const ch of ["*", "_", "~"]) {
    for (let at = markdown.indexOf(ch); at >= 0; at = markdown.indexOf(ch, at + 1)) {
      if (++count > MAX_EMPHASIS_MARKERS) return true;
    }
  }
  return false;
}

/**
 * A line-by-line scan of Markdown for the two things its parser handles badly: containers nested
 * thousands deep (its tree walks overflow the stack, and it slows down sharply long before) and
 * paragraphs packed with emphasis markers (matched in quadratic time). Nesting is over-estimated from
 * each line's markers and indentation (a nested list needs at least two columns per level), so the scan
 * only rejects lines whose prefix is at least twice the nesting limit; the exact check runs on the
 * parsed tree (markdownTreeNesting). Lines of top-level fenced code are skipped.
 */
export function scanMarkdown(markdown: string): MarkdownLimitFailure | undefined {
  if (!DEEP_PREFIX.test(markdown) && !manyEmphasisCharacters(markdown)) return undefined;
  return scanLines(markdown);
}

const emphasisFailure = (offset: number): MarkdownLimitFailure => ({
  code: "LIMIT_MARKDOWN_EMPHASIS",
  offset,
  message: `this paragraph has more than ${formatCount(MAX_EMPHASIS_MARKERS)} emphasis markers (*, _ or ~); split it into shorter paragraphs with blank lines, or write literal asterisks and underscores as \\* and \\_`,
});

/** scanMarkdown's scan itself, line by line (exported for the tests of its shortcut and its contexts). */
export function scanLines(markdown: string, maxEmphasis = MAX_EMPHASIS_MARKERS): MarkdownLimitFailure | undefined {
  let offset = 0;
  let fence: string | undefined;
  let runs = 0;
  let blockStart = 0;
  // The inline context so far (see HEADING above): the deepest block quote among its lines; where the
  // list item that began it starts (its quote depth and indentation), if one did; whether the lines since
  // the last blank line or heading are plain paragraph lines at the top, unindented (a table may start
  // there); the line before; whether the lines are the rows of a table.
  let quoteMax = 0;
  let item: { depth: number; indent: number } | undefined;
  let plain = true;
  let previous: string | undefined;
  let table = false;
  for (const line of markdown.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    // Fenced code is skipped by the nesting check, but its lines count toward the emphasis runs of the
    // context around it: a "```" inside an HTML block is no fence, and the paragraph after it is parsed.
    const fenceMatch = FENCE.exec(line);
    const topFence = fence === undefined ? TOP_FENCE.exec(line) : null;
    if (fence !== undefined || topFence) {
      if (topFence) fence = topFence[1] ?? topFence[2];
      else if (fenceMatch && fenceMatch[1]![0] === fence![0] && fenceMatch[1]!.length >= fence!.length) fence = undefined;
      previous = undefined;
      item = undefined;
      table = false;
      runs += emphasisRuns(line);
      if (runs > maxEmphasis) return emphasisFailure(blockStart);
      continue;
    }
    const blank = line.trim() === "";
    const { markers, columns } = blank ? { markers: 0, columns: 0 } : linePrefix(line);
    if (markers + Math.floor((columns - markers) / 2) > 2 * MAX_MARKDOWN_NESTING) {
      return {
        code: "LIMIT_MARKDOWN_NESTING",
        offset: start,
        message: `lists or block quotes are nested far more than ${MAX_MARKDOWN_NESTING} levels deep here; Word shows ${LIST_LEVELS} list levels, so flatten the structure`,
      };
    }
    const quotes = QUOTES.exec(line)![0];
    const rest = line.slice(quotes.length);
    // A line of nothing but blanks or ">" ends the paragraph: a blank line inside the block quotes.
    if (blank || rest.trim() === "") {
      runs = 0;
      blockStart = offset;
      quoteMax = 0;
      item = undefined;
      plain = true;
      previous = undefined;
      table = false;
      continue;
    }
    const depth = quotes.split(">").length - 1;
    const indent = rest.length - rest.trimStart().length;
    const itemMatch = ITEM.exec(rest);
    let fresh = false;
    let startsItem = false;
    if (depth > quoteMax) fresh = true; // a deeper block quote starts: never a paragraph's continuation
    if (itemMatch && (itemMatch[2] !== undefined || Number(itemMatch[3]) === 1)) fresh = startsItem = true;
    else if (itemMatch && item !== undefined && item.depth === depth && item.indent === indent) fresh = startsItem = true;
    const heading = depth === 0 && HEADING.test(rest);
    if (heading) fresh = true;
    // A table's rows: each is an inline context of its own. A row begins with "|"; any other line may
    // end the table (a footnote, indented code, a list…) and is counted with what follows.
    const row = table && depth === 0 && indent <= 3 && rest.trimStart().startsWith("|");
    if (row) fresh = true;
    else table = false;
    if (
      !table &&
      plain &&
      depth === 0 &&
      previous !== undefined &&
      DELIMITER_ROW.test(rest) &&
      !THEMATIC.test(rest) &&
      previous.length - previous.trimStart().length <= 3 &&
      /[^|\s]/.test(previous) &&
      previous.includes("|") &&
      cellCount(previous) === cellCount(rest)
    ) {
      table = fresh = true;
    }
    if (fresh) {
      runs = 0;
      blockStart = start;
      quoteMax = depth;
    } else if (depth > quoteMax) quoteMax = depth;
    item = startsItem ? { depth, indent } : undefined;
    if (heading) plain = true;
    // Inside a container (a quote, a list item, a footnote: its lines after a blank line are indented),
    // a header row may be a lazy line of its paragraph, and then there is no table.
    else if (depth > 0 || itemMatch || indent > 0 || FOOTNOTE.test(rest)) plain = false;
    previous = depth === 0 && !heading ? rest : undefined;
    runs += emphasisRuns(line);
    if (runs > maxEmphasis) return emphasisFailure(blockStart);
  }
  return undefined;
}

type TreeNode = { type: string; children?: TreeNode[]; position?: { start: { offset?: number } } };

// mdast nodes that hold only inline content (or rows and cells of it): no block — list, block quote,
// definition — is ever below them, so walks looking for blocks do not go into them; most of a tree's nodes
// are inline (issue 15). Also the renderer's definition walk (render/section.ts).
export const INLINE_ONLY: ReadonlySet<string> = new Set(["paragraph", "heading", "table", "tableRow", "tableCell"]);

/** The first list or block quote nested deeper than MAX_MARKDOWN_NESTING in a parsed tree (walked without recursion). */
export function markdownTreeNesting(root: TreeNode): { node: TreeNode; depth: number } | undefined {
  // Two parallel stacks, not an object per node.
  const nodes: TreeNode[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const here = node.type === "list" || node.type === "blockquote" ? depth + 1 : depth;
    if (here > MAX_MARKDOWN_NESTING) return { node, depth: here };
    const children = node.children;
    if (children === undefined || INLINE_ONLY.has(node.type)) continue;
    for (const child of children) {
      nodes.push(child);
      depths.push(here);
    }
  }
  return undefined;
}

/** A stack overflow (as opposed to any other error): deep input that slipped past the scans above. */
export const isStackOverflow = (error: unknown): boolean =>
  error instanceof RangeError && /call stack/i.test(error.message);
