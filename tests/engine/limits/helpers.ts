import { expect } from "@jest/globals";
import { exportDocument, SectionsmithError, type Problem } from "../../../src/engine";
import { PROBLEM_CODES } from "../../../src/engine/errors/codes";
import { TODAY } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Limit tests build inputs just past a limit and check the build stops quickly with the coded error.

/** Runs a build that must fail; returns its problems (and proves no uncoded exception escaped). */
export async function failure(lib: unknown, asm: unknown): Promise<Problem[]> {
  let caught: unknown;
  try {
    await exportDocument(lib, asm, { as: "buffer", today: TODAY });
  } catch (error) {
    caught = error;
  }
  expectWithMessage(caught, "the build should have failed").toBeInstanceOf(SectionsmithError);
  const problems = (caught as SectionsmithError).problems;
  for (const p of problems) {
    expectWithMessage(PROBLEM_CODES[p.code], p.code).toBeDefined();
    expect(p.message.length).toBeGreaterThan(20);
  }
  return problems;
}

/** The one error with `code` among `problems` (exactly one), for looking at its path and message. */
export function only(problems: Problem[], code: string): Problem {
  const found = problems.filter((p) => p.code === code);
  expectWithMessage(
    found.map((p) => p.code),
    JSON.stringify(problems.map((p) => `${p.code} ${p.path}`)),
  ).toEqual([code]);
  return found[0]!;
}

/**
 * A test's timeout where the property is bounded work: long enough for the slowest run of the unit suite
 * on a loaded machine, short enough to fail an input that is walked to its end (minutes). Timings are for
 * the benchmarks (npm run bench:limits), not for assertions here.
 */
export const HANG_GUARD_MS = 120_000;

/** Milliseconds `run` takes. */
export async function timed<T>(run: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

export { dataUri, png } from "./png";
