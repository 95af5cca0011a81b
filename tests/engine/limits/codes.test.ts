import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "@jest/globals";
import { LIMIT_CODES } from "../../../src/engine/errors/codes-limits";
import { PROBLEM_CODES } from "../../../src/engine/errors/codes";
import { formatBytes, formatCount, LIMITS, MAX_SECTION_EXPANDED_SIZE } from "../../../src/engine/limits";
import { expectWithMessage } from "../../support/expect-message";

describe("limit codes", () => {
  test("are errors in the catalogue, each with a title, a fix and an example", () => {
    for (const [code, info] of Object.entries(LIMIT_CODES)) {
      expect(code).toMatch(/^LIMIT_[A-Z_]+$/);
      expect(PROBLEM_CODES[code as keyof typeof PROBLEM_CODES]).toBe(info);
      expect(info.severity).toBe("error");
      expectWithMessage(info.title.length, code).toBeGreaterThan(10);
      expectWithMessage(info.fix.length, code).toBeGreaterThan(10);
      expectWithMessage(info.example.length, code).toBeGreaterThan(0);
    }
  });

  test("the LIMITS table has one row per code, and each code's title quotes its number", () => {
    expect(LIMITS.map((l) => l.code).sort()).toEqual(Object.keys(LIMIT_CODES).sort());
    for (const limit of LIMITS) {
      const title = LIMIT_CODES[limit.code as keyof typeof LIMIT_CODES].title;
      const shown = [formatCount(limit.value), formatBytes(limit.value), formatCount(limit.value / 1_000_000) + " MB"];
      expectWithMessage(shown.some((s) => title.includes(s)), `${limit.code}: "${title}"`).toBe(true);
    }
  });

  test("the expanded-size row quotes the section limit as it is", () => {
    const row = LIMITS.find((l) => l.code === "LIMIT_EXPANDED_SIZE")!;
    expect(row.what).toContain(formatCount(MAX_SECTION_EXPANDED_SIZE));
    expect(LIMIT_CODES.LIMIT_EXPANDED_SIZE.title).toContain(formatCount(MAX_SECTION_EXPANDED_SIZE));
  });

  test("formatCount groups thousands whatever the locale", () => {
    expect(formatCount(20_000_000)).toBe("20,000,000");
    expect(formatCount(999)).toBe("999");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatBytes(1234)).toBe("1,234 bytes");
  });

  // A code nobody can trigger is dead or untested: every limit is crossed by a test in this folder.
  test("every limit code is produced by a test in tests/engine/limits", () => {
    const dir = import.meta.dirname;
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith(".test.ts") && f !== "codes.test.ts")
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    const missing = Object.keys(LIMIT_CODES).filter((code) => !new RegExp(`"${code}"`).test(sources));
    expect(missing).toEqual([]);
  });
});
