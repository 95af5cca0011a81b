import { describe, expect, test } from "@jest/globals";
import { isRealDate, localDateString, parseDateFormat } from "../../../src/engine/model/date-format";
import { lengthToTwips, parseLength } from "../../../src/engine/model/length";

describe("lengthToTwips", () => {
  test.each([
    ["1in", 1440],
    ["72pt", 1440],
    ["2.54cm", 1440],
    ["25.4mm", 1440],
    ["25mm", 1417],
    [".5in", 720],
    ["0pt", 0],
  ])("%s = %i twips", (length, twips) => {
    expect(lengthToTwips(length)).toBe(twips);
  });

  test("throws a RangeError for anything that is not a number and a unit", () => {
    for (const bad of ["25", "25 mm", "-1mm", "1px", "mm", "1.in"]) {
      expect(() => lengthToTwips(bad)).toThrow(RangeError);
      expect(parseLength(bad)).toBeUndefined();
    }
  });
});

describe("dates", () => {
  test("isRealDate knows month lengths and leap years", () => {
    expect(["2024-02-29", "2000-02-29", "0001-01-01", "2026-12-31"].every(isRealDate)).toBe(true);
    expect(
      ["2026-02-29", "1900-02-29", "2026-04-31", "2026-00-10", "2026-1-1", "2026-01-01T00:00Z"].some(
        isRealDate,
      ),
    ).toBe(false);
  });

  test("localDateString uses the local calendar date", () => {
    expect(localDateString(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  test("parseDateFormat splits fields and literals", () => {
    expect(parseDateFormat("EEEE, d MMMM yyyy 'at' h''")).toEqual({
      ok: false,
      error: expect.stringContaining('"h" is not supported'),
    });
    expect(parseDateFormat("EEEE, d MMMM yyyy 'o''clock'")).toEqual({
      ok: true,
      tokens: [
        { kind: "field", letter: "E", width: 4 },
        { kind: "literal", text: ", " },
        { kind: "field", letter: "d", width: 1 },
        { kind: "literal", text: " " },
        { kind: "field", letter: "M", width: 4 },
        { kind: "literal", text: " " },
        { kind: "field", letter: "y", width: 4 },
        { kind: "literal", text: " o'clock" },
      ],
    });
  });

  test("parseDateFormat rejects unsupported widths and unclosed quotes", () => {
    for (const bad of ["yyy", "ddd", "MMMMM", "EEEEE", "d 'of"]) expect(parseDateFormat(bad).ok).toBe(false);
    for (const good of ["dd/MM/yy", "d.M.y", "E d MMM", "''"]) expect(parseDateFormat(good).ok).toBe(true);
  });
});
