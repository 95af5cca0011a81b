import { dateFormat, numberFormat } from "./intl-cache";

// Unicode (CLDR/LDML) date patterns, the subset that makes sense for a calendar date:
//   d dd          day of month (1, 01)
//   M MM MMM MMMM MMMMM   month: number, padded, abbreviated, full, narrow (format form, e.g. Russian "ноября")
//   L LL LLL LLLL LLLLL   the same, stand-alone form (Russian "ноябрь")
//   y yyyy yy     year, year padded to the run length, two-digit year
//   E EE EEE EEEE EEEEE   weekday abbreviated (E–EEE), full, narrow
//   '…'           literal text; '' is one apostrophe. Any character that is not a letter is literal.
// Names and digits come from Intl for the locale, so "d MMMM yyyy" is "22 novembre 2026" in fr-FR.

export type DatePatternToken =
  { kind: "field"; letter: string; count: number } | { kind: "literal"; text: string };

const SUPPORTED = new Set(["d", "M", "L", "y", "E"]);

export function tokenizeDatePattern(pattern: string): { tokens: DatePatternToken[]; unclosedQuote: boolean } {
  const tokens: DatePatternToken[] = [];
  const literal = (text: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === "literal") last.text += text;
    else tokens.push({ kind: "literal", text });
  };
  let i = 0;
  let unclosedQuote = false;
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        literal("'");
        i += 2;
        continue;
      }
      // Quoted text runs to the next lone apostrophe; '' inside it is an apostrophe.
      let text = "";
      let j = i + 1;
      for (;;) {
        if (j >= pattern.length) {
          unclosedQuote = true;
          break;
        }
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            text += "'";
            j += 2;
            continue;
          }
          break;
        }
        text += pattern[j];
        j++;
      }
      if (text !== "") literal(text);
      i = j + 1;
    } else if (/[A-Za-z]/.test(ch)) {
      let j = i;
      while (pattern[j] === ch) j++;
      tokens.push({ kind: "field", letter: ch, count: j - i });
      i = j;
    } else {
      literal(ch);
      i++;
    }
  }
  return { tokens, unclosedQuote };
}

/** Why a pattern cannot be used, or undefined when it is fine (for the library validator). */
export function checkDatePattern(pattern: string): string | undefined {
  const { tokens, unclosedQuote } = tokenizeDatePattern(pattern);
  if (unclosedQuote) return `the quoted text in "${pattern}" is not closed with '`;
  const bad = tokens.filter((t) => t.kind === "field" && !SUPPORTED.has(t.letter));
  if (bad.length > 0) {
    const letters = [...new Set(bad.map((t) => (t.kind === "field" ? t.letter : "")))].join(", ");
    return `"${pattern}" uses pattern letters Sectionsmith does not support (${letters}); use d, M, L, y and E, and put other text in '…'`;
  }
  return undefined;
}

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
      // Unsupported letters are kept as written (checkDatePattern reports them when the library is loaded).
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
  if (pattern === undefined || pattern === "") return dateFormat(locale, { dateStyle: "long" }).format(date);
  return tokenizeDatePattern(pattern)
    .tokens.map((t) => (t.kind === "literal" ? t.text : field(t.letter, t.count, y, m, d, date, locale)))
    .join("");
}
