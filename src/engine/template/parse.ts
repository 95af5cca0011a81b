import { parse, type AST } from "@handlebars/parser";
import type { ProblemCode } from "../errors/codes";
import { templateNesting } from "../limits-check";
import { SourceText } from "./source-text";

// Parsing uses the maintained Handlebars grammar (@handlebars/parser) and only its AST: templates are
// interpreted by this module's walker, never compiled to JavaScript, because the task pane runs under
// a Content-Security-Policy without eval. `parse` applies Handlebars' "standalone" rule, which removes
// a line holding only a block tag ({{#if}}, {{else}}, {{/each}}, {{> id}}, a comment) together with its
// newline; that is what lets a false conditional or an empty loop leave no empty line behind.

export type ParseFailure = { code: ProblemCode; message: string; offset: number };
export type Parsed = { ok: true; program: AST.Program } | { ok: false; failure: ParseFailure };

// Snippet ids may hold "." and "-" anywhere ("v1.2.3", "a..b"), which the Handlebars grammar reads as
// paths and numbers and sometimes rejects. The id of every `{{> id}}` is therefore replaced, before
// parsing, by underscores of the same length: positions do not move, and the id itself is read back
// from the original text at the name's location (see includeId).
const INCLUDE_TAG = /(\\*)(\{\{~?>[ \t]*)([A-Za-z0-9_][A-Za-z0-9._-]*)(?=[ \t]*~?\}\})/g;

function maskIncludeIds(body: string): string {
  if (!body.includes(">")) return body;
  return body.replace(INCLUDE_TAG, (all, slashes: string, open: string, id: string) =>
    // An odd number of backslashes makes the tag literal text: leave it alone.
    slashes.length % 2 === 1 ? all : slashes + open + "_".repeat(id.length),
  );
}

const CACHE_LIMIT = 500;
const cache = new Map<string, Parsed>();

/** Forgets every parsed body (the benchmark's first builds, which must parse every template; tests). */
export function clearTemplateCache(): void {
  cache.clear();
}

/** Parses a body (cached: the same included snippet is parsed once). The AST must not be modified. */
export function parseTemplate(body: string): Parsed {
  const hit = cache.get(body);
  if (hit) return hit;
  const out = parseUncached(body);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(body, out);
  return out;
}

function parseUncached(body: string): Parsed {
  // Deep nesting is refused before parsing: the parser slows down sharply on it, and the parser and
  // every walk over its tree recurse once per level (see limits.ts).
  const tooDeep = templateNesting(body);
  if (tooDeep) return { ok: false, failure: { code: "LIMIT_TEMPLATE_NESTING", ...tooDeep } };
  try {
    return { ok: true, program: parseMasked(maskIncludeIds(body)) };
  } catch (error) {
    return { ok: false, failure: describeFailure(body, error) };
  }
}

// The parser's lexer finds text with a lazy /[^\x00]*?(?=\{\{)/, which keeps one backtrack entry per
// character: a run of megabytes without a tag (an embedded picture's data URI) exhausted V8's regexp
// stack now and then ("Maximum call stack size exceeded", seen under Jest). So long runs that hold no
// brace, backslash or line break are set aside behind short placeholders (noncharacters, which never
// reach the parser from input: the loader removes them), and put back into the tree after parsing, with
// the columns of whatever follows them on their line moved back to where they are in the body.
const PLACEHOLDER = /\uFDEF(\d+)\uFDEF/g;
/** Runs at least this long (without a brace, backslash or line break) are set aside. */
const LONG_RUN = 4096;

type SetAside = { run: string; line: number; column: number; shift: number };

function parseMasked(masked: string): AST.Program {
  if (masked.length < LONG_RUN) return parse(masked);
  const runs: string[] = [];
  const short = setAsideLongRuns(masked, runs);
  if (runs.length === 0) return parse(masked);
  const program = parse(short);
  const aside: SetAside[] = [];
  for (const m of short.matchAll(PLACEHOLDER)) {
    const before = short.lastIndexOf("\n", m.index - 1);
    const line = countLines(short, m.index);
    const run = runs[Number(m[1])]!;
    aside.push({ run, line, column: m.index - before - 1, shift: run.length - m[0].length });
  }
  restoreRuns(program, runs, aside);
  return program;
}

/** Long runs → placeholders, by a plain scan (a regular expression over megabytes would overflow too). */
function setAsideLongRuns(text: string, runs: string[]): string {
  let out = "";
  let from = 0; // start of the current run of plain characters
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    const plain =
      c !== -1 && c !== 0x7b && c !== 0x7d && c !== 0x5c && c !== 0x0a && (c < 0xfdd0 || c > 0xfdef);
    if (plain) continue;
    if (i - from >= LONG_RUN) {
      runs.push(text.slice(from, i));
      out += `\uFDEF${runs.length - 1}\uFDEF`;
    } else out += text.slice(from, i);
    if (c !== -1) out += text[i];
    from = i + 1;
  }
  return out;
}

const countLines = (text: string, end: number): number => {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) line++;
  return line;
};

/** Puts the runs back into every string of the tree and moves columns after them (1-based lines). */
function restoreRuns(node: unknown, runs: readonly string[], aside: readonly SetAside[]): void {
  const move = (pos: { line: number; column: number }) => {
    let add = 0;
    for (const a of aside) if (a.line === pos.line && a.column < pos.column) add += a.shift;
    pos.column += add;
  };
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === "string" && value.includes("\uFDEF")) {
        record[key] = value.replace(PLACEHOLDER, (_, i: string) => runs[Number(i)]!);
      } else if (key === "loc" && value && typeof value === "object") {
        const loc = value as {
          start: { line: number; column: number };
          end: { line: number; column: number };
        };
        move(loc.start);
        move(loc.end);
      } else if (typeof value === "object" && value !== null) stack.push(value);
    }
  }
}

type Tag = { kind: "open" | "close"; name: string; offset: number };

/** The block open/close tags of a body, found by a plain scan (used only to place parse errors well). */
function scanBlockTags(text: string): Tag[] {
  const tags: Tag[] = [];
  let i = text.indexOf("{{");
  while (i >= 0) {
    if (text[i - 1] === "\\" && text[i - 2] !== "\\") {
      i = text.indexOf("{{", i + 2);
      continue;
    }
    const commentEnd = text.startsWith("{{!--", i) ? "--}}" : text[i + 2] === "!" ? "}}" : undefined;
    if (commentEnd) {
      const end = text.indexOf(commentEnd, i + 3);
      if (end < 0) break;
      i = text.indexOf("{{", end + commentEnd.length);
      continue;
    }
    const m = /^\{\{~?\s*([#^/])\s*[>*]?\s*([^\s}~()]*)/.exec(text.slice(i, i + 200));
    if (m && m[2] !== "")
      tags.push({ kind: m[1] === "/" ? "close" : "open", name: m[2] as string, offset: i });
    i = text.indexOf("{{", i + 2);
  }
  return tags;
}

/** The first block tag that breaks nesting: a close without an open, a close of another block, or an open never closed. */
function findNestingError(
  text: string,
): { kind: "unclosed" | "mismatch" | "stray"; tag: Tag; open?: Tag } | undefined {
  const stack: Tag[] = [];
  for (const tag of scanBlockTags(text)) {
    if (tag.kind === "open") stack.push(tag);
    else {
      const open = stack.pop();
      if (!open) return { kind: "stray", tag };
      if (open.name !== tag.name) return { kind: "mismatch", tag, open };
    }
  }
  const last = stack[stack.length - 1];
  return last ? { kind: "unclosed", tag: last } : undefined;
}

/** Parser token names in words, for "expected …" hints. */
const TOKEN_WORDS: Record<string, string> = {
  CLOSE: "}}",
  CLOSE_SEXPR: ")",
  ID: "a name",
  STRING: "text in quotes",
  OPEN_ENDBLOCK: "a closing {{/…}} tag",
  EOF: "the end of the text",
};

type JisonHash = { token?: string; text?: string; loc?: { last_line: number; last_column: number } };
type HandlebarsException = Error & { hash?: JisonHash; lineNumber?: number; column?: number };

function describeFailure(body: string, error: unknown): ParseFailure {
  const src = new SourceText(body, "");
  const e = error as HandlebarsException;
  const raw = e instanceof Error ? e.message : String(error);
  const nesting = findNestingError(body);
  const token = e.hash?.token;

  if (token === "EOF" || /doesn't match/.test(raw) || token === "OPEN_ENDBLOCK") {
    if (nesting?.kind === "unclosed") {
      return {
        code: "TEMPLATE_UNCLOSED_BLOCK",
        message: `{{#${nesting.tag.name}}} is never closed: add {{/${nesting.tag.name}}}`,
        offset: nesting.tag.offset,
      };
    }
    if (nesting?.kind === "mismatch" && nesting.open) {
      return {
        code: "TEMPLATE_MISMATCHED_BLOCK",
        message: `{{/${nesting.tag.name}}} closes {{#${nesting.open.name}}} (line ${src.position(nesting.open.offset).line}); close {{#${nesting.open.name}}} first with {{/${nesting.open.name}}}`,
        offset: nesting.tag.offset,
      };
    }
    if (nesting?.kind === "stray") {
      return {
        code: "TEMPLATE_MISMATCHED_BLOCK",
        message: `{{/${nesting.tag.name}}} has no matching {{#${nesting.tag.name}}}`,
        offset: nesting.tag.offset,
      };
    }
  }

  // Where the parser stopped: jison reports the last token it accepted; the offending one follows it.
  let offset = 0;
  if (e.hash?.loc) {
    offset = src.offsetOf(e.hash.loc.last_line, e.hash.loc.last_column);
    while (offset < body.length && /\s/.test(body[offset] as string)) offset++;
  } else if (e.lineNumber !== undefined) {
    offset = src.offsetOf(e.lineNumber, e.column ?? 0);
  }

  if (token === "INVERSE" || token === "OPEN_INVERSE_CHAIN") {
    return {
      code: "TEMPLATE_MISPLACED_ELSE",
      message: "{{else}} is only allowed once inside {{#if}}, {{#unless}} or {{#each}}",
      offset,
    };
  }
  if (token === "EOF") {
    return { code: "TEMPLATE_SYNTAX", message: "the template ends in the middle of a tag", offset };
  }
  if (/doesn't match/.test(raw)) {
    return { code: "TEMPLATE_MISMATCHED_BLOCK", message: raw.replace(/ - \d+:\d+$/, ""), offset };
  }
  // A tag opened with {{ and never closed is the most common slip: say so at its {{.
  const open = body.lastIndexOf("{{", Math.max(0, offset - 1));
  if (open >= 0 && token !== undefined) {
    const next = body.indexOf("{{", open + 2);
    const close = body.indexOf("}}", open + 2);
    if (close < 0 || (next >= 0 && next < close)) {
      return {
        code: "TEMPLATE_SYNTAX",
        message: "this tag is not closed: add }} (or write \\{{ for literal braces)",
        offset: open,
      };
    }
  }
  const expected = (e.hash as { expected?: string[] } | undefined)?.expected ?? [];
  const words = expected.map((t) => TOKEN_WORDS[t.replace(/'/g, "")]).filter((w) => w !== undefined);
  const wanted =
    expected.length > 0 && expected.length <= 3 && words.length === expected.length
      ? `; expected ${words.join(" or ")}`
      : "";
  const found = e.hash?.text ? ` near "${e.hash.text}"` : "";
  if (e.hash === undefined && !/^Parse error/.test(raw)) {
    return { code: "TEMPLATE_SYNTAX", message: `${raw.replace(/ - \d+:\d+$/, "")}`, offset };
  }
  return {
    code: "TEMPLATE_SYNTAX",
    message: `the tag cannot be read${found}${wanted}; write \\{{ for literal braces`,
    offset,
  };
}
