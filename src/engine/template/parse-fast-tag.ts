import { path, type Expr, type Loc, type Pos } from "./fast-ast";

// The inside of a tag for the fast template parser (parse-fast.ts): names, @data, literals, (sub
// expressions) and the closing braces, read as @handlebars/parser's lexer reads them for this subset, with
// each node's `loc` as its grammar gives it. Anything else leaves the fast path (BAIL).

/** Thrown to leave the fast path; caught in parseFast. */
export const BAIL = new Error("not on the fast path");

export const isNameChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
/** What may follow a name or literal: a blank, or the `}` or `)` that closes the tag or sub-expression. */
const isFollow = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x7d || c === 0x29;

/** The position bookkeeping and tag reading the scanner's statements build on. */
export class TagScanner {
  protected i = 0;
  protected line = 1;
  protected lineStart = 0;

  constructor(protected readonly text: string) {}

  protected pos(offset: number): Pos {
    return { line: this.line, column: offset - this.lineStart };
  }

  protected loc(start: Pos, end: Pos): Loc {
    return { source: undefined, start, end };
  }

  /** Parameters up to the tag's `}}`, which is consumed (this.i moves past it). */
  protected params(from: number): Expr[] {
    const params: Expr[] = [];
    let p = this.blanks(from);
    while (this.text.charCodeAt(p) !== 0x7d) {
      const param = this.expr(p);
      params.push(param.node);
      p = this.blanks(param.end);
    }
    this.i = this.close(p);
    return params;
  }

  /** The `}}` at p (not `}}}`, which Handlebars reads as the end of {{{ }}}); returns the offset after it. */
  protected close(p: number): number {
    const text = this.text;
    if (text.charCodeAt(p) !== 0x7d || text.charCodeAt(p + 1) !== 0x7d || text.charCodeAt(p + 2) === 0x7d) throw BAIL;
    this.i = p + 2;
    return p + 2;
  }

  protected blanks(p: number): number {
    const text = this.text;
    while (text.charCodeAt(p) === 0x20 || text.charCodeAt(p) === 0x09) p++;
    return p;
  }

  /** A plain name (letters, digits, underscores) that Handlebars reads as an ID token. */
  protected name(p: number): { value: string; loc: Loc; end: number } {
    const text = this.text;
    let e = p;
    while (isNameChar(text.charCodeAt(e))) e++;
    if (e === p || !isFollow(text.charCodeAt(e))) throw BAIL;
    const value = text.slice(p, e);
    // Handlebars' lexer reads these as literals or `this` before it tries an ID.
    if (/^[0-9]+$/.test(value) || value === "true" || value === "false" || value === "null" || value === "undefined" || value === "this")
      throw BAIL;
    return { value, loc: this.loc(this.pos(p), this.pos(e)), end: e };
  }

  /** One expression: a name, @data, "string", 'string', integer, true/false or a (sub expression). */
  protected expr(p: number): { node: Expr; end: number } {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === 0x28 /* ( */) {
      const head = this.expr(this.blanks(p + 1));
      const params: Expr[] = [];
      let q = this.blanks(head.end);
      while (text.charCodeAt(q) !== 0x29) {
        const param = this.expr(q);
        params.push(param.node);
        q = this.blanks(param.end);
      }
      return this.follow({ type: "SubExpression", path: head.node, params, hash: undefined, loc: this.loc(this.pos(p), this.pos(q + 1)) }, q + 1);
    }
    if (c === 0x22 || c === 0x27 /* " ' */) {
      let e = p + 1;
      for (; e < text.length; e++) {
        const d = text.charCodeAt(e);
        if (d === c) break;
        if (d === 0x5c || d === 0x0a || d === 0x0d || d === 0x2028 || d === 0x2029 || d === 0) throw BAIL;
      }
      if (e >= text.length) throw BAIL;
      const value = text.slice(p + 1, e);
      return this.follow({ type: "StringLiteral", value, original: value, loc: this.loc(this.pos(p), this.pos(e + 1)) }, e + 1);
    }
    if (c === 0x40 /* @ */) {
      const name = this.name(p + 1);
      return { node: path(name.value, true, this.loc(this.pos(p), name.loc.end)), end: name.end };
    }
    let e = p;
    while (isNameChar(text.charCodeAt(e))) e++;
    if (e === p || !isFollow(text.charCodeAt(e))) throw BAIL;
    const word = text.slice(p, e);
    const loc = this.loc(this.pos(p), this.pos(e));
    if (word === "true" || word === "false") {
      const value = word === "true";
      return { node: { type: "BooleanLiteral", value, original: value, loc }, end: e };
    }
    if (/^[0-9]+$/.test(word)) {
      const value = Number(word);
      return { node: { type: "NumberLiteral", value, original: value, loc }, end: e };
    }
    if (word === "null" || word === "undefined" || word === "this") throw BAIL;
    return { node: path(word, false, loc), end: e };
  }

  protected follow(node: Expr, end: number): { node: Expr; end: number } {
    if (!isFollow(this.text.charCodeAt(end))) throw BAIL;
    return { node, end };
  }
}
