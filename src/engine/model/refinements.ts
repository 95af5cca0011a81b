import { parseDateFormat } from "./date-format";
import { compilePattern } from "./pattern";

// The rules of the file formats that a JSON type and a regular expression cannot say: each a named
// function, used by the zod schemas (schema-library.ts, schema-assembly.ts: `.refine(rule, …)`).

/** Why a pattern is refused, or undefined when it can be matched (model/pattern.ts). */
export function compileError(pattern: string): string | undefined {
  const compiled = compilePattern(pattern);
  return compiled.ok ? undefined : compiled.reason;
}

const refusedAs = (pattern: string, code: "PATTERN_INVALID" | "PATTERN_UNSUPPORTED"): boolean => {
  const compiled = compilePattern(pattern);
  return !compiled.ok && compiled.code === code;
};

let currencies: ReadonlySet<string> | null | undefined;

// ISO 4217 codes that ICU (and so Intl.supportedValuesOf) leaves out: funds codes, precious metals,
// bond-market units, the testing and "no currency" codes, and VED. Intl formats them like any code.
const ISO_4217_EXTRA = new Set("BOV CHE CHW CLF COU MXV USN UYI UYW XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX VED".split(" "));

/** ISO 4217, as far as this JavaScript engine knows (and the codes ICU omits); three capital letters when it cannot say. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (ISO_4217_EXTRA.has(code)) return true;
  if (currencies === undefined) {
    currencies =
      typeof Intl.supportedValuesOf === "function" ? new Set(Intl.supportedValuesOf("currency")) : null;
  }
  return currencies === null || currencies.has(code);
}

export function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Whether the platform has formatting data for the locale's language: a well-formed tag such as
 * "xx-INVALID" or "und" would otherwise be formatted as the default locale (en-US) without a word.
 */
export function isSupportedLocale(tag: string): boolean {
  if (!isLocale(tag)) return true; // LOCALE_INVALID says what is wrong
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length === 1 && Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1;
  } catch {
    return false;
  }
}

/** A title of only spaces is no title (the length limits are the schema's). */
export const titleNotBlank = (title: string): boolean => title === "" || title.trim() !== "";

// The variable-name pattern allows "__proto__", but JSON readers (zod included) drop that key from
// values, so its value could never arrive: refused with a clear message instead of lost without one.
export const nameNotReserved = (name: string): boolean => name !== "__proto__";

export const patternValid = (pattern: string): boolean => !refusedAs(pattern, "PATTERN_INVALID");
export const patternSupported = (pattern: string): boolean => !refusedAs(pattern, "PATTERN_UNSUPPORTED");

/** Only for codes of the right shape (the schema's regex says the rest), so that "eur" is one problem, not two. */
export const currencyKnown = (code: string): boolean => !/^[A-Z]{3}$/.test(code) || isCurrencyCode(code);

export const dateFormatUsable = (format: string): boolean => parseDateFormat(format).ok;
