import { describe, expect, test } from "@jest/globals";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { brief, lib, only, withVariables } from "./helpers";

const V = "snippets[0].variables";
const problemsOf = (...variables: unknown[]) => parseLibrary(withVariables(...variables)).problems;

describe("variables: names", () => {
  test("VARIABLE_NAME_INVALID for names that cannot be written {{name}}", () => {
    for (const name of ["start-date", "1st", "a b", ""]) {
      expect(brief(problemsOf({ name, type: "text" }))).toEqual([`VARIABLE_NAME_INVALID ${V}[0].name`]);
    }
    expect(problemsOf({ name: "_Start_2", type: "text" })).toEqual([]);
  });

  test("VARIABLE_DUPLICATE in a snippet and among the fields of a list", () => {
    const dup = only(
      problemsOf({ name: "term", type: "text" }, { name: "term", type: "number" }),
      "VARIABLE_DUPLICATE",
      `${V}[1].name`,
    );
    expect(dup.message).toContain(`first at ${V}[0]`);
    const fields = [
      { name: "x", type: "text" },
      { name: "x", type: "text" },
    ];
    only(problemsOf({ name: "items", type: "list", fields }), "VARIABLE_DUPLICATE", `${V}[0].fields[1].name`);
  });

  test("VARIABLE_RESERVED warns about names of built-in tags", () => {
    const result = parseLibrary(withVariables({ name: "today", type: "date" }));
    expect(result.ok).toBe(true);
    expect(only(result.problems, "VARIABLE_RESERVED", `${V}[0].name`).severity).toBe("warning");
  });
});

describe("variables: rules for each type", () => {
  test("RULE_NOT_APPLICABLE is a warning, and the rule is dropped from the model", () => {
    const result = parseLibrary(
      withVariables(
        { name: "a", type: "text", options: ["x"], min: 1 },
        { name: "b", type: "number", maxLength: 3, pattern: "x", currency: "EUR" },
        { name: "c", type: "currency", decimals: 2, format: "d" },
        { name: "d", type: "date", fields: [{ name: "x", type: "text" }] },
      ),
    );
    expect(brief(result.problems)).toEqual([
      `RULE_NOT_APPLICABLE ${V}[0].min`,
      `RULE_NOT_APPLICABLE ${V}[0].options`,
      `RULE_NOT_APPLICABLE ${V}[1].maxLength`,
      `RULE_NOT_APPLICABLE ${V}[1].pattern`,
      `RULE_NOT_APPLICABLE ${V}[1].currency`,
      `RULE_NOT_APPLICABLE ${V}[2].decimals`,
      `RULE_NOT_APPLICABLE ${V}[2].format`,
      `RULE_NOT_APPLICABLE ${V}[3].fields`,
    ]);
    expect(result.problems.every((p) => p.severity === "warning")).toBe(true);
    if (!result.ok) throw new Error("expected ok");
    expect(result.value.snippets[0]?.variables.map((v) => Object.keys(v).sort())).toEqual([
      ["name", "required", "type"],
      ["name", "required", "type"],
      ["name", "required", "type"],
      ["name", "required", "type"],
    ]);
  });

  test("rules that suit the type are kept", () => {
    const result = parseLibrary(
      withVariables(
        { name: "ref", type: "text", maxLength: 10, pattern: "[A-Z]+" },
        { name: "fee", type: "currency", currency: "EUR", min: 0, max: 5 },
        { name: "n", type: "number", decimals: 2 },
        { name: "when", type: "date", format: "EEEE d MMMM yyyy 'at noon'" },
      ),
    );
    expect(result.problems).toEqual([]);
    expect(result.ok && result.value.snippets[0]?.variables[1]).toMatchObject({
      currency: "EUR",
      min: 0,
      max: 5,
    });
  });

  test("OPTIONS_REQUIRED when a choice has no options or an empty list", () => {
    expect(brief(problemsOf({ name: "plan", type: "choice" }))).toEqual([`OPTIONS_REQUIRED ${V}[0].options`]);
    expect(brief(problemsOf({ name: "plan", type: "choice", options: [] }))).toEqual([
      `OPTIONS_REQUIRED ${V}[0].options`,
    ]);
  });

  test("FIELDS_REQUIRED when a list has no fields or an empty list", () => {
    expect(brief(problemsOf({ name: "items", type: "list" }))).toEqual([`FIELDS_REQUIRED ${V}[0].fields`]);
    expect(brief(problemsOf({ name: "items", type: "list", fields: [] }))).toEqual([
      `FIELDS_REQUIRED ${V}[0].fields`,
    ]);
  });

  test("LIST_NESTED when a field of a list is a list", () => {
    const fields = [{ name: "sub", type: "list", fields: [{ name: "x", type: "text" }] }];
    expect(brief(problemsOf({ name: "items", type: "list", fields }))).toContain(
      `LIST_NESTED ${V}[0].fields[0].type`,
    );
  });

  test("PATTERN_INVALID quotes the regular expression error", () => {
    const p = only(
      problemsOf({ name: "ref", type: "text", pattern: "[A-Z" }),
      "PATTERN_INVALID",
      `${V}[0].pattern`,
    );
    expect(p.message).toContain("Unterminated character class");
  });

  test("CURRENCY_INVALID for codes that are not ISO 4217, with a hint for lowercase", () => {
    expect(
      only(
        problemsOf({ name: "fee", type: "currency", currency: "eur" }),
        "CURRENCY_INVALID",
        `${V}[0].currency`,
      ).message,
    ).toContain('Did you mean "EUR"?');
    for (const currency of ["QQQ", "EURO", "€"]) {
      expect(brief(problemsOf({ name: "fee", type: "currency", currency }))).toEqual([
        `CURRENCY_INVALID ${V}[0].currency`,
      ]);
    }
  });

  test("DATE_FORMAT_INVALID for unsupported pattern letters", () => {
    for (const format of ["DD/MM/YYYY", "d MMMMM y", "HH:mm", "d 'of MMMM"]) {
      expect(brief(problemsOf({ name: "d", type: "date", format }))).toEqual([
        `DATE_FORMAT_INVALID ${V}[0].format`,
      ]);
    }
  });

  test("RANGE_INVERTED when min is greater than max", () => {
    expect(brief(problemsOf({ name: "n", type: "number", min: 10, max: 1 }))).toEqual([
      `RANGE_INVERTED ${V}[0].min`,
    ]);
    expect(problemsOf({ name: "n", type: "number", min: 1, max: 1 })).toEqual([]);
  });
});

describe("variables: defaults must be valid values", () => {
  test.each([
    [{ name: "x", type: "number", min: 1, max: 10, default: 12 }, "VALUE_RANGE"],
    [{ name: "x", type: "number", default: "2" }, "VALUE_TYPE"],
    [{ name: "x", type: "text", maxLength: 3, default: "long" }, "VALUE_LENGTH"],
    [{ name: "x", type: "text", pattern: "[a-z]+", default: "abc1" }, "VALUE_PATTERN"],
    [{ name: "x", type: "choice", options: ["a", "b"], default: "c" }, "VALUE_OPTION"],
    [{ name: "x", type: "date", default: "2026-13-01" }, "VALUE_DATE"],
    [{ name: "x", type: "boolean", default: "true" }, "VALUE_TYPE"],
  ])("%j → %s at .default", (variable, code) => {
    expect(brief(problemsOf(variable))).toEqual([`${code} ${V}[0].default`]);
  });

  test("a default is checked even when another rule of the variable is wrong", () => {
    expect(
      brief(problemsOf({ name: "fee", type: "currency", currency: "eur", default: "x" })).sort(),
    ).toEqual([`CURRENCY_INVALID ${V}[0].currency`, `VALUE_TYPE ${V}[0].default`].sort());
  });

  test("a list default is checked item by item", () => {
    const fields = [{ name: "price", type: "number", required: true }];
    const problems = problemsOf({
      name: "items",
      type: "list",
      fields,
      default: [{ price: 1 }, { price: "x" }, {}],
    });
    expect(brief(problems)).toEqual([
      `VALUE_TYPE ${V}[0].default[1].price`,
      `VALUE_REQUIRED ${V}[0].default[2]`,
    ]);
  });

  test("a default of an impossible shape is one VALUE_TYPE, from the structure check", () => {
    expect(brief(problemsOf({ name: "x", type: "text", default: { a: 1 } }))).toEqual([
      `VALUE_TYPE ${V}[0].default`,
    ]);
  });

  test("valid defaults are kept", () => {
    const result = parseLibrary(lib({ variables: [{ name: "mutual", type: "boolean", default: true }] }));
    expect(result.ok && result.value.snippets[0]?.variables[0]?.default).toBe(true);
  });
});
