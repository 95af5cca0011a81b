import type { Problem } from "../../../src/engine/errors/problem";
import { expectWithMessage } from "../../support/expect-message";

/** "CODE path" for each problem, for compact comparisons. */
export const brief = (problems: readonly Problem[]): string[] => problems.map((p) => `${p.code} ${p.path}`);

/** Asserts exactly one problem with this code and path, and returns it. */
export function only(problems: readonly Problem[], code: string, path: string): Problem {
  const found = problems.filter((p) => p.code === code && p.path === path);
  expectWithMessage(found, `expected one ${code} at ${path}; got ${JSON.stringify(brief(problems))}`).toHaveLength(1);
  return found[0]!;
}

/** A minimal valid library with one snippet; `snippet` fields override. */
export const lib = (
  snippet: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  format: "sectionsmith/library@1",
  snippets: [{ id: "intro", title: "Intro", body: "Hello", ...snippet }],
  ...extra,
});

/** A library with one snippet holding these variables. */
export const withVariables = (...variables: unknown[]): Record<string, unknown> => lib({ variables });

/** A minimal valid assembly; `extra` fields override. */
export const asm = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  format: "sectionsmith/assembly@1",
  sections: [{ snippet: "intro" }],
  ...extra,
});
