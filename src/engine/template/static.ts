import type { AST } from "@handlebars/parser";
import type { ProblemCode } from "../errors/codes";
import type { Variable } from "../model/types";
import type { SourceText } from "./source-text";
import { REF_FORMS, isRefTag } from "./tags";
import { checkExpression, checkReference } from "./static-refs";
import {
  ALONE_TAGS,
  BLOCK_HELPERS,
  endOf,
  fieldsOf,
  includeId,
  isComparison,
  simpleName,
  startOf,
  suggestion,
} from "./tags";

// The static pass: every problem a template has regardless of the values, found in one walk over the
// AST (both branches of every conditional, every loop body). Used by checkTemplate and, per body, by
// the expander, so a problem in a branch that happens to be false is still reported.

export type StaticContext = {
  src: SourceText;
  variables: ReadonlyMap<string, Variable>;
  /** Names that are not declared but are still accepted (the expander accepts names that have a value). */
  isKnown: (name: string) => boolean;
  report: (code: ProblemCode, message: string, offset: number) => void;
  /** Called for every {{> id}}; absent when includes are checked elsewhere. */
  include?: (id: string, offset: number) => void;
};

/** Field maps of the enclosing {{#each}} loops, innermost last. */
export type StaticFrames = ReadonlyArray<ReadonlyMap<string, Variable>>;

function checkMustache(ctx: StaticContext, node: AST.MustacheStatement, frames: StaticFrames): void {
  const at = startOf(ctx.src, node);
  if (node.type === ("Decorator" as string)) {
    ctx.report("TEMPLATE_UNSUPPORTED", "decorators ({{* …}}) are not supported", at);
    return;
  }
  if (!node.escaped) {
    ctx.report(
      "TEMPLATE_UNSUPPORTED",
      "{{{…}}} and {{& …}} are not supported: values are always inserted as literal text, write {{name}}",
      at,
    );
  }
  if (node.path.type !== "PathExpression") {
    ctx.report("TEMPLATE_UNSUPPORTED", "a tag must name a variable", at);
    return;
  }
  const path = node.path as AST.PathExpression;
  if (node.hash?.pairs.length)
    ctx.report("TEMPLATE_UNSUPPORTED", "name=value arguments are not supported", at);
  if (node.params.length > 0) {
    const name = path.original;
    if (isRefTag(name)) {
      checkCrossReference(ctx, node, name, at);
      return;
    }
    if (isComparison(name)) {
      ctx.report("TEMPLATE_UNSUPPORTED", `${name} can only be used in a condition: {{#if (${name} …)}}`, at);
    } else if (BLOCK_HELPERS.has(name)) {
      ctx.report("TEMPLATE_UNSUPPORTED", `${name} is a block: write {{#${name} …}}…{{/${name}}}`, at);
    } else {
      ctx.report(
        "TEMPLATE_UNKNOWN_HELPER",
        `unknown helper "${name}" (a tag holds one variable name)`,
        startOf(ctx.src, path),
      );
    }
    return;
  }
  const name = simpleName(path);
  if (
    name !== undefined &&
    ALONE_TAGS.has(name) &&
    !path.data &&
    !ctx.src.aloneOnLine(at, endOf(ctx.src, node))
  ) {
    ctx.report("TEMPLATE_TAG_NOT_ALONE", `{{${name}}} must be alone on its line`, at);
  }
  checkReference(ctx, path, frames, "value");
}

function checkBlock(ctx: StaticContext, node: AST.BlockStatement, frames: StaticFrames): void {
  const at = startOf(ctx.src, node);
  const name = node.path.original;
  if (node.type === ("DecoratorBlock" as string)) {
    ctx.report("TEMPLATE_UNSUPPORTED", "decorator blocks ({{#* …}}) are not supported", at);
    return;
  }
  if (node.hash?.pairs.length)
    ctx.report("TEMPLATE_UNSUPPORTED", "name=value arguments are not supported", at);
  if (node.program?.blockParams?.length) {
    ctx.report(
      "TEMPLATE_UNSUPPORTED",
      "block parameters (as |x|) are not supported: inside {{#each}} the item's fields are visible by name",
      at,
    );
  }
  let inner = frames;
  switch (name) {
    case "if":
    case "unless":
      if (node.params.length !== 1) {
        ctx.report(
          "TEMPLATE_HELPER_ARGUMENTS",
          `{{#${name}}} takes one condition, not ${node.params.length}; compare with {{#${name} (eq name "value")}}`,
          at,
        );
      }
      for (const param of node.params) checkExpression(ctx, param, frames);
      break;
    case "each": {
      const [param] = node.params;
      if (node.params.length !== 1 || param?.type !== "PathExpression") {
        ctx.report("TEMPLATE_HELPER_ARGUMENTS", "{{#each}} takes one list variable: {{#each items}}", at);
        for (const p of node.params) checkExpression(ctx, p, frames);
        break;
      }
      const list = checkReference(ctx, param as AST.PathExpression, frames, "list");
      if (list && list.type !== "list") {
        ctx.report(
          "TEMPLATE_NOT_A_LIST",
          `{{#each}} needs a list variable, but "${list.name}" is ${list.type}`,
          startOf(ctx.src, param),
        );
      }
      inner = [...frames, list?.type === "list" ? fieldsOf(list) : new Map()];
      break;
    }
    case "note": {
      const [param] = node.params;
      if (node.params.length !== 1 || param?.type !== "StringLiteral") {
        ctx.report(
          "TEMPLATE_HELPER_ARGUMENTS",
          '{{#note}} takes the note text in quotes: {{#note "Check the term"}}',
          at,
        );
      }
      if (node.inverse) ctx.report("TEMPLATE_MISPLACED_ELSE", "{{#note}} cannot have an {{else}}", at);
      break;
    }
    default:
      if (isComparison(name)) {
        ctx.report("TEMPLATE_UNSUPPORTED", `${name} is used in a condition: {{#if (${name} …)}}`, at);
      } else {
        const hint = ctx.variables.has(name)
          ? `; to test the variable write {{#if ${name}}}`
          : suggestion(name, BLOCK_HELPERS);
        ctx.report(
          "TEMPLATE_UNKNOWN_HELPER",
          `unknown block {{#${name}}}: blocks are #if, #unless, #each and #note${hint}`,
          startOf(ctx.src, node.path),
        );
      }
  }
  // {{#each}}'s {{else}} (empty list) runs outside the loop.
  walkStatic(ctx, node.program, inner);
  walkStatic(ctx, node.inverse, frames);
}

/** Checks every statement of a program (and of its nested blocks). */
export function walkStatic(ctx: StaticContext, program: AST.Program | undefined, frames: StaticFrames): void {
  for (const node of program?.body ?? []) {
    switch (node.type) {
      case "ContentStatement":
      case "CommentStatement":
        break;
      case "MustacheStatement":
      case "Decorator":
        checkMustache(ctx, node as AST.MustacheStatement, frames);
        break;
      case "BlockStatement":
      case "DecoratorBlock":
        checkBlock(ctx, node as AST.BlockStatement, frames);
        break;
      case "PartialStatement": {
        const partial = node as AST.PartialStatement;
        const at = startOf(ctx.src, partial);
        const id = includeId(ctx.src, partial);
        if (id === undefined)
          ctx.report(
            "TEMPLATE_UNSUPPORTED",
            "dynamic includes {{> (…)}} are not supported: name the snippet id",
            at,
          );
        if (partial.params.length || partial.hash?.pairs.length) {
          ctx.report(
            "TEMPLATE_UNSUPPORTED",
            "{{> id}} takes no arguments: the included snippet sees the same values",
            at,
          );
        }
        if (id !== undefined) ctx.include?.(id, at);
        break;
      }
      case "PartialBlockStatement":
        ctx.report(
          "TEMPLATE_UNSUPPORTED",
          "partial blocks {{#> …}} are not supported: use {{> id}}",
          startOf(ctx.src, node),
        );
        break;
      default:
        ctx.report("TEMPLATE_UNSUPPORTED", `${node.type} is not supported`, startOf(ctx.src, node));
    }
  }
}

/** {{ref "target"}}, {{ref "target" "text"|"page"}}, {{anchor "name"}}: quoted arguments only. */
function checkCrossReference(
  ctx: StaticContext,
  node: AST.MustacheStatement,
  name: string,
  at: number,
): void {
  const values = node.params.map((p) =>
    p.type === "StringLiteral" ? (p as AST.StringLiteral).value : undefined,
  );
  const [target, form] = values;
  const usage =
    name === "anchor"
      ? '{{anchor "name"}} takes one name in quotes, on a heading: ## Payment {{anchor "payment"}}'
      : '{{ref}} takes a snippet id or anchor name in quotes, then optionally "text" or "page": {{ref "payment-terms"}}';
  const maxArgs = name === "anchor" ? 1 : 2;
  if (
    values.length > maxArgs ||
    values.some((v) => v === undefined) ||
    target === undefined ||
    target.trim() === ""
  ) {
    ctx.report("TEMPLATE_HELPER_ARGUMENTS", usage, at);
    return;
  }
  if (form !== undefined && !(REF_FORMS as readonly string[]).includes(form)) {
    ctx.report(
      "TEMPLATE_HELPER_ARGUMENTS",
      `{{ref "${target}" "${form}"}}: the second argument is "text" (the heading's text) or "page" (its page number); leave it out for the clause number`,
      at,
    );
  }
}
