import { describe, expect, it } from "@jest/globals";
import { roundTwoInput } from "./arbitraries/round-two";
import { runFuzz, SCALE } from "./harness";

// Issue 14's inputs (arbitraries/round-two.ts): catastrophic patterns, long runs of blanks, unknown ids
// at scale, measurements at and past OOXML's limits, values inside link targets, notes inside notes.
// A hang is a case past the harness's time limit; a crash an uncoded exception; a bad file fails the check.

describe("hostile input, round two", () => {
  it("builds valid files or fails with coded problems, every case within its time limit", async () => {
    const stats = await runFuzz("round-two", roundTwoInput, { runs: 1000 });
    expect(stats.built).toBeGreaterThanOrEqual(Math.floor(100 * SCALE));
    expect(stats.coded).toBeGreaterThanOrEqual(Math.floor(100 * SCALE));
  });
});
