import { parseDateFormat } from "../model/date-format";
import { dateFormat, numberFormat } from "./intl-cache";

// Formats a calendar date with a Unicode (LDML) date pattern. The pattern is split by the same
// parseDateFormat the library validator uses, so what validates is exactly what formats; the letters
// are listed there (d, M, y, E). Names and digits come from Intl for the locale, so "d MMMM yyyy" is
// "22 novembre 2026" in fr-FR.

const MONTH_WIDTH = ["numeric", "2-digit", "short", "long", "narrow"] as const;

function digits(locale: string, n: number, minDigits: number): string {
  return numberFormat(locale, { useGrouping: false, minimumIntegerDigits: Math.min(minDigits, 21) }).format(
    n,
  );
}

function part(locale: string, options: Intl.DateTimeFormatOptions, date: Date, type: string): string {
  const found = dateFormat(locale, options)
    .formatToParts(date)
    .find((p) => p.type === type);
  return found?.value ?? "";
}

function field(
  letter: string,
  count: number,
  y: number,
  m: number,
  d: number,
  date: Date,
  locale: string,
): string {
  switch (letter) {
    case "d":
      return digits(locale, d, count);
    case "y":
      return count === 2 ? digits(locale, y % 100, 2) : digits(locale, y, count);
    case "M":
    case "L": {
      if (count <= 2) return digits(locale, m, count);
      const month = MONTH_WIDTH[Math.min(count, 5) - 1];
      // Format-context names ("22 ноября") come from a day+month format; stand-alone ones from month alone.
      return letter === "M"
        ? part(locale, { day: "numeric", month }, date, "month")
        : part(locale, { month }, date, "month");
    }
    case "E": {
      const weekday = count === 4 ? "long" : count >= 5 ? "narrow" : "short";
      return part(locale, { weekday }, date, "weekday");
    }
    default:
      return letter.repeat(count);
  }
}

/**
 * Formats a calendar date (year, month 1–12, day) with a pattern, or with the locale's long date when
 * there is none. The date is never converted between time zones.
 */
export function formatCalendarDate(
  y: number,
  m: number,
  d: number,
  pattern: string | undefined,
  locale: string,
): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC maps years 0–99 to 1900–1999; set the year explicitly so year 50 stays year 50.
  date.setUTCFullYear(y, m - 1, d);
  const parsed = pattern === undefined || pattern === "" ? undefined : parseDateFormat(pattern);
  // A pattern the validator rejects never reaches here from a loaded library; be safe anyway.
  if (!parsed?.ok) return dateFormat(locale, { dateStyle: "long" }, "long").format(date);
  return parsed.tokens
    .map((t) => (t.kind === "literal" ? t.text : field(t.letter, t.width, y, m, d, date, locale)))
    .join("");
}
