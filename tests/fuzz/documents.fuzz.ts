import { describe, expect, it } from "vitest";
import { markdownInput, validInput } from "./arbitraries/documents";
import { runFuzz, SCALE } from "./harness";

// Inputs that follow the contract, with random text (every Unicode plane, forbidden characters, lone
// surrogates, 10,000-character words), Markdown and balanced templates inside: most of them build, and
// every document built is schema-checked.

describe("documents that follow the contract", () => {
  it("build into valid files, or fail with coded problems", async () => {
    const stats = await runFuzz("valid", validInput, { runs: 3500 });
    // The property is only meaningful if most cases really build.
    expect(stats.built).toBeGreaterThanOrEqual(stats.cases * 0.5);
  });

  it("any Markdown body, with a value, builds or fails with coded problems", async () => {
    const stats = await runFuzz("markdown", markdownInput, { runs: 2500 });
    expect(stats.built).toBeGreaterThanOrEqual(Math.floor(250 * SCALE));
  });
});
