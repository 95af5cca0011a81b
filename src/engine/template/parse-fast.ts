import type { AST } from "@handlebars/parser";
import {
  blockProgram,
  path,
  program,
  programLoc,
  strip,
  type BlockNode,
  type Expr,
  type PathNode,
  type Pos,
  type ProgramNode,
  type Statement,
  type Strip,
} from "./fast-ast";
import { applyStandalone } from "./standalone";
import { BAIL, isNameChar, TagScanner } from "./parse-fast-tag";
import { keepAlive } from "../keep-alive";

// A fast path for the template parse (issue 15; docs/decisions.md "The template parse's fast path").
// @handlebars/parser is a Jison parser: its lexer tries its rules' regular expressions one after another
// at every token, and its standalone pass tests regular expressions over whole content strings; for the
// benchmark's 100 bodies (553 KB) that is 20–25 ms of a first build. The engine reads only a small part
// of Handlebars — text, {{name}}, {{@data}}, blocks with names, strings, numbers, booleans and (helper …)
// sub-expressions as parameters, {{else}}, {{else if …}} chains and {{> id}} — so this scanner reads that
// part in one pass and builds the very tree the library builds for it: the same nodes, fields, values and
// `loc` positions, key for key (fast-ast.ts), with the standalone rule applied as the library applies it
// (standalone.ts). Anything else — comments, `~`, `\{{` escapes, raw blocks, {{^}}, partial blocks,
// decorators, name=value arguments, block parameters, dotted or odd names, literals of other forms, line
// breaks inside a tag, `\r`, U+2028/2029 and NUL (which the library's line counting or lexer treat their
// own way), long runs that parse.ts sets aside, and every error — makes it return undefined, and the
// library parses the text: it stays the reference, and the only source of errors and their places.
// tests/engine/template/parse-fast.test.ts and tests/fuzz/template-parsers.fuzz.ts compare both trees.

/** Runs this long without a brace, backslash or line break are set aside in parse.ts; not taken here. */
export const LONG_RUN = 4096;

type Stop =
  | { kind: "end" }
  | { kind: "else"; end: Pos }
  | { kind: "chain"; path: PathNode; params: Expr[]; start: Pos; end: Pos }
  | { kind: "close"; name: string; end: Pos };

const END: Stop = { kind: "end" };

class Scanner extends TagScanner {
  /** The first line break at or after `i` when content() last looked (text.length: none). */
  private nextBreak = -1;
  private readonly checkRuns: boolean;

  constructor(text: string) {
    super(text);
    this.checkRuns = text.length >= LONG_RUN;
  }

  root(): ProgramNode {
    const { body, stop } = this.statements();
    if (stop !== END) throw BAIL;
    return program(body);
  }

  /** Statements up to the end or a tag that ends a program ({{else}}, {{else …}}, {{/…}}). */
  private statements(): { body: Statement[]; stop: Stop } {
    const body: Statement[] = [];
    for (;;) {
      const open = this.content(body);
      if (open < 0) return { body, stop: END };
      const stop = this.tag(open, body);
      if (stop) return { body, stop };
    }
  }

  /** Reads text up to the next `{{` (added to body as a ContentStatement); returns where `{{` is, or -1. */
  private content(body: Statement[]): number {
    const text = this.text;
    const from = this.i;
    const start = this.pos(from);
    const open = text.indexOf("{{", from);
    const end = open < 0 ? text.length : open;
    // Line breaks by indexOf, the next one kept between calls (a line with many tags is searched once).
    let nl = this.nextBreak >= from ? this.nextBreak : this.findBreak(from);
    while (nl < end) {
      this.lineDone(nl);
      nl = this.findBreak(nl + 1);
    }
    this.nextBreak = nl;
    if (open < 0) this.lineDone(text.length);
    else if (open > 0 && text.charCodeAt(open - 1) === 0x5c) throw BAIL; // \{{ and \\{{: escapes
    if (end > from) {
      const value = text.slice(from, end);
      body.push({ type: "ContentStatement", original: value, value, loc: this.loc(start, this.pos(end)) });
    }
    return open;
  }

  private findBreak(from: number): number {
    const at = this.text.indexOf("\n", from);
    return at < 0 ? this.text.length : at;
  }

  /** The line from lineStart ends at `at` (a line break, or the end of the text). */
  private lineDone(at: number): void {
    if (this.checkRuns && at - this.lineStart >= LONG_RUN) this.longLine(this.lineStart, at);
    if (at < this.text.length) {
      this.line++;
      this.lineStart = at + 1;
    }
  }

  /**
   * A line long enough to hold a run that parse.ts would set aside (LONG_RUN characters without a brace,
   * backslash, line break or noncharacter): such a text goes to the library, as before.
   */
  private longLine(from: number, to: number): void {
    const text = this.text;
    let run = from;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x7b || c === 0x7d || c === 0x5c || (c >= 0xfdd0 && c <= 0xfdef)) {
        if (k - run >= LONG_RUN) throw BAIL;
        run = k + 1;
      }
    }
    if (to - run >= LONG_RUN) throw BAIL;
  }

  /** Reads the tag at `open`; a statement goes into body, a tag that ends a program is returned. */
  private tag(open: number, body: Statement[]): Stop | undefined {
    const text = this.text;
    const start = this.pos(open);
    let p = open + 2;
    const c = text.charCodeAt(p);
    if (c === 0x23 /* # */) {
      p = this.blanks(p + 1);
      const name = this.name(p);
      const params = this.params(name.end);
      body.push(this.block(start, path(name.value, false, name.loc), params));
      return undefined;
    }
    if (c === 0x2f /* / */) {
      const name = this.name(this.blanks(p + 1));
      return { kind: "close", name: name.value, end: this.pos(this.close(this.blanks(name.end))) };
    }
    if (c === 0x3e /* > */) {
      const name = this.expr(this.blanks(p + 1));
      if (name.node.type !== "PathExpression" && name.node.type !== "StringLiteral") throw BAIL;
      const loc = this.loc(start, this.pos(this.close(this.blanks(name.end))));
      body.push({ type: "PartialStatement", name: name.node, params: [], hash: undefined, indent: "", strip: strip(), loc });
      return undefined;
    }
    p = this.blanks(p);
    // Handlebars' lexer reads `{{else` followed by a non-word character (its rule ends in `else\b`).
    if (text.startsWith("else", p) && !isNameChar(text.charCodeAt(p + 4))) {
      const after = this.blanks(p + 4);
      if (text.charCodeAt(after) === 0x7d && text.charCodeAt(after + 1) === 0x7d) {
        this.i = after + 2;
        return { kind: "else", end: this.pos(after + 2) };
      }
      const name = this.name(after);
      const params = this.params(name.end);
      return { kind: "chain", path: path(name.value, false, name.loc), params, start, end: this.pos(this.i) };
    }
    // {{{ }}}, {{& }}, {{! }}, {{^ }}, {{~ }}, {{* }} and anything else that is not an expression fail here.
    const head = this.expr(p);
    const params = this.params(head.end);
    const loc = this.loc(start, this.pos(this.i));
    body.push({ type: "MustacheStatement", path: head.node, params, hash: undefined, escaped: true, strip: strip(), loc });
    return undefined;
  }

  /** A block, after its opening tag: its program, an {{else}} or {{else if}} chain, and its closing tag. */
  private block(start: Pos, name: PathNode, params: Expr[]): BlockNode {
    const main = this.statements();
    let inverse: ProgramNode | undefined;
    let inverseStrip: Strip | undefined;
    let stop = main.stop;
    let chained = false;
    if (stop.kind === "else") {
      const rest = this.statements();
      inverse = program(rest.body);
      inverseStrip = strip();
      stop = rest.stop;
    } else if (stop.kind === "chain") {
      const chain = this.chain(stop);
      inverse = chain.program;
      inverseStrip = chain.strip;
      stop = chain.stop;
      chained = true;
    }
    if (stop.kind !== "close" || stop.name !== name.original) throw BAIL;
    const closeStrip = strip();
    // prepareBlock gives every block of an {{else if}} chain the strip flags of the real closing tag.
    for (let at = chained ? inverse : undefined; at?.chained; ) {
      const inner = at.body[0] as BlockNode;
      inner.closeStrip = closeStrip;
      at = inner.inverse;
    }
    return {
      type: "BlockStatement",
      path: name,
      params,
      hash: undefined,
      program: blockProgram(main.body),
      inverse,
      openStrip: strip(),
      inverseStrip,
      closeStrip,
      loc: this.loc(start, stop.end),
    };
  }

  /**
   * An {{else if …}} and what follows it up to the closing tag (not consumed), as the grammar's
   * `inverseChain` makes it: a block of its own, inside a program marked `chained`.
   */
  private chain(open: Stop & { kind: "chain" }): { strip: Strip; program: ProgramNode; stop: Stop; end: Pos } {
    const own = this.statements();
    let stop = own.stop;
    let nested: { strip: Strip; program: ProgramNode; end: Pos } | undefined;
    if (stop.kind === "else") {
      const rest = this.statements();
      nested = { strip: strip(), program: program(rest.body), end: lastEnd(rest.body) ?? stop.end };
      stop = rest.stop;
    } else if (stop.kind === "chain") {
      const inner = this.chain(stop);
      nested = inner;
      stop = inner.stop;
    }
    // Where the grammar's rule ends: its last symbol, or the one before an empty one.
    const end = nested ? nested.end : (lastEnd(own.body) ?? open.end);
    const ownProgram = blockProgram(own.body);
    const block: BlockNode = {
      type: "BlockStatement",
      path: open.path,
      params: open.params,
      hash: undefined,
      program: ownProgram,
      inverse: nested?.program,
      openStrip: strip(),
      inverseStrip: nested?.strip,
      closeStrip: nested?.strip,
      loc: this.loc(open.start, end),
    };
    const chained: ProgramNode = { type: "Program", body: [block], strip: {}, loc: ownProgram.loc ?? programLoc([block]), chained: true };
    return { strip: strip(), program: chained, stop, end };
  }
}

const lastEnd = (body: readonly Statement[]): Pos | undefined => body[body.length - 1]?.loc.end;

/**
 * The tree @handlebars/parser's `parse` builds for `text`, or undefined when the text is not in the subset
 * this scanner reads (the caller then asks the library). Never throws.
 */
export function parseFast(text: string): AST.Program | undefined {
  // Line and column are counted as the library counts them only where "\n" is the one line break.
  if (text.includes("\r") || text.includes("\u2028") || text.includes("\u2029") || text.includes("\0")) return undefined;
  try {
    return applyStandalone(new Scanner(text).root()) as unknown as AST.Program;
  } catch {
    return undefined;
  }
}

// The scanner and the tree's node shapes (content with either or both strip marks, chains, includes) die
// with each build's parse cache; their hidden classes are held for the engine's life (keep-alive.ts).
keepAlive(new Scanner(""));
keepAlive(parseFast('a\n{{#if x}}\n  {{> y}}\n{{else if (eq z "s" 1 true)}}\n{{@index}} {{w}}\n{{else}}\n b {{/if}}\n'));
keepAlive(parseFast("{{#each x}}\n{{/each}}\n{{#if y}}z{{/if}}"));
