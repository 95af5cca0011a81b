import { pathJoin, problem, type Problem } from "../errors/problem";
import { formatCount, MAX_LIST_ITEMS } from "../limits";
import { isRealDate } from "./date-format";
import { matchesPattern } from "./pattern";
import { orList, show, showKind } from "./describe";
import type { ListItem, ScalarValue, Value, Values, Variable } from "./types";

/**
 * Sets an own property even for the key "__proto__" (a valid variable name, and a key JSON.parse makes
 * own): plain assignment would set the object's prototype instead and lose the value.
 */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Plain assignment for every other name: defineProperty on each value cost a build ~1% and left the
  // objects slower to read (the same rule as sanitize.ts).
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

// Values against their variables: the same checks for a section's values, the assembly's values
// and a variable's own default (check-library.ts), so a default can never be something a user
// could not type.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const has = (v: object, key: string): boolean => Object.prototype.hasOwnProperty.call(v, key);
const named = (v: Variable): string => `"${v.name}"${v.label ? ` (${v.label})` : ""}`;

/** Whether a present value counts as "no value" for a required variable: blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

const EXPECTED_TYPE: Record<Variable["type"], string> = {
  text: "text (a string)",
  multiline: "text (a string)",
  choice: "one of its options (a string)",
  date: "a date written YYYY-MM-DD (a string)",
  number: "a number",
  currency: "a number (the amount)",
  boolean: "true or false",
  list: "a list of items [ { … }, … ]",
};

function matchesType(v: Variable, value: unknown): boolean {
  switch (v.type) {
    case "text":
    case "multiline":
    case "choice":
    case "date":
      return typeof value === "string";
    case "number":
    case "currency":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "list":
      return Array.isArray(value);
  }
}

function checkScalar(v: Variable, value: string | number | boolean, path: string): Problem[] {
  const out: Problem[] = [];
  const push = (code: Problem["code"], message: string): void =>
    void out.push(problem({ code, path, message }));
  if (typeof value === "string") {
    if (v.type === "date" && !isRealDate(value)) {
      push(
        "VALUE_DATE",
        `${named(v)} must be a real date written YYYY-MM-DD, e.g. 2026-11-22, not ${show(value)}`,
      );
    }
    if ((v.type === "text" || v.type === "multiline") && v.maxLength !== undefined) {
      const length = [...value].length;
      if (length > v.maxLength)
        push(
          "VALUE_LENGTH",
          `${named(v)} may have at most ${v.maxLength} characters; this value has ${length}`,
        );
    }
    if ((v.type === "text" || v.type === "multiline") && v.pattern !== undefined) {
      // A refused pattern is reported as PATTERN_INVALID/PATTERN_UNSUPPORTED when the library loads
      if (!matchesPattern(v.pattern, value))
        push(
          "VALUE_PATTERN",
          `${named(v)} must match the pattern ${v.pattern} (all of the value), but ${show(value)} does not`,
        );
    }
    if (v.type === "choice" && v.options !== undefined && !v.options.includes(value)) {
      push("VALUE_OPTION", `${named(v)} must be one of ${orList(v.options)}, not ${show(value)}`);
    }
  } else if (typeof value === "number") {
    const low = v.min !== undefined && value < v.min;
    const high = v.max !== undefined && value > v.max;
    if (low || high) {
      const range =
        v.min !== undefined && v.max !== undefined
          ? `from ${v.min} to ${v.max}`
          : v.min !== undefined
            ? `at least ${v.min}`
            : `at most ${v.max}`;
      push("VALUE_RANGE", `${named(v)} must be ${range}, not ${value}`);
    }
  }
  return out;
}

function checkItem(list: Variable, item: unknown, path: string): { value?: ListItem; problems: Problem[] } {
  if (!isObject(item)) return { problems: [itemNotObject(list, item, path)] };
  const fields = list.fields ?? [];
  const problems: Problem[] = [];
  const out: ListItem = {};
  let ok = true;
  for (const field of fields) {
    const given = has(item, field.name) ? item[field.name] : undefined;
    if (given === undefined || (field.required && isEmptyValue(given))) {
      if (given === undefined && field.default !== undefined) setOwn(out, field.name, field.default as ScalarValue);
      else if (field.required) {
        ok = false;
        problems.push(missingField(field, given === undefined ? path : pathJoin(path, field.name)));
      }
      continue;
    }
    const checked = validateValue(field, given, pathJoin(path, field.name));
    problems.push(...checked.problems);
    if (checked.value === undefined) ok = false;
    else setOwn(out, field.name, checked.value as ScalarValue);
  }
  if (hasUnknownField(item, fields)) unknownFields(list, fields, item, path, problems);
  return ok ? { value: out, problems } : { problems };
}

// checkItem's problems are worded apart from it: it runs for every list item, and hot functions keep
// only their common path (docs/decisions.md, "The engine's speed").

const itemNotObject = (list: Variable, item: unknown, path: string): Problem =>
  problem({
    code: "VALUE_TYPE",
    path,
    message: `Each item of ${named(list)} must be an object with its fields { … }, not ${showKind(item)}`,
  });

const missingField = (field: Variable, path: string): Problem =>
  problem({
    code: "VALUE_REQUIRED",
    path,
    message: `Item is missing a value for the required field ${named(field)}: expected ${EXPECTED_TYPE[field.type]}`,
  });

/** Whether the item has a key none of the fields names (the usual item has none: no set is built for it). */
function hasUnknownField(item: Record<string, unknown>, fields: readonly Variable[]): boolean {
  const keys = Object.keys(item);
  for (let k = 0; k < keys.length; k++) {
    let known = false;
    for (let f = 0; f < fields.length && !known; f++) known = fields[f]!.name === keys[k];
    if (!known) return true;
  }
  return false;
}

function unknownFields(list: Variable, fields: readonly Variable[], item: Record<string, unknown>, path: string, problems: Problem[]): void {
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(item).filter((k) => !known.has(k))) {
    const message = `${named(list)} has no field "${key}"; it is ignored (fields: ${[...known].join(", ")})`;
    problems.push(problem({ code: "VALUE_UNKNOWN", path: pathJoin(path, key), message }));
  }
}

/**
 * Checks one present value against its variable. `value` is the normalised value (list items get
 * their fields' defaults), or undefined when the value has errors.
 */
export function validateValue(
  v: Variable,
  value: unknown,
  path: string,
): { value?: Value; problems: Problem[] } {
  if (!matchesType(v, value)) {
    const message = `${named(v)} is a ${v.type} variable: its value must be ${EXPECTED_TYPE[v.type]}, not ${showKind(value)}`;
    return { problems: [problem({ code: "VALUE_TYPE", path, message })] };
  }
  if (Array.isArray(value)) {
    // Loops multiply list lengths, so a long list is refused before any item is looked at.
    if (value.length > MAX_LIST_ITEMS) {
      const message = `${named(v)} has ${formatCount(value.length)} items; a list may have at most ${formatCount(MAX_LIST_ITEMS)}. Shorten it, or split it over several sections`;
      return { problems: [problem({ code: "LIMIT_LIST_ITEMS", path, message })] };
    }
    const problems: Problem[] = [];
    const items: ListItem[] = [];
    value.forEach((item, i) => {
      const checked = checkItem(v, item, pathJoin(path, i));
      problems.push(...checked.problems);
      if (checked.value) items.push(checked.value);
    });
    const failed = problems.some((p) => p.severity === "error");
    return failed ? { problems } : { value: items, problems };
  }
  const problems = checkScalar(v, value as ScalarValue, path);
  return problems.length > 0 ? { problems } : { value: value as ScalarValue, problems };
}

export type ValueLayer = { values: Values; path: string; warnUnknown?: boolean };

/**
 * Resolves the values a snippet sees. Layers are given from the widest (the assembly's `values`) to
 * the narrowest (a section's `values`); a later layer wins. Defaults fill the gaps; a required
 * variable with no value is VALUE_REQUIRED at the last layer's path. Values with errors are left out.
 * Values that name no variable pass through unchecked (they may serve an included snippet) and are
 * reported as VALUE_UNKNOWN only for layers with `warnUnknown`.
 */
export function resolveValues(
  variables: readonly Variable[],
  layers: ReadonlyArray<{ values: Values; path: string; warnUnknown?: boolean }>,
): { values: Values; problems: Problem[] } {
  const values: Values = {};
  const problems: Problem[] = [];
  const known = new Set(variables.map((v) => v.name));
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer.values)) {
      if (known.has(name)) continue;
      if (Array.isArray(value) && value.length > MAX_LIST_ITEMS) {
        // Unchecked values still feed {{#each}}: the list limit holds for them too.
        problems.push(tooManyItems(name, value.length, layer.path));
        continue;
      }
      setOwn(values, name, value);
      if (layer.warnUnknown) problems.push(unknownValue(name, variables, layer.path));
    }
  }
  const lastPath = layers[layers.length - 1]?.path ?? "";
  for (const v of variables) {
    // The narrowest layer that gives the variable a value (no copy of the layers per variable).
    let layer: (typeof layers)[number] | undefined;
    for (let k = layers.length - 1; k >= 0 && layer === undefined; k--) {
      const l = layers[k]!;
      if (has(l.values, v.name) && l.values[v.name] !== undefined) layer = l;
    }
    if (layer === undefined) {
      if (v.default !== undefined) {
        const checked = validateValue(v, v.default, "");
        if (checked.value !== undefined) setOwn(values, v.name, checked.value);
      } else if (v.required) {
        problems.push(missingRequired(v, lastPath));
      }
      continue;
    }
    const path = pathJoin(layer.path, v.name);
    const given = layer.values[v.name];
    if (v.required && isEmptyValue(given)) {
      problems.push(emptyRequired(v, path));
      continue;
    }
    const checked = validateValue(v, given, path);
    problems.push(...checked.problems);
    if (checked.value !== undefined) setOwn(values, v.name, checked.value);
  }
  return { values, problems };
}

// resolveValues' problems are worded apart from it: it runs for every section, and hot functions keep
// only their common path (docs/decisions.md, "The engine's speed").

const tooManyItems = (name: string, items: number, layerPath: string): Problem =>
  problem({
    code: "LIMIT_LIST_ITEMS",
    path: pathJoin(layerPath, name),
    message: `"${name}" has ${formatCount(items)} items; a list may have at most ${formatCount(MAX_LIST_ITEMS)}. Shorten it, or split it over several sections`,
  });

function unknownValue(name: string, variables: readonly Variable[], layerPath: string): Problem {
  const list = variables.length > 0 ? `its variables are ${variables.map((v) => v.name).join(", ")}` : "it has no variables";
  const message = `No variable of this snippet is named "${name}"; ${list}`;
  return problem({ code: "VALUE_UNKNOWN", path: pathJoin(layerPath, name), message });
}

const missingRequired = (v: Variable, path: string): Problem =>
  problem({
    code: "VALUE_REQUIRED",
    path,
    message: `Missing a value for the required variable ${named(v)}: add "${v.name}" (${EXPECTED_TYPE[v.type]}) to the values`,
  });

const emptyRequired = (v: Variable, path: string): Problem =>
  problem({ code: "VALUE_REQUIRED", path, message: `${named(v)} is required but its value is empty: give ${EXPECTED_TYPE[v.type]}` });
