import type { core } from "zod";
import type { ModelCode } from "../errors/codes-model";
import { pathJoin, problem, type Problem } from "../errors/problem";
import { orList, show, showKind } from "./describe";
import { MARK } from "./schema-common";
import { append } from "../append";

// Turns zod issues into our Problems: a code, a message that says what is wrong and what is
// expected, and the JSON path. Issues whose message carries a MARK code (schema-common.ts) keep
// that code and message; the rest are mapped by kind.

type Segment = string | number;

const EXPECTED: Record<string, string> = {
  string: "text in double quotes",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list [ … ]",
  object: "an object { … }",
  record: "an object { … }",
  never: "nothing (leave it out)",
};

function getAt(root: unknown, path: readonly Segment[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return { found: false, value: undefined };
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return { found: false, value: undefined };
    current = (current as Record<string, unknown>)[segment];
  }
  return { found: current !== undefined, value: current };
}

/** How the thing at a path is called in a message: "title", item 3 of "snippets", the file. */
function label(path: readonly Segment[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return "The file";
  if (typeof last === "number") {
    const parent = path[path.length - 2];
    return parent === undefined ? `Item ${last}` : `Item ${last} of "${String(parent)}"`;
  }
  return `"${last}"`;
}

function generic(
  issue: core.$ZodIssue,
  path: Segment[],
  root: unknown,
): { code: ModelCode; message: string } {
  const at = getAt(root, path);
  switch (issue.code) {
    case "invalid_type": {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      if (!at.found) {
        return path.length === 0
          ? { code: "FIELD_TYPE", message: `The file must hold a JSON object { … }, not ${show(at.value)}` }
          : {
              code: "FIELD_REQUIRED",
              message: `Missing required field ${label(path)}: expected ${expected}`,
            };
      }
      const subject = path.length === 0 ? "The file" : label(path);
      return { code: "FIELD_TYPE", message: `${subject} must be ${expected}, not ${showKind(at.value)}` };
    }
    case "invalid_value": {
      const allowed = issue.values.map((v) => String(v));
      if (!at.found)
        return {
          code: "FIELD_REQUIRED",
          message: `Missing required field ${label(path)}: expected ${orList(allowed)}`,
        };
      return {
        code: "FIELD_ENUM",
        message: `${label(path)} must be ${allowed.length > 1 ? "one of " : ""}${orList(allowed)}, not ${show(at.value)}`,
      };
    }
    case "too_small":
    case "too_big": {
      const bound =
        issue.code === "too_small" ? `at least ${String(issue.minimum)}` : `at most ${String(issue.maximum)}`;
      if (issue.origin === "number" || issue.origin === "int") {
        return { code: "FIELD_RANGE", message: `${label(path)} must be ${bound}, not ${show(at.value)}` };
      }
      const unit = issue.origin === "array" ? "items" : "characters";
      return { code: "FIELD_LENGTH", message: `${label(path)} must have ${bound} ${unit}` };
    }
    default:
      return { code: "FIELD_TYPE", message: `${label(path)} is not valid: ${issue.message}` };
  }
}

/**
 * Maps zod issues to problems. `root` is the input that was parsed (to quote offending values and
 * to tell a missing field from a wrong one); `base` prefixes the paths (for a union's branches).
 */
export function mapIssues(issues: readonly core.$ZodIssue[], root: unknown, base: Segment[] = []): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path.map((s) => (typeof s === "symbol" ? String(s) : s))];
    if (issue.message.startsWith(MARK)) {
      const [, code, message] = issue.message.split(MARK);
      out.push(problem({ code: code as ModelCode, message: message ?? "", path: pathJoin("", ...path) }));
      continue;
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // No branch fitted: report the branch that came closest (fewest issues), e.g. for a header
      // { "snippet": "Bad!" } the snippet branch's ID_INVALID rather than "text is missing".
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      append(out, mapIssues(closest, root, path));
      continue;
    }
    const { code, message } = generic(issue, path, root);
    out.push(problem({ code, message, path: pathJoin("", ...path) }));
  }
  return out;
}
