// The nodes the fast template parser (parse-fast.ts) builds: the subset of @handlebars/parser's AST it
// handles, with the same fields, in the same order, as the library's grammar actions (its lib/helpers.js
// and handlebars.yy) create them, so a tree from either parser is the same to every reader — and the
// objects share their hidden classes' shapes, so the engine's walkers stay monomorphic.

export type Pos = { line: number; column: number };
/** Handlebars' SourceLocation: `source` is the parse's srcName, which the engine never passes. */
export type Loc = { source: undefined; start: Pos; end: Pos };
export type Strip = { open: boolean; close: boolean };

export type PathNode = {
  type: "PathExpression";
  this: boolean;
  data: boolean;
  depth: number;
  head: string;
  tail: string[];
  parts: string[];
  original: string;
  loc: Loc;
};
export type LiteralNode =
  | { type: "StringLiteral"; value: string; original: string; loc: Loc }
  | { type: "NumberLiteral"; value: number; original: number; loc: Loc }
  | { type: "BooleanLiteral"; value: boolean; original: boolean; loc: Loc };
export type SubNode = { type: "SubExpression"; path: Expr; params: Expr[]; hash: undefined; loc: Loc };
export type Expr = PathNode | LiteralNode | SubNode;

export type ContentNode = {
  type: "ContentStatement";
  original: string;
  value: string;
  loc: Loc;
  // Added by the standalone rules (standalone.ts) when they look at the node, as Handlebars adds them.
  rightStripped?: boolean;
  leftStripped?: boolean;
};
export type MustacheNode = {
  type: "MustacheStatement";
  path: Expr;
  params: Expr[];
  hash: undefined;
  escaped: boolean;
  strip: Strip;
  loc: Loc;
};
export type PartialNode = {
  type: "PartialStatement";
  name: Expr;
  params: Expr[];
  hash: undefined;
  indent: string;
  strip: Strip;
  loc: Loc;
};
export type BlockNode = {
  type: "BlockStatement";
  path: PathNode;
  params: Expr[];
  hash: undefined;
  program: ProgramNode;
  inverse: ProgramNode | undefined;
  openStrip: Strip;
  inverseStrip: Strip | undefined;
  closeStrip: Strip | undefined;
  loc: Loc;
};
export type Statement = ContentNode | MustacheNode | PartialNode | BlockNode;

/**
 * A Program. A block's own program also has `blockParams` (undefined: block parameters are left to the
 * library); the program of an `{{else if …}}` chain has `chained: true` instead.
 */
export type ProgramNode = {
  type: "Program";
  body: Statement[];
  strip: Record<string, never>;
  loc: Loc | undefined;
  blockParams?: undefined;
  chained?: true;
};

export const strip = (): Strip => ({ open: false, close: false });

/** prepareProgram's location: from the first statement's start to the last one's end (copied). */
export function programLoc(body: readonly Statement[]): Loc | undefined {
  if (body.length === 0) return undefined;
  const first = body[0]!.loc;
  const last = body[body.length - 1]!.loc;
  return {
    source: first.source,
    start: { line: first.start.line, column: first.start.column },
    end: { line: last.end.line, column: last.end.column },
  };
}

/** A program as the grammar's `program` rule returns it (the root's, and an {{else}}'s). */
export const program = (body: Statement[]): ProgramNode => ({ type: "Program", body, strip: {}, loc: programLoc(body) });

/** A block's own program: prepareBlock sets `blockParams` on it after prepareProgram made it. */
export const blockProgram = (body: Statement[]): ProgramNode => ({
  type: "Program",
  body,
  strip: {},
  loc: programLoc(body),
  blockParams: undefined,
});

export const path = (name: string, data: boolean, loc: Loc): PathNode => ({
  type: "PathExpression",
  this: false,
  data,
  depth: 0,
  head: name,
  tail: [],
  parts: [name],
  original: data ? `@${name}` : name,
  loc,
});
