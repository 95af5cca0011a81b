import { describe, expect, it } from "@jest/globals";
import { hostileInput, markdownInput } from "./arbitraries/documents";
import { runFuzz, SCALE } from "./harness";

// Inputs that break the contract anywhere: unbalanced and unknown template tags, script links and raw
// HTML, deep nesting, big tables, garbage in any field, values of the wrong type, lone surrogates and
// forbidden characters everywhere. Whatever builds is schema-checked; the rest must fail with codes.

describe("hostile libraries and assemblies", () => {
  it("build into valid files, or fail with coded problems naming their path", async () => {
    const stats = await runFuzz("hostile", hostileInput, { runs: 3000 });
    expect(stats.built).toBeGreaterThanOrEqual(Math.floor(60 * SCALE));
    expect(stats.coded).toBeGreaterThanOrEqual(Math.floor(2000 * SCALE));
  });

  it("any Markdown body, with a value, builds or fails with coded problems", async () => {
    const stats = await runFuzz("markdown", markdownInput, { runs: 1500 });
    expect(stats.built).toBeGreaterThanOrEqual(Math.floor(500 * SCALE));
  });
});
