import type { AST } from "@handlebars/parser";
import type { ListItem, Value, Values, Variable } from "../model/types";
import { isTruthy } from "./format";
import { DATA_NAMES, fieldsOf, isComparison, simpleName } from "./tags";

// Evaluating names and conditions against values, for the expander. Problems are not reported here:
// the static pass has already reported every bad name and helper, so evaluation just yields nothing.

/** One {{#each}} iteration. */
export type Frame = { fields: ReadonlyMap<string, Variable>; item: ListItem; index: number; count: number };

export type Resolved = { variable: Variable; value: Value | undefined };

/** A variable's declaration inferred from its value, for names that have a value but no declaration. */
export function inferVariable(name: string, value: Value): Variable {
  const type = Array.isArray(value)
    ? "list"
    : typeof value === "number"
      ? "number"
      : typeof value === "boolean"
        ? "boolean"
        : "text";
  return { name, type, required: false };
}

export function dataValue(name: string, frames: readonly Frame[]): Value | undefined {
  const frame = frames[frames.length - 1];
  if (!frame || !DATA_NAMES.has(name)) return undefined;
  if (name === "index") return frame.index;
  if (name === "number") return frame.index + 1;
  if (name === "first") return frame.index === 0;
  return frame.index === frame.count - 1;
}

/** A plain name: the innermost loop item's field first, then outer items, then the template's variables. */
export function resolveName(
  name: string,
  frames: readonly Frame[],
  variables: ReadonlyMap<string, Variable>,
  values: Values,
): Resolved | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i] as Frame;
    const field = frame.fields.get(name);
    if (field) return { variable: field, value: Object.hasOwn(frame.item, name) ? frame.item[name] : undefined };
  }
  const variable = variables.get(name);
  const value = Object.hasOwn(values, name) ? values[name] : undefined;
  if (variable) return { variable, value };
  return value === undefined ? undefined : { variable: inferVariable(name, value), value };
}

/** The loop frames for a list value. */
export function loopFrames(variable: Variable, value: Value | undefined): Frame[] {
  if (!Array.isArray(value)) return [];
  const fields = variable.type === "list" ? fieldsOf(variable) : new Map<string, Variable>();
  return value.map((item, index) => ({ fields, item, index, count: value.length }));
}

type Operand = Value | undefined | null;

function asNumber(v: Operand): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** eq: strict, except that a number and a numeric string compare as numbers ((eq term "2")). */
function equal(a: Operand, b: Operand): boolean {
  if (typeof a === typeof b) return a === b;
  if ((typeof a === "number" && typeof b === "string") || (typeof a === "string" && typeof b === "number")) {
    return asNumber(a) === asNumber(b);
  }
  return false;
}

/** gt/lt: numbers numerically; two strings by code point (so "YYYY-MM-DD" dates compare by date). */
function compare(a: Operand, b: Operand): number | undefined {
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  const x = asNumber(a);
  const y = asNumber(b);
  return x === undefined || y === undefined ? undefined : x - y;
}

function applyHelper(name: string, args: Operand[]): Operand {
  switch (name) {
    case "eq":
      return equal(args[0], args[1]);
    case "ne":
      return !equal(args[0], args[1]);
    case "gt":
      return (compare(args[0], args[1]) ?? 0) > 0;
    case "lt":
      return (compare(args[0], args[1]) ?? 0) < 0;
    case "and":
      return args.every((a) => isTruthy(a));
    case "or":
      return args.some((a) => isTruthy(a));
    case "not":
      return !isTruthy(args[0]);
    default:
      return undefined;
  }
}

/** Evaluates a condition or a helper argument. */
export function evaluate(
  expr: AST.Node,
  frames: readonly Frame[],
  variables: ReadonlyMap<string, Variable>,
  values: Values,
): Operand {
  switch (expr.type) {
    case "PathExpression": {
      const path = expr as AST.PathExpression;
      if (path.data) return dataValue(String(path.parts[0]), frames);
      const name = simpleName(path);
      return name === undefined ? undefined : resolveName(name, frames, variables, values)?.value;
    }
    case "StringLiteral":
    case "NumberLiteral":
    case "BooleanLiteral":
      return (expr as AST.StringLiteral).value;
    case "SubExpression": {
      const sub = expr as AST.SubExpression;
      const name = sub.path.type === "PathExpression" ? (sub.path as AST.PathExpression).original : "";
      if (!isComparison(name)) return undefined;
      return applyHelper(
        name,
        sub.params.map((p) => evaluate(p, frames, variables, values)),
      );
    }
    default:
      return undefined;
  }
}
