import { describe, expect, test } from "@jest/globals";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { resolveValues } from "../../../src/engine/model/values";
import { compilePattern, matchesPattern } from "../../../src/engine/model/pattern";
import { validateValue } from "../../../src/taskpane/model/values";
import type { Variable } from "../../../src/engine";
import { assembly, build, library, problemsOf } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Issue 14: a pattern such as "(a+)+b" made JavaScript's backtracking RegExp take exponential time, so a
// 40-character value hung build, validate, list and the pane. Patterns are now matched in linear time.

const EVIL = ["(a+)+b", "(a|a)*b", "(a*)*b", "([a-z]+)*\\d", "(\\w+\\s?)+$x"];
const within = (ms: number, run: () => void): number => {
  const start = performance.now();
  run();
  const took = performance.now() - start;
  expect(took).toBeLessThan(ms);
  return took;
};

describe("variable patterns are matched in linear time", () => {
  test("catastrophic patterns answer at once, in the engine and in the pane", () => {
    for (const pattern of EVIL) {
      const v: Variable = { name: "x", type: "text", pattern, required: false };
      for (const value of ["a".repeat(40), "a".repeat(100_000)]) {
        within(2000, () => expect(matchesPattern(pattern, value)).toBe(false));
        within(2000, () => expect(validateValue(v, value)).toContain("expected form"));
        within(2000, () => {
          const { problems } = resolveValues([v], [{ values: { x: value }, path: "values" }]);
          expect(problems.map((p) => p.code)).toEqual(["VALUE_PATTERN"]);
        });
      }
    }
  });

  test("a library whose default hangs JavaScript's RegExp loads and builds with VALUE_PATTERN", async () => {
    const lib = library({
      id: "s1",
      body: "{{x}}",
      variables: [{ name: "x", type: "text", pattern: "(a+)+b", default: "a".repeat(40) }],
    });
    const start = performance.now();
    expect(parseLibrary(lib).problems.map((p) => p.code)).toEqual(["VALUE_PATTERN"]);
    const problems = await problemsOf(lib, assembly([{ snippet: "s1" }]));
    expect(problems.map((p) => p.code)).toContain("VALUE_PATTERN");
    expect(performance.now() - start).toBeLessThan(5000);
  });

  test("the documented syntax keeps its JavaScript meaning", () => {
    const cases: Array<[string, string, boolean]> = [
      ["[A-Z]{3}-\\d+", "ABC-12", true],
      ["^[A-Z]{3}-\\d+$", "ABC-12", true],
      ["[A-Z]{3}-\\d+", "ABC-12x", false],
      ["\\u00e9t\\u00E9", "été", true],
      ["\\uD83D\\uDE00", "😀", true],
      ["a\\sb", "a\u00a0b", true], // JavaScript's \s is Unicode
      ["[\\s]+", "\u3000\t", true],
      ["\\S+", "a\u2003", false],
      [".", "\r", false], // "." does not match line terminators
      [".", "😀", true],
      ["[^]", "\n", true],
      ["\\cA\\0", "\u0001\u0000", true],
      ["a|b", "b", true],
      ["(?<year>\\d{4})-\\d\\d", "2026-11", true],
      ["\\p{Lu}+", "ÉA", true],
    ];
    for (const [pattern, text, expected] of cases) expectWithMessage(matchesPattern(pattern, text), pattern).toBe(expected);
  });

  test("lookaround and backreferences are refused with PATTERN_UNSUPPORTED", () => {
    for (const pattern of ["(?=.*\\d)[a-z0-9]+", "(a)\\1", "(?<!x)y", "(?<n>a)\\k<n>"]) {
      expect(compilePattern(pattern)).toMatchObject({ ok: false, code: "PATTERN_UNSUPPORTED" });
      const { problems } = parseLibrary(
        library({ id: "s1", body: "{{x}}", variables: [{ name: "x", type: "text", pattern }] }),
      );
      expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual([
        "PATTERN_UNSUPPORTED snippets[0].variables[0].pattern",
      ]);
    }
    expect(compilePattern("[A-Z")).toMatchObject({ ok: false, code: "PATTERN_INVALID" });
  });

  test("a matching value still builds", async () => {
    const lib = library({
      id: "s1",
      body: "Ref {{x}}",
      variables: [{ name: "x", type: "text", pattern: "(a+)+b" }],
    });
    const built = await build(lib, assembly([{ snippet: "s1", values: { x: "aaab" } }]));
    expect(built.document).toContain("aaab");
  });
});
