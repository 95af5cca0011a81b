import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { agreementInput, expectAgreement, tally } from "../engine/model/fast-parse-agreement";
import { replay, SCALE } from "./harness";

// The differential net of the parser generated from the zod schemas (src/engine/model/fast-parse.ts) at
// fuzz scale (tests/engine/model/fast-parse.test.ts is the unit-suite share): on valid, hostile, damaged
// and near-miss libraries and assemblies it accepts exactly what zod accepts without an unknown field,
// returns what zod returns, key order and all, and answers NO only where zod reports an issue.

describe("the generated parser agrees with zod, at fuzz scale", () => {
  it("on valid, hostile, damaged and near-miss files", () => {
    tally.accepted = tally.refused = 0;
    fc.assert(
      fc.property(agreementInput, ({ libraries, assembly }) => expectAgreement(libraries, assembly)),
      { ...replay(), numRuns: Math.max(100, Math.floor(1000 * SCALE)) },
    );
    const all = tally.accepted + tally.refused;
    expect(tally.accepted / all).toBeGreaterThan(0.2);
    expect(tally.refused / all).toBeGreaterThan(0.2);
  });
});
