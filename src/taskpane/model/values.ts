// Form values for a snippet's variables: defaults, validation messages shown next to the fields, and
// placeholder values so the preview can render before every required field is filled in. The engine
// validates again when it builds; these messages are the friendly, per-field version.

import {
  formatValue,
  validateValue as checkValue,
  type ListItem,
  type ProblemCode,
  type Value,
  type Values,
  type Variable,
} from "../../engine/core";

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

export const isEmptyValue = (value: Value | undefined): boolean =>
  value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
const isEmpty = isEmptyValue;

/** Past 15 significant digits a JavaScript number (a double) no longer keeps every digit typed. */
const MAX_DIGITS = 15;

/**
 * A number as typed: "1500", "-2.5", "1,500.75" (commas group thousands). A message instead when it
 * is not one, or when it has more digits than can be kept exactly (a 20-digit amount would be rounded).
 */
export function parseNumberText(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const plain = text.trim().replace(/(\d),(?=\d{3}(\D|$))/g, "$1");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain))
    return { ok: false, message: `“${text.trim()}” is not a number. Type digits only, like 30 or 1500.50.` };
  const digits = plain
    .replace(/^[-+]?0*/, "")
    .replace(".", "")
    .replace(/0+$/, "");
  if (digits.length > MAX_DIGITS)
    return {
      ok: false,
      message: `Too many digits to keep exactly (at most ${MAX_DIGITS}); the number would be rounded.`,
    };
  return { ok: true, value: Number(plain) };
}

/**
 * The message for one value, or undefined when it is fine. The rules are the engine's (validateValue,
 * the same the build applies), so the form never accepts what the build refuses nor the other way round;
 * only the words are the pane's, chosen by the problem's code. On top of them the form guards typing:
 * a number arrives as text and must be one, keep every digit, and have no more decimals than it shows.
 */
export function validateValue(v: Variable, value: Value | undefined): string | undefined {
  const label = labelOf(v);
  if (isEmpty(value)) return v.required ? `${label} is required.` : undefined;
  if (v.type === "list") return Array.isArray(value) ? undefined : "Expected a list."; // items: validateAll
  let checked: Value = value!;
  if ((v.type === "number" || v.type === "currency") && typeof checked === "string") {
    const parsed = parseNumberText(checked);
    if (!parsed.ok) return parsed.message;
    checked = parsed.value;
  }
  const problem = checkValue(v, checked, "").problems.find((p) => p.severity === "error");
  if (problem !== undefined) return wordsFor(problem.code, v, checked);
  if (typeof checked === "number") {
    if (!Number.isSafeInteger(Math.trunc(checked)))
      return `Too many digits to keep exactly (at most ${MAX_DIGITS}); the number would be rounded.`;
    const scaled = v.decimals === undefined ? 0 : checked * 10 ** v.decimals;
    if (v.decimals !== undefined && Math.abs(scaled - Math.round(scaled)) > 1e-6)
      return v.decimals === 0 ? "Type a whole number." : `At most ${v.decimals} decimal places.`;
  }
  return undefined;
}

/** The engine's finding about a value, in the pane's words (never a code, a path or a pattern). */
function wordsFor(code: ProblemCode, v: Variable, value: Value): string {
  const label = labelOf(v);
  switch (code) {
    case "VALUE_LENGTH":
      return `At most ${v.maxLength} characters (now ${[...String(value)].length}).`;
    case "VALUE_PATTERN": {
      // Never the pattern itself: an example of what to type, when one can be made.
      const example = v.pattern === undefined ? undefined : patternExample(v.pattern);
      return `${label} does not have the expected form${example ? `: type it like ${example}` : ""}.`;
    }
    case "VALUE_RANGE":
      return v.min !== undefined && typeof value === "number" && value < v.min
        ? `Must be at least ${v.min}.`
        : `Must be at most ${v.max}.`;
    case "VALUE_DATE":
      return "Enter a date (YYYY-MM-DD).";
    case "VALUE_OPTION":
      return `Choose one of: ${(v.options ?? []).join(", ")}.`;
    default:
      return TYPE_WORDS[v.type];
  }
}

/** What to enter, by type: the words for a value of the wrong kind (VALUE_TYPE). */
const TYPE_WORDS: Record<Variable["type"], string> = {
  text: "Enter text.",
  multiline: "Enter text.",
  number: "Enter a number.",
  currency: "Enter a number.",
  date: "Enter a date (YYYY-MM-DD).",
  choice: "Choose one of the options.",
  boolean: "Choose yes or no.",
  list: "Expected a list.",
};

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
export function previewValues(
  variables: readonly Variable[],
  values: Values,
  today: Date,
  options: {
    /** Variables the text shows (model/used-variables): a placeholder marks the gap when they are empty. */
    shown?: ReadonlySet<string>;
    /** Number and date variables the preview retyped as text (model/preview-gaps): "[Label]", not 0. */
    asText?: ReadonlySet<string>;
  } = {},
): Values {
  const shown = options.shown ?? new Set<string>();
  const asText = options.asText ?? new Set<string>();
  const out: Values = {};
  for (const v of variables) {
    const value = own(values, v.name);
    if (!isEmpty(value) && validateValue(v, value) === undefined) {
      out[v.name] =
        v.type === "list"
          ? (value as ListItem[]).map((item) => fillItem(v.fields ?? [], item, today))
          : value!;
    } else if (asText.has(v.name)) out[v.name] = `[${labelOf(v)}]`;
    else if (v.required || (shown.has(v.name) && v.type !== "boolean")) out[v.name] = placeholder(v, today);
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
      // A field with a pattern gets an example of it, so the preview builds (and shows what to type).
      return (v.pattern !== undefined ? patternExample(v.pattern) : undefined) ?? `[${labelOf(v)}]`;
  }
}

/**
 * An example of what a simple pattern accepts: "[0-9]+\.[0-9]+" gives "1.0". Literals, escapes, classes
 * and the quantifiers + * ? {n,m} are understood; anything else (alternation, groups) gives undefined.
 */
export function patternExample(pattern: string): string | undefined {
  let out = "";
  let digits = 0;
  let i = 0;
  const pick = (set: string): string => {
    if (/0-9|\\d/.test(set)) return digits++ === 0 ? "1" : "0";
    if (/A-Z/.test(set)) return "A";
    if (/a-z/.test(set)) return "a";
    const first = set.replace(/^\^/, "")[0];
    return first === undefined || first === "\\" ? "x" : first;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    let unit: string;
    if (c === "[") {
      const end = pattern.indexOf("]", i + 1);
      if (end < 0 || pattern[i + 1] === "^") return undefined;
      unit = pick(pattern.slice(i + 1, end));
      i = end + 1;
    } else if (c === "\\") {
      const e = pattern[i + 1];
      if (e === undefined) return undefined;
      unit = e === "d" ? pick("0-9") : e === "w" ? "a" : e === "s" ? " " : /[A-Za-z]/.test(e) ? "" : e;
      if (unit === "" && /[A-Za-z]/.test(e)) return undefined;
      i += 2;
    } else if ("()|^$.".includes(c)) {
      if (c === "^" && i === 0) {
        i++;
        continue;
      }
      if (c === "$" && i === pattern.length - 1) break;
      return undefined;
    } else {
      unit = c;
      i++;
    }
    const q = pattern[i];
    if (q === "?" || q === "*") {
      i++;
      continue; // zero of it is enough
    }
    if (q === "+") i++;
    else if (q === "{") {
      const m = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i));
      if (!m) return undefined;
      unit = unit.repeat(Number(m[1]));
      i += m[0].length;
    }
    out += unit;
  }
  return new RegExp(`^(?:${pattern})$`, "u").test(out) ? out : undefined;
}

/**
 * What tells two sections of one snippet apart in the outline: the first values given, in the order of
 * the snippet's variables ("Disclosing party: Contoso · Term (years): 2"), written as the document writes
 * them in `locale` (the engine's formatValue: "€12,500.00", "15 March 2027"). Yes/no values are left out
 * (they rarely tell sections apart); a list says how many rows it has.
 */
export function valuesSummary(
  variables: readonly Variable[],
  values: Values,
  locale: string,
  count = 2,
): string {
  const parts: string[] = [];
  for (const v of variables) {
    if (parts.length >= count) break;
    const value = values[v.name];
    if (isEmpty(value) || typeof value === "boolean") continue;
    if (Array.isArray(value))
      parts.push(`${labelOf(v)}: ${value.length} ${value.length === 1 ? "row" : "rows"}`);
    else parts.push(`${labelOf(v)}: ${readable(v, value as Value, locale)}`);
  }
  return parts.join(" · ");
}

/** The value as the document writes it; as stored when the locale cannot format it (a half-typed one). */
function readable(v: Variable, value: Value, locale: string): string {
  try {
    return formatValue(v, value, locale);
  } catch {
    return String(value);
  }
}
