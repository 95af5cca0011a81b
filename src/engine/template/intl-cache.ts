// Intl formatters are costly to build (tens of microseconds each) and a document can format thousands
// of values, so they are cached per locale and options.

const formatCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const localeCache = new Map<string, string>();

/**
 * The locale to hand to Intl. The assembly's locale is validated elsewhere; should an invalid tag slip
 * through, formatting falls back to en-US instead of throwing in the middle of a build.
 */
export function safeLocale(locale: string): string {
  let out = localeCache.get(locale);
  if (out === undefined) {
    try {
      out = Intl.getCanonicalLocales(locale)[0] ?? "en-US";
    } catch {
      out = "en-US";
    }
    localeCache.set(locale, out);
  }
  return out;
}

/** `name` stands for `options` in the cache key when given (a short name costs less than JSON of the options). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions, name?: string): Intl.NumberFormat {
  const key = `n|${locale}|${name ?? JSON.stringify(options)}`;
  let f = formatCache.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat(safeLocale(locale), options);
    formatCache.set(key, f);
  }
  return f as Intl.NumberFormat;
}

/** Date formatters always work in UTC: calendar dates are built as UTC midnight, so nothing shifts. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, name?: string): Intl.DateTimeFormat {
  const key = `d|${locale}|${name ?? JSON.stringify(options)}`;
  let f = formatCache.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(safeLocale(locale), { ...options, timeZone: "UTC" });
    formatCache.set(key, f);
  }
  return f as Intl.DateTimeFormat;
}
