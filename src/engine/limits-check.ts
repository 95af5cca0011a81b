import { problem, type Problem } from "./errors/problem";
import type { ProblemCode } from "./errors/codes";
import {
  expandedCost,
  formatCount,
  MAX_FILE_CHARS,
  MAX_JSON_DEPTH,
  MAX_SECTION_EXPANDED_SIZE,
  MAX_LIBRARY_WEIGHT,
  MAX_SECTIONS,
  MAX_SNIPPETS,
  MAX_TEMPLATE_NESTING,
} from "./limits";

// The checks behind the limits in limits.ts that need more than a comparison: scans that run before
// the JSON validator, the Handlebars parser or the Markdown parser sees an input, so that the costly
// (or stack-hungry) step never starts on input it cannot handle. None of them recurses. The Markdown
// limits live with the Markdown reader: markdown/limits.ts.

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
  // Two parallel stacks, not an object per entry: every value of a large file passes through them.
  const values: unknown[] = [value];
  const depths: number[] = [1];
  const seen = new Set<object>();
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
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
      for (const item of v) {
        values.push(item);
        depths.push(depth + 1);
      }
    } else {
      const record = v as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        chars += key.length + 4;
        values.push(record[key]);
        depths.push(depth + 1);
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

/** One body's share of MAX_LIBRARY_WEIGHT: its expandedCost, at most MAX_SECTION_EXPANDED_SIZE + 1. */
export function bodyWeight(snippet: { body: string }): number {
  const kept = weights.get(snippet);
  if (kept !== undefined && kept.body === snippet.body) return kept.weight;
  const { body } = snippet;
  // Each character costs at least 1, so only the first MAX_SECTION_EXPANDED_SIZE + 1 can count (a body
  // heavier than that is refused on its own).
  const head = body.length > MAX_SECTION_EXPANDED_SIZE ? body.slice(0, MAX_SECTION_EXPANDED_SIZE + 1) : body;
  const weight = Math.min(expandedCost(head), MAX_SECTION_EXPANDED_SIZE + 1);
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
