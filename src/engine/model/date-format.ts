// Dates in the contract: values and reviewBy are calendar dates "YYYY-MM-DD"; a date variable's
// `format` is a Unicode (LDML) date pattern. Only the pattern letters below are supported, so that
// the formatter and the validator agree on what a pattern means; anything else is reported.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is a real calendar date written YYYY-MM-DD (2024-02-29 yes, 2026-02-29 no). */
export function isRealDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Year 0 does not exist in the calendar dates are shown in (it would be shown as "January 1, 1").
  if (year < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999; set the year separately.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The calendar date of `date` in local time, as YYYY-MM-DD (what "today" means to the person building). */
export function localDateString(date: Date): string {
  const pad = (n: number, width = 2): string => String(n).padStart(width, "0");
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type DateFieldLetter = "d" | "M" | "L" | "y" | "E";

export type DateFormatToken =
  { kind: "field"; letter: DateFieldLetter; width: number } | { kind: "literal"; text: string };

/**
 * Supported letters and widths: d/dd day; M/MM month number, MMM short name, MMMM long name;
 * L…LLLL the same month in its stand-alone form (Russian "ноябрь" rather than "22 ноября");
 * y/yyyy full year, yy two-digit year; E/EE/EEE short weekday, EEEE long weekday.
 */
export const DATE_FIELD_WIDTHS: Readonly<Record<DateFieldLetter, readonly number[]>> = {
  d: [1, 2],
  M: [1, 2, 3, 4],
  L: [1, 2, 3, 4],
  y: [1, 2, 4],
  E: [1, 2, 3, 4],
};

const SUPPORTED = "d, dd, M, MM, MMM, MMMM, L…LLLL, y, yy, yyyy, E…EEE, EEEE";

/**
 * Splits a date pattern into fields and literal text. Text in single quotes is literal ('' is a quote);
 * other ASCII letters must be supported fields; every other character is literal.
 */
export function parseDateFormat(
  pattern: string,
): { ok: true; tokens: DateFormatToken[] } | { ok: false; error: string } {
  const tokens: DateFormatToken[] = [];
  const literal = (text: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === "literal") last.text += text;
    else tokens.push({ kind: "literal", text });
  };
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        literal("'");
        i += 2;
        continue;
      }
      let text = "";
      let j = i + 1;
      for (; j < pattern.length; j++) {
        if (pattern[j] === "'") {
          if (pattern[j + 1] === "'") {
            text += "'";
            j++;
          } else break;
        } else text += pattern[j];
      }
      if (j >= pattern.length) return { ok: false, error: `the quote at position ${i + 1} is never closed` };
      if (text !== "") literal(text);
      i = j + 1;
    } else if (/[A-Za-z]/.test(ch)) {
      let j = i;
      while (pattern[j] === ch) j++;
      const width = j - i;
      const widths = DATE_FIELD_WIDTHS[ch as DateFieldLetter] as readonly number[] | undefined;
      if (widths === undefined || !widths.includes(width)) {
        return {
          ok: false,
          error: `"${ch.repeat(width)}" is not supported (supported: ${SUPPORTED}; quote literal words, e.g. 'of')`,
        };
      }
      tokens.push({ kind: "field", letter: ch as DateFieldLetter, width });
      i = j;
    } else {
      literal(ch);
      i++;
    }
  }
  return { ok: true, tokens };
}
