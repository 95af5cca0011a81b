// Form values for a snippet's variables: defaults, validation messages shown next to the fields, and
// placeholder values so the preview can render before every required field is filled in. The engine
// validates again when it builds; these messages are the friendly, per-field version.

import { matchesPattern, type ListItem, type Value, type Values, type Variable } from "../../engine/core";

export const labelOf = (v: Variable): string => v.label?.trim() || v.name;

/** Defaults for every variable that has one, overlaid with the values already given. */
export function initialValues(variables: readonly Variable[], given: Values = {}): Values {
  const out: Values = {};
  for (const v of variables) {
    if (v.default !== undefined) out[v.name] = structuredClone(v.default);
    else if (v.type === "boolean") out[v.name] = false;
    else if (v.type === "list") out[v.name] = [];
  }
  return { ...out, ...structuredClone(given) };
}

const isEmpty = (value: Value | undefined): boolean =>
  value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** The message for one value, or undefined when it is fine. */
export function validateValue(v: Variable, value: Value | undefined): string | undefined {
  const label = labelOf(v);
  if (isEmpty(value)) return v.required ? `${label} is required.` : undefined;
  switch (v.type) {
    case "text":
    case "multiline": {
      const text = String(value);
      if (v.maxLength !== undefined && text.length > v.maxLength)
        return `At most ${v.maxLength} characters (now ${text.length}).`;
      if (v.pattern !== undefined && !matchesPattern(v.pattern, text))
        return `${label} does not have the expected form.`;
      return undefined;
    }
    case "number":
    case "currency": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "Enter a number.";
      if (v.min !== undefined && value < v.min) return `Must be at least ${v.min}.`;
      if (v.max !== undefined && value > v.max) return `Must be at most ${v.max}.`;
      return undefined;
    }
    case "date":
      return typeof value === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? undefined
        : "Enter a date (YYYY-MM-DD).";
    case "choice":
      return v.options?.includes(String(value))
        ? undefined
        : `Choose one of: ${(v.options ?? []).join(", ")}.`;
    case "boolean":
      return typeof value === "boolean" ? undefined : "Choose yes or no.";
    case "list":
      return Array.isArray(value) ? undefined : "Expected a list.";
  }
}

// Own properties only: a variable or field named "constructor" or "toString" must not read Object.prototype's.
const own = <T extends object>(o: T, key: string): T[keyof T] | undefined =>
  Object.hasOwn(o, key) ? o[key as keyof T] : undefined;

/** Every message, keyed "name" or "name[2].field" for list items. */
export function validateAll(variables: readonly Variable[], values: Values): Map<string, string> {
  const errors = new Map<string, string>();
  for (const v of variables) {
    const value = own(values, v.name);
    const message = validateValue(v, value);
    if (message !== undefined) errors.set(v.name, message);
    if (v.type === "list" && Array.isArray(value)) {
      value.forEach((item, i) => {
        for (const f of v.fields ?? []) {
          const m = validateValue(f, own(item, f.name));
          if (m !== undefined) errors.set(`${v.name}[${i}].${f.name}`, m);
        }
      });
    }
  }
  return errors;
}

/**
 * Values for the preview: what the user typed, with a visible placeholder for each missing required
 * value (so "[Disclosing party]" shows where the name will go) and invalid values left out.
 */
export function previewValues(variables: readonly Variable[], values: Values, today: Date): Values {
  const out: Values = {};
  for (const v of variables) {
    const value = own(values, v.name);
    if (!isEmpty(value) && validateValue(v, value) === undefined) {
      out[v.name] =
        v.type === "list"
          ? (value as ListItem[]).map((item) => fillItem(v.fields ?? [], item, today))
          : value!;
    } else if (v.required) out[v.name] = placeholder(v, today);
  }
  return out;
}

function fillItem(fields: readonly Variable[], item: ListItem, today: Date): ListItem {
  const out: ListItem = {};
  for (const f of fields) {
    const value = own(item, f.name);
    if (value !== undefined && value !== "" && validateValue(f, value) === undefined) out[f.name] = value;
    else if (f.required) out[f.name] = placeholder(f, today) as ListItem[string];
  }
  return out;
}

function placeholder(v: Variable, today: Date): Value {
  switch (v.type) {
    case "number":
    case "currency":
      return v.min ?? 0;
    case "date":
      return today.toISOString().slice(0, 10);
    case "choice":
      return v.options?.[0] ?? "";
    case "boolean":
      return false;
    case "list":
      return [fillItem(v.fields ?? [], {}, today)];
    default:
      return `[${labelOf(v)}]`;
  }
}
