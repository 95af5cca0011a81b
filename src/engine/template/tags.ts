import type { AST } from "@handlebars/parser";
import { closest } from "../model/describe";
import type { Variable } from "../model/types";
import type { SourceText } from "./source-text";

// Vocabulary shared by the static checker and the expander, so both agree on what a tag means.

/** Built-in tags. They always mean the built-in, even when a variable has the same name. */
export const BUILTINS = new Set(["page", "pages", "today", "pagebreak", "toc"]);

/** Tags that must sit alone on their line (they become paragraphs of their own). */
export const ALONE_TAGS = new Set(["pagebreak", "toc"]);

/** Comparison helpers usable in a condition: name → [min, max] number of arguments. */
export const COMPARISONS: Record<string, readonly [number, number]> = {
  eq: [2, 2],
  ne: [2, 2],
  gt: [2, 2],
  lt: [2, 2],
  and: [2, Infinity],
  or: [2, Infinity],
  not: [1, 1],
};

/**
 * Cross-reference tags, each with quoted arguments: {{ref "target"}} (the clause number),
 * {{ref "target" "text"}} / {{ref "target" "page"}}, and {{anchor "name"}} on a heading.
 */
export const REF_FORMS = ["number", "text", "page"] as const;
export const isRefTag = (name: string): boolean => name === "ref" || name === "anchor";

export const BLOCK_HELPERS = new Set(["if", "unless", "each", "note"]);

/** Loop data inside {{#each}}: @index (from 0), @number (from 1, an extension), @first, @last. */
export const DATA_NAMES = new Set(["index", "number", "first", "last"]);

export const isComparison = (name: string): boolean => Object.hasOwn(COMPARISONS, name);

/** A plain one-part name ("client"), or undefined for dotted paths, `this`, `../x` and the like. */
export function simpleName(path: AST.PathExpression): string | undefined {
  if (path.depth > 0 || path.parts.length !== 1 || /^(this|\.)(\.|\/|$)|\.\.|\//.test(path.original))
    return undefined;
  const [name] = path.parts;
  return typeof name === "string" ? name : undefined;
}

const fieldMaps = new WeakMap<Variable, ReadonlyMap<string, Variable>>();

/** The fields of a list variable by name. */
export function fieldsOf(variable: Variable): ReadonlyMap<string, Variable> {
  let map = fieldMaps.get(variable);
  if (!map) {
    map = new Map((variable.fields ?? []).map((f) => [f.name, f]));
    fieldMaps.set(variable, map);
  }
  return map;
}

/** Offset of a node's first character in its body. */
export const startOf = (src: SourceText, node: AST.Node): number =>
  src.offsetOf(node.loc.start.line, node.loc.start.column);
export const endOf = (src: SourceText, node: AST.Node): number =>
  src.offsetOf(node.loc.end.line, node.loc.end.column);

/**
 * The snippet id of `{{> id}}`. Ids are masked before parsing (see parse.ts) because they may hold "."
 * and "-" in ways the Handlebars grammar does not accept, so the id is read from the source text at the
 * name's location; a quoted id (`{{> "id"}}`) is its string value.
 */
export function includeId(src: SourceText, node: AST.PartialStatement): string | undefined {
  const name = node.name as AST.Node;
  if (name.type === "SubExpression") return undefined;
  if (name.type === "StringLiteral") return (name as AST.StringLiteral).value;
  return src.text.slice(startOf(src, name), endOf(src, name));
}

/** Every `{{> id}}` in a program, in source order (for include graphs and variable collection). */
export function includeIds(src: SourceText, program: AST.Program): string[] {
  const ids: string[] = [];
  const visit = (p: AST.Program | undefined): void => {
    for (const node of p?.body ?? []) {
      if (node.type === "PartialStatement") {
        const id = includeId(src, node as AST.PartialStatement);
        if (id !== undefined) ids.push(id);
      } else if (node.type === "BlockStatement") {
        const block = node as AST.BlockStatement;
        visit(block.program);
        visit(block.inverse);
      }
    }
  };
  visit(program);
  return ids;
}

/** ` (did you mean "client"?)` when a known name is close to the unknown one. */
export function suggestion(name: string, known: Iterable<string>): string {
  const others = function* () {
    for (const candidate of known) if (candidate !== name) yield candidate;
  };
  const best = closest(name, others(), Math.max(1, Math.min(3, Math.floor(name.length / 3))));
  return best === undefined ? "" : ` (did you mean "${best}"?)`;
}
