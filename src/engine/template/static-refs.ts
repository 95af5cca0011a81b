import type { AST } from "@handlebars/parser";
import type { Variable } from "../model/types";
import type { StaticContext, StaticFrames } from "./static";
import { BUILTINS, COMPARISONS, DATA_NAMES, isComparison, simpleName, startOf, suggestion } from "./tags";

// Static checks of the names and conditions inside tags: variables, loop data (@index…), helpers.

export type Usage = "value" | "condition" | "list";

export function checkReference(
  ctx: StaticContext,
  path: AST.PathExpression,
  frames: StaticFrames,
  usage: Usage,
): Variable | undefined {
  const at = startOf(ctx.src, path);
  if (path.data) {
    const name = String(path.parts[0] ?? "");
    if (frames.length === 0) {
      ctx.report("TEMPLATE_UNKNOWN_VARIABLE", `@${name} is only available inside {{#each}}`, at);
    } else if (!DATA_NAMES.has(name) || path.parts.length !== 1) {
      ctx.report(
        "TEMPLATE_UNKNOWN_VARIABLE",
        `"${path.original}" is not a loop value: use @index, @number, @first or @last`,
        at,
      );
    } else if (usage === "list") {
      ctx.report("TEMPLATE_NOT_A_LIST", `{{#each}} needs a list variable, not ${path.original}`, at);
    }
    return undefined;
  }
  const name = simpleName(path);
  if (name === undefined) {
    ctx.report(
      "TEMPLATE_UNSUPPORTED",
      `"${path.original}" is not a variable name: names cannot contain "." or "/", and "this" or "../" are not needed (inside {{#each}} the item's fields and all other variables are visible by name)`,
      at,
    );
    return undefined;
  }
  if (BUILTINS.has(name)) {
    if (usage !== "value")
      ctx.report(
        "TEMPLATE_UNSUPPORTED",
        `{{${name}}} is a built-in tag and cannot be tested or looped over`,
        at,
      );
    return undefined;
  }
  for (let i = frames.length - 1; i >= 0; i--) {
    const field = frames[i]?.get(name);
    if (field) return field;
  }
  const variable = ctx.variables.get(name);
  if (variable || ctx.isKnown(name)) return variable;
  const known = [...ctx.variables.keys(), ...frames.flatMap((f) => [...f.keys()])];
  ctx.report("TEMPLATE_UNKNOWN_VARIABLE", `unknown variable "${name}"${suggestion(name, known)}`, at);
  return undefined;
}

export function checkExpression(ctx: StaticContext, expr: AST.Node, frames: StaticFrames): void {
  switch (expr.type) {
    case "PathExpression":
      checkReference(ctx, expr as AST.PathExpression, frames, "condition");
      return;
    case "StringLiteral":
    case "NumberLiteral":
    case "BooleanLiteral":
    case "NullLiteral":
    case "UndefinedLiteral":
      return;
    case "SubExpression": {
      const sub = expr as AST.SubExpression;
      const at = startOf(ctx.src, sub);
      if (sub.hash?.pairs.length)
        ctx.report("TEMPLATE_UNSUPPORTED", "name=value arguments are not supported", at);
      if (sub.path.type !== "PathExpression") {
        ctx.report("TEMPLATE_UNSUPPORTED", "a helper name is expected after (", at);
        return;
      }
      const name = (sub.path as AST.PathExpression).original;
      const arity = COMPARISONS[name];
      if (!isComparison(name) || !arity) {
        ctx.report(
          "TEMPLATE_UNKNOWN_HELPER",
          `unknown helper "${name}": use eq, ne, gt, lt, and, or or not${suggestion(name, Object.keys(COMPARISONS))}`,
          startOf(ctx.src, sub.path),
        );
      } else if (sub.params.length < arity[0] || sub.params.length > arity[1]) {
        const wanted = arity[1] === Infinity ? `at least ${arity[0]}` : String(arity[0]);
        ctx.report(
          "TEMPLATE_HELPER_ARGUMENTS",
          `${name} takes ${wanted} argument${arity[0] === 1 ? "" : "s"}, not ${sub.params.length}`,
          at,
        );
      }
      for (const param of sub.params) checkExpression(ctx, param, frames);
      return;
    }
    default:
      ctx.report(
        "TEMPLATE_UNSUPPORTED",
        `${expr.type} is not supported in a condition`,
        startOf(ctx.src, expr),
      );
  }
}
