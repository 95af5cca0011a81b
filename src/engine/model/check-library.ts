import { pathJoin, problem, type Problem } from "../errors/problem";
import { commonSchemas } from "./schema-common";
import { VARIABLE_TYPES } from "./schema-library";
import type { Variable, VariableType } from "./types";
import { validateValue } from "./values";

// The library rules that span several fields. They run on the raw (sanitised) input, not on zod's
// output, so that they are reported even when some unrelated field elsewhere has an error.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const has = (v: object, key: string): boolean => Object.prototype.hasOwnProperty.call(v, key);

/** Which variable types each type-specific rule applies to (the contract's "applies to" column). */
export const RULES_BY_TYPE = {
  maxLength: ["text", "multiline"],
  pattern: ["text", "multiline"],
  min: ["number", "currency"],
  max: ["number", "currency"],
  decimals: ["number"],
  currency: ["currency"],
  format: ["date"],
  options: ["choice"],
  fields: ["list"],
} as const satisfies Record<string, readonly VariableType[]>;

export type VariableRule = keyof typeof RULES_BY_TYPE;

/** Rules that do not apply to the variable's type: ignored (and dropped from the normalised model). */
export function inapplicableRules(v: { type: VariableType }, raw: object): VariableRule[] {
  return (Object.keys(RULES_BY_TYPE) as VariableRule[]).filter(
    (rule) => has(raw, rule) && !(RULES_BY_TYPE[rule] as readonly VariableType[]).includes(v.type),
  );
}

/** Names that mean something else in a body: built-in tags and helpers. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  "page",
  "pages",
  "today",
  "toc",
  "pagebreak",
  "else",
  "this",
  "eq",
  "ne",
  "gt",
  "lt",
  "and",
  "or",
  "not",
  "note",
  // Handlebars literals: {{true}} is the value true, never a variable.
  "true",
  "false",
  "null",
  "undefined",
]);

const TYPES: ReadonlySet<string> = new Set(VARIABLE_TYPES);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/**
 * The variable as far as it is well-formed, for checking its default even when another of its rules
 * has an error of its own (a bad currency code does not make a default of "x" any more valid).
 */
function bestEffort(raw: Record<string, unknown>): Variable | undefined {
  if (typeof raw.type !== "string" || !TYPES.has(raw.type)) return undefined;
  const v: Variable = {
    name: typeof raw.name === "string" ? raw.name : "?",
    type: raw.type as VariableType,
    required: raw.required === true,
  };
  if (typeof raw.label === "string") v.label = raw.label;
  const [maxLength, min, max] = [num(raw.maxLength), num(raw.min), num(raw.max)];
  if (maxLength !== undefined) v.maxLength = maxLength;
  if (min !== undefined) v.min = min;
  if (max !== undefined) v.max = max;
  if (typeof raw.pattern === "string") v.pattern = raw.pattern;
  if (Array.isArray(raw.options) && raw.options.every((o) => typeof o === "string")) v.options = raw.options;
  if (Array.isArray(raw.fields)) {
    v.fields = raw.fields.flatMap((f) => (isObject(f) ? (bestEffort(f) ?? []) : []));
  }
  return v;
}

/** Whether zod's value schema takes it. */
const isValueShaped = (value: unknown): boolean => commonSchemas().valueSchema.safeParse(value).success;

function checkVariable(raw: Record<string, unknown>, path: string, out: Problem[]): void {
  const v = bestEffort(raw);
  if (!v) return; // a missing or unknown type is reported by the schema
  const name = typeof raw.name === "string" ? `"${raw.name}"` : "this variable";
  for (const rule of inapplicableRules(v, raw)) {
    const types = RULES_BY_TYPE[rule].join(" and ");
    const message = `"${rule}" applies only to ${types} variables; ${name} is ${v.type}, so it is ignored`;
    out.push(problem({ code: "RULE_NOT_APPLICABLE", path: pathJoin(path, rule), message }));
  }
  if (v.type === "choice" && !has(raw, "options")) {
    const message = `${name} is a choice, so it needs "options": a non-empty list of the texts to choose from`;
    out.push(problem({ code: "OPTIONS_REQUIRED", path: pathJoin(path, "options"), message }));
  }
  if (v.type === "list" && !has(raw, "fields")) {
    const message = `${name} is a list, so it needs "fields": the variables that make up one item`;
    out.push(problem({ code: "FIELDS_REQUIRED", path: pathJoin(path, "fields"), message }));
  }
  const ranged = v.type === "number" || v.type === "currency";
  if (ranged && v.min !== undefined && v.max !== undefined && v.min > v.max) {
    const message = `${name} has min ${v.min} greater than max ${v.max}: no value could be valid`;
    out.push(problem({ code: "RANGE_INVERTED", path: pathJoin(path, "min"), message }));
  }
  // A default that is not even a JSON value of a possible shape is already VALUE_TYPE from the schema.
  if (raw.default !== undefined && isValueShaped(raw.default)) {
    out.push(...validateValue(v, raw.default, pathJoin(path, "default")).problems);
  }
}

/** Duplicate and reserved names, then each variable that is well-formed on its own. */
function checkVariables(list: unknown, path: string, out: Problem[], nested = false): void {
  if (!Array.isArray(list)) return;
  const seen = new Map<string, number>();
  list.forEach((raw, i) => {
    const at = pathJoin(path, i);
    if (!isObject(raw)) return;
    const name = raw.name;
    if (typeof name === "string") {
      const first = seen.get(name);
      if (first !== undefined) {
        const message = `Variable name "${name}" is used twice (first at ${pathJoin(path, first)}); names must be unique`;
        out.push(problem({ code: "VARIABLE_DUPLICATE", path: pathJoin(at, "name"), message }));
      } else seen.set(name, i);
      if (RESERVED_NAMES.has(name)) {
        const message = `Variable name "${name}" is also a built-in template tag or helper; {{${name}}} may not mean this variable. Choose another name`;
        out.push(problem({ code: "VARIABLE_RESERVED", path: pathJoin(at, "name"), message }));
      }
    }
    // A list inside a list is already LIST_NESTED (from the schema); more about it would be noise.
    if (nested && raw.type === "list") return;
    checkVariable(raw, at, out);
    if (raw.type === "list") checkVariables(raw.fields, pathJoin(at, "fields"), out, true);
  });
}

/** Cross-field rules of a library: unique (id, version) pairs, and the variables of every snippet. */
export function checkLibraryRules(input: unknown): Problem[] {
  const out: Problem[] = [];
  if (!isObject(input) || !Array.isArray(input.snippets)) return out;
  const seen = new Map<string, number>();
  input.snippets.forEach((raw, i) => {
    if (!isObject(raw)) return;
    const at = pathJoin("snippets", i);
    const version = has(raw, "version") ? raw.version : 1;
    if (typeof raw.id === "string" && typeof version === "number") {
      const key = `${raw.id}@${version}`;
      const first = seen.get(key);
      if (first !== undefined) {
        const message = `Snippet "${raw.id}" version ${version} appears twice (first at snippets[${first}]); give the newer one a higher version`;
        out.push(
          problem({
            code: "SNIPPET_DUPLICATE",
            path: pathJoin(at, has(raw, "version") ? "version" : "id"),
            message,
          }),
        );
      } else seen.set(key, i);
    }
    checkVariables(raw.variables, pathJoin(at, "variables"), out);
  });
  // replacedBy names a snippet of the same library (the successor lives beside what it replaces).
  const ids = new Set(input.snippets.flatMap((s) => (isObject(s) && typeof s.id === "string" ? [s.id] : [])));
  input.snippets.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.replacedBy !== "string" || ids.has(raw.replacedBy)) return;
    if (raw.replacedBy === raw.id) return;
    out.push(
      problem({
        code: "REPLACED_BY_UNKNOWN",
        path: pathJoin("snippets", i, "replacedBy"),
        message: `replacedBy names "${raw.replacedBy}", which is not a snippet of this library: users will not be offered a successor`,
      }),
    );
  });
  return out;
}
