import { describe, expect, it } from "@jest/globals";
import { formatToday, formatValue, isTruthy } from "../../../src/engine/template";
import { v } from "./helpers";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("formatValue: numbers and currencies", () => {
  const amount = v("amount", "number", { decimals: 2 });
  it.each([
    ["en-US", "1,234.50"],
    ["en-GB", "1,234.50"],
    ["de-DE", "1.234,50"],
    ["fr-FR", `1${NNBSP}234,50`],
  ])("%s number with 2 decimals", (locale, expected) => {
    expect(formatValue(amount, 1234.5, locale)).toBe(expected);
  });

  it("rounds to `decimals` and pads with zeros", () => {
    expect(formatValue(v("n", "number", { decimals: 1 }), 2.26, "en-US")).toBe("2.3");
    expect(formatValue(v("n", "number", { decimals: 0 }), 2.5, "en-US")).toBe("3");
    expect(formatValue(v("n", "number", { decimals: 3 }), 7, "de-DE")).toBe("7,000");
  });

  it("shows a number without `decimals` as written (no rounding to three places)", () => {
    const n = v("n", "number");
    expect(formatValue(n, 1234.5, "en-US")).toBe("1,234.5");
    expect(formatValue(n, 2, "en-US")).toBe("2");
    expect(formatValue(n, 0.12345, "en-US")).toBe("0.12345");
    expect(formatValue(n, 1e-7, "en-US")).toBe("0.0000001");
  });

  it.each([
    ["en-US", "USD", "$1,234.50"],
    ["en-GB", "GBP", "£1,234.50"],
    ["de-DE", "EUR", `1.234,50${NBSP}€`],
    ["fr-FR", "EUR", `1${NNBSP}234,50${NBSP}€`],
  ])("%s currency %s", (locale, currency, expected) => {
    expect(formatValue(v("fee", "currency", { currency }), 1234.5, locale)).toBe(expected);
  });

  it("takes the decimals from the currency", () => {
    expect(formatValue(v("fee", "currency", { currency: "JPY" }), 1234.5, "en-US")).toBe("¥1,235");
    expect(formatValue(v("fee", "currency", { currency: "eur" }), 3, "de-DE")).toBe(`3,00${NBSP}€`);
  });
});

describe("formatValue: dates", () => {
  const date = (format?: string) => v("d", "date", format === undefined ? {} : { format });

  it.each([
    ["en-US", "November 22, 2026"],
    ["en-GB", "22 November 2026"],
    ["de-DE", "22. November 2026"],
    ["fr-FR", "22 novembre 2026"],
  ])("%s long date when there is no format", (locale, expected) => {
    expect(formatValue(date(), "2026-11-22", locale)).toBe(expected);
  });

  it.each([
    ["en-GB", "d MMMM yyyy", "22 November 2026"],
    ["en-US", "MMMM d, yyyy", "November 22, 2026"],
    ["de-DE", "EEEE, d. MMMM yyyy", "Sonntag, 22. November 2026"],
    ["fr-FR", "EEE d MMM yy", "dim. 22 nov. 26"],
    ["en-US", "EEEE", "Sunday"],
    ["en-US", "E EEE", "Sun Sun"],
  ])("%s pattern %s", (locale, format, expected) => {
    expect(formatValue(date(format), "2026-11-22", locale)).toBe(expected);
  });

  it("pads d/M/y to the run length and cuts yy to two digits", () => {
    expect(formatValue(date("dd.MM.yyyy"), "2026-01-05", "de-DE")).toBe("05.01.2026");
    expect(formatValue(date("d/M/yy"), "2026-01-05", "en-GB")).toBe("5/1/26");
    expect(formatValue(date("y"), "0987-01-05", "en-GB")).toBe("987");
  });

  it("keeps quoted text and '' as an apostrophe", () => {
    expect(formatValue(date("d 'o''clock' yyyy'T'"), "2026-01-05", "en-US")).toBe("5 o'clock 2026T");
    expect(formatValue(date("'day' d"), "2026-01-05", "en-US")).toBe("day 5");
  });

  it("uses the format-context month name for M and the stand-alone one for L", () => {
    expect(formatValue(date("d MMMM"), "2026-11-22", "ru-RU")).toBe("22 ноября");
    expect(formatValue(date("LLLL"), "2026-11-22", "ru-RU")).toBe("ноябрь");
  });

  it("never shifts the calendar day (no time zones involved)", () => {
    expect(formatValue(date(), "2026-01-01", "en-US")).toBe("January 1, 2026");
    expect(formatValue(date("d"), "2026-12-31", "en-US")).toBe("31");
  });

  it("returns text that is not a YYYY-MM-DD date unchanged", () => {
    expect(formatValue(date(), "next week", "en-US")).toBe("next week");
  });
});

describe("formatValue: other types", () => {
  it("booleans are Yes/No, text and choices as written, multiline keeps its breaks", () => {
    expect(formatValue(v("b", "boolean"), true, "de-DE")).toBe("Yes");
    expect(formatValue(v("b", "boolean"), false, "en-US")).toBe("No");
    expect(formatValue(v("t", "text"), "  *as is*  ", "en-US")).toBe("  *as is*  ");
    expect(formatValue(v("c", "choice", { options: ["gold"] }), "gold", "en-US")).toBe("gold");
    expect(formatValue(v("m", "multiline"), "a\nb", "en-US")).toBe("a\nb");
  });

  it("joins list items", () => {
    const list = v("items", "list", { fields: [v("what", "text"), v("qty", "number", { decimals: 1 })] });
    expect(
      formatValue(
        list,
        [
          { what: "Pens", qty: 2 },
          { what: "Ink", qty: 1000 },
        ],
        "en-US",
      ),
    ).toBe("Pens, 2.0; Ink, 1,000.0");
  });
});

describe("formatToday", () => {
  it("formats the local calendar day as the locale's long date", () => {
    expect(formatToday(new Date(2026, 10, 22, 0, 30), "en-GB")).toBe("22 November 2026");
    expect(formatToday(new Date(2026, 10, 22, 23, 59), "de-DE")).toBe("22. November 2026");
    expect(formatToday(new Date(2026, 0, 2), "en-US")).toBe("January 2, 2026");
    expect(formatToday(new Date(2026, 0, 2), "fr-FR")).toBe("2 janvier 2026");
  });
});

describe("isTruthy", () => {
  it.each([
    [true, true],
    [false, false],
    ["x", true],
    ["", false],
    [0, false],
    [-1, true],
    [Number.NaN, false],
    [[], false],
    [[{ a: "x" }], true],
    [undefined, false],
  ] as const)("%j → %s", (value, expected) => {
    expect(isTruthy(value as never)).toBe(expected);
  });
});
