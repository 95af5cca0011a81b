import { describe, expect, it } from "@jest/globals";
import { garbageInput } from "./arbitraries/garbage";
import { runFuzz, SCALE } from "./harness";

// Files that are not what they claim to be: random JSON, random text, damaged or restructured valid
// files. A few may still build (and are schema-checked); the rest must fail with coded problems.

describe("garbage files", () => {
  it("never crash the engine: every one fails with coded problems, or builds a valid file", async () => {
    const stats = await runFuzz("garbage", garbageInput, { runs: 3000 });
    expect(stats.coded).toBeGreaterThanOrEqual(Math.floor(2000 * SCALE));
  });
});
