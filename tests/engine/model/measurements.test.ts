import { describe, expect, it } from "@jest/globals";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { lengthToTwips } from "../../../src/engine/model/length";
import { assembly, build, library, problemsOf } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Issue 14: a margin of "1" and 309 zeros "mm" crashed inside docx (Infinity twips);
// "9999999999999999999999in" wrote w:left="1.44e+25" (schema-invalid); fontSize 0.2 wrote w:sz="0".
// Measurements are now range-checked against what Word accepts, with coded errors.

const brief = (input: unknown) => parseAssembly(input).problems.map((p) => `${p.code} ${p.path}`);
const withMargin = (margin: string) => ({ format: "sectionsmith/assembly@1", page: { margins: { left: margin } }, sections: [{ snippet: "s1" }] });

describe("measurements are range-checked", () => {
  it("a margin beyond 22 inches is LENGTH_RANGE, however it is written", async () => {
    for (const margin of [`1${"0".repeat(309)}mm`, "9999999999999999999999in", "23in", "558.9mm", "1585pt", "56cm"]) {
      expectWithMessage(brief(withMargin(margin)), margin).toEqual(["LENGTH_RANGE page.margins.left"]);
      const problems = await problemsOf(library({ id: "s1", body: "x" }), withMargin(margin));
      expect(problems.map((p) => p.code)).toEqual(["LENGTH_RANGE"]);
    }
    expect(() => lengthToTwips("9999999999999999999999in")).toThrow(RangeError);
  });

  it("margins up to 22 inches build, written as whole twips", async () => {
    expect(brief(withMargin("22in"))).toEqual([]);
    expect(brief(withMargin("558.8mm"))).toEqual([]);
    const built = await build(library({ id: "s1", body: "x" }), assembly([{ snippet: "s1" }], { page: { margins: { left: "0mm", right: "30mm" } } }));
    expect(built.document).toMatch(/w:left="0"/);
    expect(built.document).toMatch(/w:right="1701"/);
  });

  it("fontSize below Word's 1 point is FIELD_RANGE (0.2 wrote w:sz=\"0\")", async () => {
    for (const fontSize of [0.2, 0.5, 0.99, 0, -1, 1639]) {
      const input = { format: "sectionsmith/assembly@1", theme: { fontSize }, sections: [{ snippet: "s1" }] };
      expectWithMessage(brief(input), String(fontSize)).toEqual(["FIELD_RANGE theme.fontSize"]);
    }
    const built = await build(library({ id: "s1", body: "x" }), assembly([{ snippet: "s1" }], { theme: { fontSize: 1 } }));
    expect(await built.part("word/styles.xml")).toContain('w:sz w:val="2"');
  });
});
