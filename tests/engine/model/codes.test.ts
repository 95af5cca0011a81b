import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "@jest/globals";
import { MODEL_CODES } from "../../../src/engine/errors/codes-model";
import { PROBLEM_CODES } from "../../../src/engine/errors/codes";
import { expectWithMessage } from "../../support/expect-message";

describe("model codes", () => {
  test("no model code is defined again by another domain", () => {
    for (const code of Object.keys(MODEL_CODES))
      expectWithMessage(PROBLEM_CODES[code as keyof typeof PROBLEM_CODES], code).toBe(
        MODEL_CODES[code as keyof typeof MODEL_CODES],
      );
  });

  test("every code has a severity, a title, a fix and an example", () => {
    for (const [code, info] of Object.entries(MODEL_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(["error", "warning"]).toContain(info.severity);
      expectWithMessage(info.title.length, code).toBeGreaterThan(10);
      expectWithMessage(info.fix.length, code).toBeGreaterThan(10);
      expectWithMessage(info.example.length, code).toBeGreaterThan(0);
    }
  });

  test("warnings are exactly those the contract lets a build go on with", () => {
    const warnings = Object.entries(MODEL_CODES)
      .filter(([, info]) => info.severity === "warning")
      .map(([code]) => code)
      .sort();
    expect(warnings).toEqual(
      [
        "FIELD_UNKNOWN",
        // Issue 14: what JSON.parse and a file's decoding do silently, said (the build goes on as before).
        "JSON_DUPLICATE_KEY",
        "TEXT_REPLACEMENT_CHARACTER",
        // Sectionsmith's replacedBy extension: a successor that is not there only loses a hint.
        "REPLACED_BY_UNKNOWN",
        "RULE_NOT_APPLICABLE",
        "SNIPPET_DEPRECATED",
        "SNIPPET_DRAFT",
        "SNIPPET_STALE",
        "VALUE_UNKNOWN",
        "VARIABLE_RESERVED",
      ].sort(),
    );
  });

  // Each code must be produced by at least one test of this folder: a code nobody can trigger is
  // either dead or untested. (The tests assert on the code name, so the name appears in them.)
  test("every code is exercised by a test in tests/engine/model", () => {
    const dir = import.meta.dirname;
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith(".test.ts") && f !== "codes.test.ts")
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    const missing = Object.keys(MODEL_CODES).filter((code) => !new RegExp(`\\b${code}\\b`).test(sources));
    expect(missing).toEqual([]);
  });
});
