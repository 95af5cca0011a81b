import { describe, expect, it } from "@jest/globals";
import { validInput } from "./arbitraries/documents";
import { runFuzz } from "./harness";

// Inputs that follow the contract, with random text (every Unicode plane, forbidden characters, lone
// surrogates, 10,000-character words), Markdown, balanced templates, includes, lists and every value
// type inside: most of them build, and every document built is schema-checked.

describe("documents that follow the contract", () => {
  it("build into valid files, or fail with coded problems", async () => {
    const stats = await runFuzz("valid", validInput, { runs: 3000 });
    // The property is only meaningful if most cases really build.
    expect(stats.built).toBeGreaterThanOrEqual(stats.cases * 0.7);
  });
});
