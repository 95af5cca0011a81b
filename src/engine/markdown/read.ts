import type { Root } from "mdast";
import type { ProblemCode } from "../errors/codes";
import { problem, type Problem } from "../errors/problem";
import { MAX_MARKDOWN_NESTING } from "../limits";
import type { SourceLocation } from "../template/types";
import { isStackOverflow, markdownTreeNesting, scanMarkdown } from "./limits";
import { parseMarkdown } from "./parse";

// Markdown → a parsed tree within the Markdown limits: what the renderer (render/) receives. The text is
// scanned before the parser sees it (nesting thousands deep, emphasis markers by the thousand) and the
// tree is checked after; past a limit there is no tree, and a LIMIT_MARKDOWN_* problem at the place.
//
// Parsed trees are kept by their text (issue 15): the same Markdown — a section whose snippet and values
// did not change since the pane's last build, a body validated and then built, the same header on
// every build of the server — is parsed once. A tree is the same tree for the same text (the parser is
// deterministic, positions are offsets into that text), and nothing downstream changes a tree (the
// renderer only reads it), so a kept tree is as good as a fresh one. Parsing is a third of a build's
// time (bench/results.md); the store is bounded by the text it holds, so it never grows with use.

/**
 * Characters of Markdown whose trees are kept: about 180 sections of two pages. A tree costs about 6 bytes
 * per character of its text besides the text (measured on the benchmark's sections: its strings are
 * slices of the text), so at most ~8 MB stay held after a build.
 */
export const MARKDOWN_CACHE_CHARS = 1_000_000;
/** Texts shorter than this are not kept: parsing them costs less than keeping them. */
const MIN_KEPT_CHARS = 64;

const kept = new Map<string, Root>();
let keptChars = 0;

/** Forgets every kept tree (the benchmark's cold runs; tests). */
export function clearMarkdownCache(): void {
  kept.clear();
  keptChars = 0;
}

function remember(markdown: string, root: Root): void {
  if (markdown.length < MIN_KEPT_CHARS || markdown.length > MARKDOWN_CACHE_CHARS / 4) return;
  kept.set(markdown, root);
  keptChars += markdown.length;
  // Least recently used out first (a hit moves its text to the end).
  for (const [text] of kept) {
    if (keptChars <= MARKDOWN_CACHE_CHARS) break;
    kept.delete(text);
    keptChars -= text.length;
  }
}

function parseKept(markdown: string): Root {
  const found = kept.get(markdown);
  if (found !== undefined) {
    kept.delete(markdown);
    kept.set(markdown, found);
    return found;
  }
  const root = parseMarkdown(markdown);
  remember(markdown, root);
  return root;
}

export type MarkdownFailure = { code: ProblemCode; message: string; offset: number };

/** The Markdown's tree, or why it is beyond what the parser and the renderer handle safely (limits.ts). */
export function readMarkdown(markdown: string): { root: Root } | { failure: MarkdownFailure } {
  const scanned = scanMarkdown(markdown);
  if (scanned) return { failure: scanned };
  let root: Root;
  try {
    root = parseKept(markdown);
  } catch (error) {
    // Deep nesting the line scan could not see (e.g. inside a list's fenced code): still a clear error.
    if (!isStackOverflow(error)) throw error;
    return {
      failure: {
        code: "LIMIT_MARKDOWN_NESTING",
        message: `the Markdown is nested too deeply to read; flatten its lists and block quotes (at most ${MAX_MARKDOWN_NESTING} levels)`,
        offset: 0,
      },
    };
  }
  const deep = markdownTreeNesting(root);
  if (deep) {
    return {
      failure: {
        code: "LIMIT_MARKDOWN_NESTING",
        message: `lists and block quotes are nested ${deep.depth} levels deep here; at most ${MAX_MARKDOWN_NESTING} are allowed (Word shows 9 list levels: deeper lists are drawn at level 9)`,
        offset: deep.node.position?.start.offset ?? 0,
      },
    };
  }
  return { root };
}

/** readMarkdown, with a failure reported into `problems` at its line and column in the snippet body. */
export function readMarkdownAt(
  markdown: string,
  locate: (offset: number) => SourceLocation,
  problems: Problem[],
): Root | undefined {
  const read = readMarkdown(markdown);
  if ("root" in read) return read.root;
  const at = locate(read.failure.offset);
  problems.push(problem({ code: read.failure.code, message: read.failure.message, ...at }));
  return undefined;
}
