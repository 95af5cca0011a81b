import type { ListItem, Value, Variable } from "../model/types";
import { formatCalendarDate } from "./date-pattern";
import { numberFormat } from "./intl-cache";

// Formats validated values as the text a reader sees, with the platform's Intl for the locale.
// The result is plain text: the expander escapes it before it goes into Markdown.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Digits after the decimal point as the number was written (1234.5 → 1), so a number without
 * `decimals` is shown as given instead of being rounded to Intl's default of three places.
 */
function writtenDecimals(n: number): number {
  const s = String(Math.abs(n));
  const exp = /e([+-]\d+)$/.exec(s);
  const mantissa = exp ? s.slice(0, exp.index) : s;
  const dot = mantissa.indexOf(".");
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, Math.min(20, fraction - (exp ? Number(exp[1]) : 0)));
}

function formatNumber(n: number, decimals: number | undefined, locale: string): string {
  const digits =
    decimals !== undefined && decimals >= 0 ? Math.min(20, Math.floor(decimals)) : writtenDecimals(n);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }, `fraction ${digits}`).format(n);
}

function formatCurrency(n: number, currency: string | undefined, locale: string): string {
  if (currency === undefined || !/^[A-Za-z]{3}$/.test(currency)) return formatNumber(n, 2, locale);
  // The currency decides its own decimals (EUR 2, JPY 0); Intl knows them.
  const code = currency.toUpperCase();
  return numberFormat(locale, { style: "currency", currency: code }, `currency ${code}`).format(n);
}

/** "YYYY-MM-DD" → the locale's long date, or the variable's Unicode pattern. Other text is returned as is. */
export function formatDateString(value: string, pattern: string | undefined, locale: string): string {
  const m = ISO_DATE.exec(value);
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return value;
  return formatCalendarDate(y, mo, d, pattern, locale);
}

function formatScalar(variable: Variable, value: Exclude<Value, ListItem[]>, locale: string): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  switch (variable.type) {
    case "number":
      return typeof value === "number" ? formatNumber(value, variable.decimals, locale) : String(value);
    case "currency":
      return typeof value === "number" ? formatCurrency(value, variable.currency, locale) : String(value);
    case "date":
      return typeof value === "string" ? formatDateString(value, variable.format, locale) : String(value);
    default:
      // text, multiline, choice: as written (line breaks are kept; the expander turns them into breaks).
      return typeof value === "number" ? formatNumber(value, undefined, locale) : value;
  }
}

function formatItem(fields: readonly Variable[] | undefined, item: ListItem, locale: string): string {
  const defs = new Map((fields ?? []).map((f) => [f.name, f]));
  // Own properties only: a field named "constructor" or "toString" must not find Object.prototype's.
  const names = fields ? fields.map((f) => f.name).filter((n) => Object.hasOwn(item, n)) : Object.keys(item);
  return names
    .map((name) => {
      const v = item[name] as Exclude<Value, ListItem[]>;
      return formatScalar(defs.get(name) ?? { name, type: "text", required: false }, v, locale);
    })
    .filter((s) => s !== "")
    .join(", ");
}

/**
 * The text a variable's value shows as. number: `decimals` fixes the digits after the point; currency:
 * Intl currency style with the variable's ISO code; date: "YYYY-MM-DD" formatted with `format` (a Unicode
 * date pattern) or the locale's long date; boolean: "Yes"/"No"; text, multiline, choice: as written;
 * list: each item's fields joined by ", ", items joined by "; " (lists are normally used with {{#each}}).
 */
export function formatValue(variable: Variable, value: Value, locale: string): string {
  if (Array.isArray(value)) return value.map((item) => formatItem(variable.fields, item, locale)).join("; ");
  return formatScalar(variable, value, locale);
}

/** {{today}}: the generation date's local calendar day as the locale's long date. */
export function formatToday(date: Date, locale: string): string {
  return formatCalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate(), undefined, locale);
}

/** Truth for {{#if}}: boolean true, non-empty text, a non-zero number, a non-empty list. */
export function isTruthy(value: Value | undefined | null): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (typeof value === "string") return value !== "";
  return value.length > 0;
}
