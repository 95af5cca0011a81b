import { describe, expect, it } from "@jest/globals";
import { S_SPACE, escapeValue } from "../../../src/engine/template";
import { bodyText, buildBody } from "../support";

// Issue 14: escaping a value's edge blanks used /^[ \t]+|[ \t]+$/g, quadratic in a run of blanks inside
// the value ("a", 100,000 spaces, "b " took 11 s; 300,000 took 92 s). It is now a scan from each end.

describe("escaping a value is linear in its length", () => {
  it("a run of 300,000 blanks between two words escapes at once", () => {
    const value = `a${" ".repeat(300_000)}b `;
    const start = performance.now();
    const out = escapeValue(value);
    expect(performance.now() - start).toBeLessThan(500);
    expect(out).toBe(`a${" ".repeat(300_000)}b${S_SPACE}`);
  });

  it("edge blanks still become sentinel spaces, a line of blanks entirely", () => {
    expect(escapeValue(" \t a \t")).toBe(`${S_SPACE.repeat(3)}a${S_SPACE.repeat(2)}`);
    expect(escapeValue("  ")).toBe(S_SPACE.repeat(2));
    expect(escapeValue("\t*x* ")).toBe(`${S_SPACE}\\*x\\*${S_SPACE}`);
    expect(escapeValue("a b")).toBe("a b");
  });

  it("a document with such a value builds in seconds and keeps every blank", async () => {
    const value = `a${" ".repeat(100_000)}b `;
    const start = performance.now();
    const built = await buildBody("{{x}}", { variables: [{ name: "x", type: "text" }], values: { x: value } });
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(bodyText(built.document).replace(/\s+$/, "")).toBe(`a${" ".repeat(100_000)}b`);
  });
});
