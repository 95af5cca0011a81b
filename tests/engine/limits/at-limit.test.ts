import { describe, expect, it } from "@jest/globals";
import { expandedCost, MAX_EXPANDED_SIZE, MAX_SECTION_EXPANDED_SIZE, MAX_FILE_CHARS, MAX_LIBRARY_WEIGHT, MAX_SECTIONS, MAX_SNIPPETS } from "../../../src/engine/limits";
import { AT_LIMIT, fill, type AtLimitInput } from "./at-limit";
import { expectWithMessage } from "../../support/expect-message";

// The limits bench (npm run bench:limits) builds each of these and checks 10 s and 1.5 GB. Here: each
// is within its limit and close to it, so the bench measures what limits.ts promises.

type Lib = { snippets: Array<{ body: string }> };
const libs = (input: AtLimitInput): Lib[] => input.libraries.map((l) => (typeof l === "string" ? (JSON.parse(l) as Lib) : (l as Lib)));
const sections = (input: AtLimitInput) => (input.assembly as { sections: Array<{ snippet: string }> }).sections;

describe("inputs at the limits", () => {
  it("fill() packs a body up to the section's expanded-size limit and no further", () => {
    for (const unit of ["\\!", "- a\n", "[a](https://a.b) "]) {
      const body = fill(unit);
      expect(expandedCost(body)).toBeLessThanOrEqual(MAX_SECTION_EXPANDED_SIZE);
      expect(expandedCost(body + unit)).toBeGreaterThan(MAX_SECTION_EXPANDED_SIZE);
    }
  });

  it("every size input is within 3% of its limit (a section's, or the document's), never past either", () => {
    const sized = AT_LIMIT.filter((e) => /^LIMIT_(EXPANDED|DOCUMENT)_SIZE \(/.test(e.limit));
    expect(sized.filter((e) => e.limit.endsWith("(section)")).length).toBeGreaterThanOrEqual(7);
    expect(sized.filter((e) => e.name.startsWith("document, ")).length).toBeGreaterThanOrEqual(7);
    for (const entry of sized) {
      const input = entry.make();
      const bodies = libs(input)[0]!.snippets.map((s) => expandedCost(s.body));
      expect(bodies).toHaveLength(sections(input).length); // each section its own snippet
      for (const cost of bodies) expectWithMessage(cost, entry.name).toBeLessThanOrEqual(MAX_SECTION_EXPANDED_SIZE);
      const total = bodies.reduce((a, b) => a + b, 0);
      expectWithMessage(total, entry.name).toBeLessThanOrEqual(MAX_EXPANDED_SIZE);
      // Held by the XML limit instead (measured by the limits bench): every section at the section limit.
      if (entry.limit.endsWith("(XML)")) {
        for (const cost of bodies) expectWithMessage(cost, entry.name).toBeGreaterThan(0.97 * MAX_SECTION_EXPANDED_SIZE);
        continue;
      }
      const limit = entry.limit.endsWith("(section)") ? MAX_SECTION_EXPANDED_SIZE : MAX_EXPANDED_SIZE;
      expectWithMessage(total, entry.name).toBeGreaterThan(0.97 * limit);
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
