import { describe, expect, test } from "@jest/globals";
import type { Variable } from "../../../src/engine/model/types";
import { resolveValues, validateValue } from "../../../src/engine/model/values";
import { brief } from "./helpers";

const v = (init: Partial<Variable> & Pick<Variable, "name" | "type">): Variable => ({
  required: false,
  ...init,
});
const check = (variable: Variable, value: unknown) =>
  validateValue(variable, value, "sections[2].values." + variable.name);

describe("validateValue: each type", () => {
  test.each([
    [v({ name: "t", type: "text" }), "Contoso", 42],
    [v({ name: "m", type: "multiline" }), "line 1\nline 2", ["x"]],
    [v({ name: "n", type: "number" }), 2.5, "2.5"],
    [v({ name: "c", type: "currency", currency: "EUR" }), 1000, "€1000"],
    [v({ name: "d", type: "date" }), "2026-11-22", 20261122],
    [v({ name: "o", type: "choice", options: ["a", "b"] }), "b", true],
    [v({ name: "b", type: "boolean" }), false, "false"],
    [v({ name: "l", type: "list", fields: [v({ name: "x", type: "text" })] }), [{ x: "1" }], { x: "1" }],
  ])("%j accepts %j, rejects %j with VALUE_TYPE", (variable, good, bad) => {
    expect(check(variable, good)).toEqual({ value: good, problems: [] });
    const result = check(variable, bad);
    expect(result.value).toBeUndefined();
    expect(brief(result.problems)).toEqual([`VALUE_TYPE sections[2].values.${variable.name}`]);
    expect(result.problems[0]?.message).toContain(`is a ${variable.type} variable`);
  });

  test("numbers must be finite", () => {
    expect(brief(check(v({ name: "n", type: "number" }), Number.NaN).problems)).toEqual([
      "VALUE_TYPE sections[2].values.n",
    ]);
  });

  test("VALUE_DATE for dates that are not real", () => {
    const date = v({ name: "d", type: "date" });
    for (const bad of ["2026-02-29", "22/11/2026", "2026-1-5"]) {
      expect(brief(check(date, bad).problems)).toEqual(["VALUE_DATE sections[2].values.d"]);
    }
    expect(check(date, "2024-02-29").problems).toEqual([]);
  });

  test("VALUE_RANGE for min and max (inclusive)", () => {
    const term = v({ name: "term", type: "number", min: 1, max: 10 });
    expect(check(term, 1).problems).toEqual([]);
    expect(check(term, 10).problems).toEqual([]);
    expect(check(term, 12).problems[0]).toMatchObject({
      code: "VALUE_RANGE",
      message: '"term" must be from 1 to 10, not 12',
    });
    expect(check(v({ name: "fee", type: "currency", min: 0 }), -1).problems[0]?.message).toContain(
      "at least 0",
    );
    expect(check(v({ name: "fee", type: "currency", max: 5 }), 6).problems[0]?.message).toContain(
      "at most 5",
    );
  });

  test("VALUE_LENGTH counts characters, not UTF-16 units", () => {
    const name = v({ name: "name", type: "text", maxLength: 3 });
    expect(check(name, "😀😀😀").problems).toEqual([]);
    expect(brief(check(name, "abcd").problems)).toEqual(["VALUE_LENGTH sections[2].values.name"]);
  });

  test("VALUE_PATTERN: the whole value must match", () => {
    const ref = v({ name: "ref", type: "multiline", pattern: "[A-Z]{3}|\\d+" });
    expect(check(ref, "ABC").problems).toEqual([]);
    expect(check(ref, "123").problems).toEqual([]);
    expect(brief(check(ref, "ABC1").problems)).toEqual(["VALUE_PATTERN sections[2].values.ref"]);
    expect(brief(check(ref, "xABC").problems)).toEqual(["VALUE_PATTERN sections[2].values.ref"]);
    expect(check(v({ name: "x", type: "text", pattern: "[" }), "anything").problems).toEqual([]);
  });

  test("VALUE_OPTION lists the options", () => {
    const plan = v({ name: "plan", label: "Plan", type: "choice", options: ["basic", "pro"] });
    expect(check(plan, "gold").problems[0]).toMatchObject({
      code: "VALUE_OPTION",
      message: '"plan" (Plan) must be one of "basic" or "pro", not "gold"',
    });
  });

  test("list items: each field checked at its own path, defaults filled, unknown fields warned", () => {
    const items = v({
      name: "items",
      type: "list",
      fields: [
        v({ name: "name", type: "text", required: true }),
        v({ name: "price", type: "currency", min: 0 }),
        v({ name: "qty", type: "number", default: 1 }),
      ],
    });
    expect(check(items, [{ name: "A", price: 2 }])).toEqual({
      value: [{ name: "A", price: 2, qty: 1 }],
      problems: [],
    });
    const result = check(items, [{ name: "A", price: -1 }, { price: 2 }, "x", { name: "B", colour: "red" }]);
    expect(result.value).toBeUndefined();
    expect(brief(result.problems)).toEqual([
      "VALUE_RANGE sections[2].values.items[0].price",
      "VALUE_REQUIRED sections[2].values.items[1]",
      "VALUE_TYPE sections[2].values.items[2]",
      "VALUE_UNKNOWN sections[2].values.items[3].colour",
    ]);
  });
});

describe("resolveValues", () => {
  const variables = [
    v({ name: "discloser", label: "Disclosing party", type: "text", required: true }),
    v({ name: "mutual", type: "boolean", default: true }),
    v({ name: "term", type: "number", min: 1, max: 10, default: 2 }),
  ];
  const wide = (values: Record<string, unknown>) => ({ values: values as never, path: "values" });
  const section = (values: Record<string, unknown>) => ({
    values: values as never,
    path: "sections[2].values",
    warnUnknown: true,
  });

  test("later layers win and defaults fill the gaps", () => {
    const result = resolveValues(variables, [wide({ discloser: "Contoso", term: 3 }), section({ term: 5 })]);
    expect(result).toEqual({ values: { discloser: "Contoso", mutual: true, term: 5 }, problems: [] });
  });

  test("VALUE_REQUIRED at the section's path when no layer gives a value", () => {
    const result = resolveValues(variables, [wide({}), section({})]);
    expect(brief(result.problems)).toEqual(["VALUE_REQUIRED sections[2].values"]);
    expect(result.problems[0]?.message).toContain('"discloser" (Disclosing party)');
    expect(result.values).toEqual({ mutual: true, term: 2 });
  });

  test("an empty text counts as missing, at the value's own path", () => {
    expect(
      brief(
        resolveValues(variables, [wide({ discloser: "Contoso" }), section({ discloser: "  " })]).problems,
      ),
    ).toEqual(["VALUE_REQUIRED sections[2].values.discloser"]);
  });

  test("the problem path is the layer the offending value came from", () => {
    const result = resolveValues(variables, [wide({ discloser: "C", term: 12 }), section({ mutual: "yes" })]);
    expect(brief(result.problems)).toEqual([
      "VALUE_TYPE sections[2].values.mutual",
      "VALUE_RANGE values.term",
    ]);
    expect(result.values).toEqual({ discloser: "C" });
  });

  test("VALUE_UNKNOWN only for layers that ask for it; unknown values pass through", () => {
    const result = resolveValues(variables, [
      wide({ discloser: "C", client: "F" }),
      section({ discloserr: "x" }),
    ]);
    expect(brief(result.problems)).toEqual(["VALUE_UNKNOWN sections[2].values.discloserr"]);
    expect(result.problems[0]?.severity).toBe("warning");
    expect(result.values).toMatchObject({ client: "F", discloserr: "x" });
  });

  test("no layers: defaults only, a required variable reported at the empty path", () => {
    expect(brief(resolveValues(variables, []).problems)).toEqual(["VALUE_REQUIRED "]);
  });
});
