import { expect } from "@jest/globals";
import {
  clearTemplateCache,
  parseTemplate,
  parseTemplateFast,
  parseTemplateReference,
} from "../../src/engine/template/parse";

// The check behind the template parse's differential tests (tests/engine/template/parse-fast.test.ts, and
// tests/fuzz/template-parsers.fuzz.ts at fuzz scale): for a body, the fast path either declines, or builds
// exactly the tree @handlebars/parser builds — every node, field and value, `loc` positions included, with
// the same keys in the same order and keys whose value is undefined counted as keys (the library sets
// `hash: undefined`, `blockParams: undefined`, `rightStripped: false`…). Only the class of `loc` objects is
// not compared (the library's are SourceLocation instances, the fast path's plain objects of the same
// fields; nothing reads their class). A body the library refuses must never take the fast path.

/** Where two trees differ (a path and both values), or undefined when they are the same. */
export function treeDifference(a: unknown, b: unknown, at = "program"): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return `${at}: ${show(a)} ≠ ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: an array and an object`;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.join(",") !== keysB.join(",")) return `${at}: keys ${keysA.join(",")} ≠ ${keysB.join(",")}`;
  for (const key of keysA) {
    const d = treeDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
    if (d) return d;
  }
  return undefined;
}

const show = (v: unknown): string => (v === undefined ? "undefined" : JSON.stringify(v));

/** Checks one body; returns which parser built its tree in parseTemplate. */
export function templateParsersAgree(body: string): "fast" | "library" {
  const reference = parseTemplateReference(body);
  const fast = parseTemplateFast(body);
  clearTemplateCache();
  const used = parseTemplate(body);
  if (!reference.ok) {
    // Errors are the library's: same code, message and place (the fast path declined, or the nesting
    // limit, checked before either parser runs, refused the body).
    expect({ body, used }).toEqual({ body, used: reference });
    if (reference.failure.code !== "LIMIT_TEMPLATE_NESTING") expect({ body, fast }).toEqual({ body, fast: undefined });
    return "library";
  }
  expect({ body, ok: used.ok }).toEqual({ body, ok: true });
  if (!used.ok) return "library";
  expect({ body, difference: treeDifference(used.program, reference.program) }).toEqual({ body, difference: undefined });
  if (fast === undefined) return "library";
  expect({ body, difference: treeDifference(fast, reference.program) }).toEqual({ body, difference: undefined });
  return "fast";
}
