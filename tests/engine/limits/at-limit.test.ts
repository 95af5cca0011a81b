import { describe, expect, it } from "@jest/globals";
import { expandedCost, MAX_EXPANDED_SIZE, MAX_FILE_CHARS, MAX_LIBRARY_WEIGHT, MAX_SECTIONS, MAX_SNIPPETS } from "../../../src/engine/limits";
import { AT_LIMIT, fill, type AtLimitInput } from "./at-limit";
import { expectWithMessage } from "../../support/expect-message";

// The limits bench (npm run bench:limits) builds each of these and checks 10 s and 1.5 GB. Here: each
// is within its limit and close to it, so the bench measures what limits.ts promises.

type Lib = { snippets: Array<{ body: string }> };
const libs = (input: AtLimitInput): Lib[] => input.libraries.map((l) => (typeof l === "string" ? (JSON.parse(l) as Lib) : (l as Lib)));
const sections = (input: AtLimitInput) => (input.assembly as { sections: Array<{ snippet: string }> }).sections;

describe("inputs at the limits", () => {
  it("fill() packs a body up to the expanded-size limit and no further", () => {
    for (const unit of ["\\!", "- a\n", "[a](https://a.b) "]) {
      const body = fill(unit);
      expect(expandedCost(body)).toBeLessThanOrEqual(MAX_EXPANDED_SIZE);
      expect(expandedCost(body + unit)).toBeGreaterThan(MAX_EXPANDED_SIZE);
    }
  });

  it("every size input is within 3% of the document limit, never past it", () => {
    for (const entry of AT_LIMIT.filter((e) => e.limit.startsWith("LIMIT_EXPANDED_SIZE"))) {
      const input = entry.make();
      const [lib] = libs(input);
      const cost = sections(input).length * expandedCost(lib!.snippets[0]!.body);
      expectWithMessage(cost, entry.name).toBeLessThanOrEqual(MAX_EXPANDED_SIZE);
      expectWithMessage(cost, entry.name).toBeGreaterThan(0.97 * MAX_EXPANDED_SIZE);
    }
  });

  it("the file, section and library-wide inputs are at their limits", () => {
    const byName = (part: string) => AT_LIMIT.find((e) => e.name.includes(part))!.make();
    expect(sections(byName("sections"))).toHaveLength(MAX_SECTIONS);
    const big = byName("snippets, ");
    const text = big.libraries[0] as string;
    expect(text.length).toBeLessThanOrEqual(MAX_FILE_CHARS);
    expect(text.length).toBeGreaterThan(0.95 * MAX_FILE_CHARS);
    expect(libs(big)[0]!.snippets).toHaveLength(MAX_SNIPPETS);
    const weight = libs(byName("library-wide"))[0]!.snippets.reduce((sum, s) => sum + expandedCost(s.body), 0);
    expect(weight).toBeLessThanOrEqual(MAX_LIBRARY_WEIGHT);
    expect(weight).toBeGreaterThan(0.97 * MAX_LIBRARY_WEIGHT);
  });
});
