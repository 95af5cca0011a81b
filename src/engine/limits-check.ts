import { problem, type Problem } from "./errors/problem";
import type { ProblemCode } from "./errors/codes";
import {
  expandedCost,
  formatCount,
  LIST_LEVELS,
  MAX_EMPHASIS_MARKERS,
  MAX_FILE_CHARS,
  MAX_JSON_DEPTH,
  MAX_EXPANDED_SIZE,
  MAX_LIBRARY_WEIGHT,
  MAX_MARKDOWN_NESTING,
  MAX_SECTIONS,
  MAX_SNIPPETS,
  MAX_TEMPLATE_NESTING,
} from "./limits";

// The checks behind the limits in limits.ts that need more than a comparison: scans that run before
// the JSON validator, the Handlebars parser or the Markdown parser sees an input, so that the costly
// (or stack-hungry) step never starts on input it cannot handle. None of them recurses.

export function limitProblem(code: ProblemCode, path: string, message: string): Problem {
  return problem({ code, path, message });
}

// ---------------------------------------------------------------------------------------------------
// Files

/**
 * Depth and approximate JSON size of a parsed value, walked without recursion (the value may be nested
 * far deeper than the call stack allows). Stops as soon as either limit is passed.
 */
export function measureJson(value: unknown, maxDepth = MAX_JSON_DEPTH, maxChars = MAX_FILE_CHARS): { depth: number; chars: number } {
  let deepest = 0;
  let chars = 0;
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 1 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === "string") {
      chars += v.length + 3;
      if (chars > maxChars) break;
      continue;
    }
    if (typeof v !== "object" || v === null) {
      chars += 6;
      continue;
    }
    if (seen.has(v)) continue; // a shared or circular object is counted once (sanitize breaks cycles)
    seen.add(v);
    if (depth > deepest) deepest = depth;
    if (deepest > maxDepth) break;
    chars += 2;
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else {
      for (const [key, item] of Object.entries(v)) {
        chars += key.length + 4;
        stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
  return { depth: deepest, chars };
}

/**
 * The limits a whole file is held to before anything else reads it: its size, its nesting, and how
 * many snippets (library) or sections (assembly) it holds. `text` is the JSON text when the file came
 * as text (its length is the size); otherwise the parsed value's size is estimated.
 */
export function fileLimitProblems(text: string | undefined, value: unknown, kind: "library" | "assembly"): Problem[] {
  const problems: Problem[] = [];
  // Text is measured by its length; only a parsed value needs its size estimated.
  const measured = measureJson(value, MAX_JSON_DEPTH, text === undefined ? MAX_FILE_CHARS : Infinity);
  const chars = text === undefined ? measured.chars : text.length;
  if (chars > MAX_FILE_CHARS) {
    problems.push(
      limitProblem(
        "LIMIT_FILE_SIZE",
        "",
        `This ${kind} is ${text === undefined ? "about " : ""}${formatCount(chars)} characters long; Sectionsmith reads files of at most ${formatCount(MAX_FILE_CHARS)}. Split it into several ${kind === "library" ? "libraries (a build can use more than one)" : "assemblies"}, or move large embedded images out of it.`,
      ),
    );
    return problems;
  }
  if (measured.depth > MAX_JSON_DEPTH) {
    problems.push(
      limitProblem(
        "LIMIT_FILE_DEPTH",
        "",
        `This ${kind} has lists and objects nested more than ${MAX_JSON_DEPTH} levels deep; a ${kind} file needs fewer than 10. Check that it is a Sectionsmith ${kind} and not another kind of JSON file.`,
      ),
    );
    return problems;
  }
  const field = kind === "library" ? "snippets" : "sections";
  const max = kind === "library" ? MAX_SNIPPETS : MAX_SECTIONS;
  const list = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  if (Array.isArray(list) && list.length > max) {
    problems.push(
      limitProblem(
        kind === "library" ? "LIMIT_SNIPPETS" : "LIMIT_SECTIONS",
        field,
        kind === "library"
          ? `This library holds ${formatCount(list.length)} snippets; a library may hold at most ${formatCount(max)}. Split it into several libraries by topic (a build can use more than one).`
          : `This assembly has ${formatCount(list.length)} sections; an assembly may have at most ${formatCount(max)}. Split the document into several assemblies, or combine short sections into larger snippets.`,
      ),
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Libraries as a whole

// A body's weight, kept per snippet object (and checked against its body): the pane builds with the
// same library objects again and again.
const weights = new WeakMap<object, { body: string; weight: number }>();

/** One body's share of MAX_LIBRARY_WEIGHT: its expandedCost, at most MAX_EXPANDED_SIZE + 1. */
export function bodyWeight(snippet: { body: string }): number {
  const kept = weights.get(snippet);
  if (kept !== undefined && kept.body === snippet.body) return kept.weight;
  const { body } = snippet;
  // Each character costs at least 1, so only the first MAX_EXPANDED_SIZE + 1 can count.
  const head = body.length > MAX_EXPANDED_SIZE ? body.slice(0, MAX_EXPANDED_SIZE + 1) : body;
  const weight = Math.min(expandedCost(head), MAX_EXPANDED_SIZE + 1);
  weights.set(snippet, { body, weight });
  return weight;
}

/**
 * LIMIT_LIBRARY_SIZE when the bodies together weigh more than MAX_LIBRARY_WEIGHT (see limits.ts).
 * `libraries` is how many files the snippets come from (one for `validate`, all of a build's for a build).
 */
export function libraryWeightProblem(snippets: Iterable<{ body: string }>, libraries: number): Problem | undefined {
  let total = 0;
  let count = 0;
  for (const snippet of snippets) {
    total += bodyWeight(snippet);
    count++;
  }
  if (total <= MAX_LIBRARY_WEIGHT) return undefined;
  const what = libraries > 1 ? `The ${libraries} libraries of this build together hold` : "This library holds";
  return limitProblem(
    "LIMIT_LIBRARY_SIZE",
    libraries > 1 ? "" : "snippets",
    `${what} ${formatCount(count)} snippets whose bodies weigh ${formatCount(total)} (characters plus a weight per line, list item, cell, link and mark-up); Sectionsmith handles at most ${formatCount(MAX_LIBRARY_WEIGHT)} at once, about 4,500 pages. Split the library by topic and give each build only the libraries it needs.`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Templates

export type NestingFailure = { offset: number; message: string };

/** Maximum depth of (…) in a tag's text, ignoring parentheses inside quoted strings. */
function parenDepth(tag: string): number {
  let depth = 0;
  let max = 0;
  let quote = "";
  for (const ch of tag) {
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") max = Math.max(max, ++depth);
    else if (ch === ")") depth = Math.max(0, depth - 1);
  }
  return max;
}

/**
 * How deeply a template's blocks nest, found by a plain scan before the Handlebars parser sees the text:
 * the parser and every walk over its tree recurse once per level, and the parser slows down sharply on
 * thousands of unclosed blocks. Chained {{else if x}} count as a level each (the parser nests them).
 * The scan is approximate (a "}}" inside a quoted string ends the tag early), which is harmless: it
 * only has to notice nesting far beyond anything a person writes.
 */
export function templateNesting(text: string): NestingFailure | undefined {
  let i = text.indexOf("{{");
  if (i < 0) return undefined;
  const stack: number[] = [];
  let depth = 0;
  while (i >= 0) {
    let slashes = 0;
    while (text[i - 1 - slashes] === "\\") slashes++;
    if (slashes % 2 === 1) {
      i = text.indexOf("{{", i + 2);
      continue;
    }
    const comment = text.startsWith("{{!--", i) ? "--}}" : text.startsWith("{{!", i) ? "}}" : undefined;
    const end = text.indexOf(comment ?? "}}", i + 2);
    if (end < 0) return undefined; // an unclosed tag: the parser reports it
    if (!comment) {
      const tag = text.slice(i + 2, end).replace(/^[{~\s]+/, "");
      const parens = parenDepth(tag);
      if (parens > MAX_TEMPLATE_NESTING) {
        return {
          offset: i,
          message: `this tag has (…) nested ${parens} deep; at most ${MAX_TEMPLATE_NESTING} are allowed. Split the condition: test part of it in an outer {{#if}}`,
        };
      }
      const head = tag[0];
      if ((head === "#" || head === "^") && !/^\^\s*~?$/.test(tag)) {
        stack.push(1);
        depth++;
      } else if (head === "/") {
        depth -= stack.pop() ?? 0;
      } else if (/^else\s+\S/.test(tag) && stack.length > 0) {
        stack[stack.length - 1]!++;
        depth++;
      }
      if (depth > MAX_TEMPLATE_NESTING) {
        return {
          offset: i,
          message: `blocks are nested more than ${MAX_TEMPLATE_NESTING} deep here (including chained {{else if}}); move the inner part into a snippet of its own and include it with {{> id}}, or combine conditions with (and …)`,
        };
      }
    }
    i = text.indexOf("{{", end + (comment ? comment.length : 2));
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Markdown (checked on the expanded text, before the parser sees it)

export type MarkdownLimitFailure = { code: "LIMIT_MARKDOWN_NESTING" | "LIMIT_MARKDOWN_EMPHASIS"; offset: number; message: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// One container marker: a block quote ">" or a list marker followed by a blank (or the end of the line).
const CONTAINER = /^(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/;
// A line that starts a new inline context (a list item, a heading, a table row): emphasis cannot span it.
const NEW_INLINE = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]|#{1,6}(?:[ \t]|$)|\|)/;

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

/**
 * A line-by-line scan of Markdown for the two things its parser handles badly: containers nested
 * thousands deep (its tree walks overflow the stack, and it slows down sharply long before) and
 * paragraphs packed with emphasis markers (matched in quadratic time). Nesting is over-estimated from
 * each line's markers and indentation (a nested list needs at least two columns per level), so the scan
 * only rejects lines whose prefix is at least twice the nesting limit; the exact check runs on the
 * parsed tree (markdownTreeNesting). Lines of top-level fenced code are skipped.
 */
export function scanMarkdown(markdown: string): MarkdownLimitFailure | undefined {
  let offset = 0;
  let fence: string | undefined;
  let runs = 0;
  let blockStart = 0;
  for (const line of markdown.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (line.trim() === "") {
      runs = 0;
      blockStart = offset;
      continue;
    }
    const { markers, columns } = linePrefix(line);
    if (markers + Math.floor((columns - markers) / 2) > 2 * MAX_MARKDOWN_NESTING) {
      return {
        code: "LIMIT_MARKDOWN_NESTING",
        offset: start,
        message: `lists or block quotes are nested far more than ${MAX_MARKDOWN_NESTING} levels deep here; Word shows ${LIST_LEVELS} list levels, so flatten the structure`,
      };
    }
    if (NEW_INLINE.test(line)) {
      runs = 0;
      blockStart = start;
    }
    runs += emphasisRuns(line);
    if (runs > MAX_EMPHASIS_MARKERS) {
      return {
        code: "LIMIT_MARKDOWN_EMPHASIS",
        offset: blockStart,
        message: `this paragraph has more than ${formatCount(MAX_EMPHASIS_MARKERS)} emphasis markers (*, _ or ~); split it into shorter paragraphs with blank lines, or write literal asterisks and underscores as \\* and \\_`,
      };
    }
  }
  return undefined;
}

type TreeNode = { type: string; children?: TreeNode[]; position?: { start: { offset?: number } } };

/** The first list or block quote nested deeper than MAX_MARKDOWN_NESTING in a parsed tree (walked without recursion). */
export function markdownTreeNesting(root: TreeNode): { node: TreeNode; depth: number } | undefined {
  const stack: Array<{ node: TreeNode; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const here = node.type === "list" || node.type === "blockquote" ? depth + 1 : depth;
    if (here > MAX_MARKDOWN_NESTING) return { node, depth: here };
    for (const child of node.children ?? []) stack.push({ node: child, depth: here });
  }
  return undefined;
}

/** A stack overflow (as opposed to any other error): deep input that slipped past the scans above. */
export const isStackOverflow = (error: unknown): boolean =>
  error instanceof RangeError && /call stack/i.test(error.message);
