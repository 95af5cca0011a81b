import type { BlockNode, ContentNode, PartialNode, ProgramNode, Statement } from "./fast-ast";

// Handlebars' standalone rule (@handlebars/parser's lib/whitespace-control.js, run by `parse` after the
// grammar) for the trees the fast parser builds: a line holding only a block tag, an {{else}} or an
// include loses its indentation and its line ending, and an include alone on its line records that
// indentation. This is the library's visitor statement for statement, for the cases that tree can hold
// (no `~`, no comments, no partial blocks): the same nodes are looked at in the same order and get the
// same `value`, `rightStripped`, `leftStripped` and `indent`. What differs is how the whitespace tests
// are made: the library runs regular expressions that are anchored at the string's end, which V8 tries
// from every position of a content string (a pass over the whole text per test); here each test reads
// only the blanks at the string's start or end. tests/engine/template/parse-fast.test.ts compares the two.

/** JavaScript's `\s` (the class the library's expressions use). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `/(?:^|\S)[^\S\n]*\n\s*$/`: the blanks at the end hold a line break. */
function endsWithBreak(s: string): boolean {
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) return true;
    if (!isSpace(c)) return false;
  }
  return false;
}

/** `/^\s*?\r?\n/`: the blanks at the start hold a line break. */
function startsWithBreak(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) return true;
    if (!isSpace(c)) return false;
  }
  return false;
}

function allSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isSpace(s.charCodeAt(i))) return false;
  return true;
}

const isContent = (node: Statement | undefined): node is ContentNode => node?.type === "ContentStatement";

function isPrevWhitespace(body: readonly Statement[], i: number, isRoot: boolean): boolean {
  const prev = body[i - 1];
  if (!prev) return isRoot;
  if (!isContent(prev)) return false;
  // The root's first node may also be blanks alone (the start of the template is a line start).
  return body[i - 2] || !isRoot ? endsWithBreak(prev.original) : allSpace(prev.original) || endsWithBreak(prev.original);
}

function isNextWhitespace(body: readonly Statement[], i: number, isRoot: boolean): boolean {
  const next = body[i + 1];
  if (!next) return isRoot;
  if (!isContent(next)) return false;
  return body[i + 2] || !isRoot ? startsWithBreak(next.original) : startsWithBreak(next.original) || allSpace(next.original);
}

/** Takes `[ \t]*\r?\n?` off the start of the node after `i` (the first node when `i` is -1). */
function omitRight(body: readonly Statement[], i: number): void {
  const current = body[i + 1];
  if (!isContent(current) || current.rightStripped) return;
  const value = current.value;
  let k = 0;
  while (k < value.length && (value.charCodeAt(k) === 0x20 || value.charCodeAt(k) === 0x09)) k++;
  if (value.charCodeAt(k) === 0x0d) k++;
  if (value.charCodeAt(k) === 0x0a) k++;
  if (k > 0) current.value = value.slice(k);
  current.rightStripped = k > 0;
}

/** Takes the blanks (spaces, tabs) off the end of the node before `i` (the last node when `i` is the length). */
function omitLeft(body: readonly Statement[], i: number): boolean | undefined {
  const current = body[i - 1];
  if (!isContent(current) || current.leftStripped) return undefined;
  const value = current.value;
  const end = trailingBlanks(value);
  if (end < value.length) current.value = value.slice(0, end);
  current.leftStripped = end < value.length;
  return current.leftStripped;
}

/** Where the run of spaces and tabs at the end of `s` starts. */
function trailingBlanks(s: string): number {
  let k = s.length;
  while (k > 0 && (s.charCodeAt(k - 1) === 0x20 || s.charCodeAt(k - 1) === 0x09)) k--;
  return k;
}

type Flags = { openStandalone: boolean; closeStandalone: boolean } | "inline" | undefined;

function visitProgram(program: ProgramNode, isRoot: boolean): void {
  const body = program.body;
  for (let i = 0; i < body.length; i++) {
    const current = body[i]!;
    const flags: Flags =
      current.type === "BlockStatement" ? visitBlock(current) : current.type === "PartialStatement" ? "inline" : undefined;
    if (flags === undefined) continue;
    const prevWhitespace = isPrevWhitespace(body, i, isRoot);
    const nextWhitespace = isNextWhitespace(body, i, isRoot);
    if (flags === "inline") {
      if (prevWhitespace && nextWhitespace) {
        omitRight(body, i);
        if (omitLeft(body, i)) {
          const before = (body[i - 1] as ContentNode).original;
          const from = trailingBlanks(before);
          // The library reads the indentation with a regular expression that cannot fail here.
          if (from === before.length) throw new Error("no indentation before a standalone include");
          (current as PartialNode).indent = before.slice(from);
        }
      }
      continue;
    }
    const block = current as BlockNode;
    if (flags.openStandalone && prevWhitespace) {
      omitRight(block.program.body, -1);
      omitLeft(body, i);
    }
    if (flags.closeStandalone && nextWhitespace) {
      omitRight(body, i);
      let chain = block.inverse;
      if (chain?.chained) {
        while (chain?.chained) {
          const last = chain.body[chain.body.length - 1] as BlockNode;
          omitLeft(last.program.body, last.program.body.length);
          chain = last.inverse;
        }
        if (chain) omitLeft(chain.body, chain.body.length);
      } else {
        const inner = block.inverse ?? block.program;
        omitLeft(inner.body, inner.body.length);
      }
    }
  }
}

function visitBlock(block: BlockNode): Flags {
  visitProgram(block.program, false);
  if (block.inverse) visitProgram(block.inverse, false);
  const program = block.program;
  const inverse = block.inverse;
  const firstInverse = inverse?.chained ? (inverse.body[0] as BlockNode).program : inverse;
  const flags = {
    openStandalone: isNextWhitespace(program.body, -1, false),
    closeStandalone: isPrevWhitespace((firstInverse ?? program).body, (firstInverse ?? program).body.length, false),
  };
  // A standalone {{else}} (or {{else if …}}): the blanks before it and its line ending go.
  if (
    firstInverse &&
    isPrevWhitespace(program.body, program.body.length, false) &&
    isNextWhitespace(firstInverse.body, -1, false)
  ) {
    omitLeft(program.body, program.body.length);
    omitRight(firstInverse.body, -1);
  }
  return flags;
}

/** Applies the standalone rule to a tree the fast parser built, in place, as `parse` does. */
export function applyStandalone(program: ProgramNode): ProgramNode {
  visitProgram(program, true);
  return program;
}
