// One set of value rules: the pane's form (src/taskpane/model/values.ts) runs the engine's validateValue
// and only words the result its own way. For every kind of value the two agree on what is wrong —
// dates included, where the pane's own copy once took 2026-02-30 that every build then refused.
import { describe, expect, it } from "@jest/globals";
import { validateValue as engineCheck, type Value, type Variable } from "../../src/engine/core";
import { validateValue as paneMessage } from "../../src/taskpane/model/values";

const v = (init: Partial<Variable> & Pick<Variable, "name" | "type">): Variable => ({
  required: false,
  ...init,
});

const CASES: Array<{ variable: Variable; values: Value[] }> = [
  {
    variable: v({ name: "d", type: "date" }),
    values: [
      "2026-11-22",
      "2026-02-28",
      "2028-02-29",
      "2026-02-30",
      "2026-02-31",
      "2025-02-29",
      "2026-04-31",
      "2026-13-01",
      "22/11/2026",
      "2026-1-5",
    ],
  },
  { variable: v({ name: "t", type: "text", maxLength: 3 }), values: ["abc", "abcd", "😀😀😀", "😀😀😀😀"] },
  {
    variable: v({ name: "p", type: "text", pattern: "[0-9]+\\.[0-9]+" }),
    values: ["1.0", "10.25", "1", "x1.0"],
  },
  { variable: v({ name: "n", type: "number", min: 1, max: 10 }), values: [1, 10, 0, 11, 5.5] },
  { variable: v({ name: "c", type: "choice", options: ["a", "b"] }), values: ["a", "b", "c"] },
  { variable: v({ name: "b", type: "boolean" }), values: [true, false, "yes"] },
  { variable: v({ name: "x", type: "text" }), values: ["fine", 12] },
];

describe("the pane's value rules are the engine's", () => {
  for (const { variable, values } of CASES) {
    it(`${variable.type} ${JSON.stringify(variable)}`, () => {
      for (const value of values) {
        const engineSays = engineCheck(variable, value, "").problems.some((p) => p.severity === "error");
        const paneSays = paneMessage(variable, value) !== undefined;
        expect({ value, wrong: paneSays }).toEqual({ value, wrong: engineSays });
      }
    });
  }

  it("dates: impossible days are refused by both, real ones taken by both", () => {
    const date = v({ name: "d", type: "date" });
    for (const impossible of ["2026-02-30", "2026-04-31", "2025-02-29"]) {
      expect(paneMessage(date, impossible)).toBe("Enter a date (YYYY-MM-DD).");
      expect(engineCheck(date, impossible, "").problems.map((p) => p.code)).toEqual(["VALUE_DATE"]);
    }
    expect(paneMessage(date, "2028-02-29")).toBeUndefined();
  });

  it("words the engine's codes the pane's way: no pattern, no code", () => {
    expect(paneMessage(v({ name: "n", type: "number", min: 1, max: 10 }), 0)).toBe("Must be at least 1.");
    expect(paneMessage(v({ name: "n", type: "number", min: 1, max: 10 }), 11)).toBe("Must be at most 10.");
    expect(paneMessage(v({ name: "t", type: "text", maxLength: 3 }), "😀😀😀😀")).toBe(
      "At most 3 characters (now 4).",
    );
    const pattern = paneMessage(
      v({ name: "p", type: "text", label: "Version", pattern: "[0-9]+\\.[0-9]+" }),
      "1",
    );
    expect(pattern).toBe("Version does not have the expected form: type it like 1.0.");
    expect(paneMessage(v({ name: "c", type: "choice", options: ["a", "b"] }), "c")).toBe(
      "Choose one of: a, b.",
    );
  });
});
