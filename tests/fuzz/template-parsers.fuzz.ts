import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { hostileMarkdown, safeMarkdown } from "./arbitraries/markdown";
import { renderTemplate, tagSoup, templateTree } from "./arbitraries/template";
import { mutatedTemplate, subsetTemplate } from "./arbitraries/template-text";
import { templateParsersAgree } from "../support/template-agreement";
import { replay, SCALE } from "./harness";

// The differential net of the template parse's fast path at fuzz scale (tests/engine/template/
// parse-fast.test.ts is the unit-suite share): parseTemplate's tree is @handlebars/parser's, every node,
// field and `loc` position, or the fast path declined and the library parsed the body (and reported its
// errors); tests/support/template-agreement.ts.

const runs = (n: number): number => Math.max(100, Math.floor(n * SCALE));

describe("the template parse's fast path and @handlebars/parser build the same trees, at fuzz scale", () => {
  it("for generated bodies of the subset and mutated ones, tag soups and the template trees the build fuzz uses", () => {
    const ctx = { scalars: ["client", "fee"], flags: ["mutual"], lists: [{ name: "rows", fields: ["item", "qty"] }], includes: ["s1", "clause-2", "v1.2"] };
    const tally = { fast: 0, library: 0 };
    const check = (body: string): void => {
      tally[templateParsersAgree(body)]++;
    };
    fc.assert(fc.property(subsetTemplate, check), { ...replay(), numRuns: runs(4000) });
    fc.assert(fc.property(mutatedTemplate, check), { ...replay(), numRuns: runs(4000) });
    fc.assert(fc.property(tagSoup(hostileMarkdown), check), { ...replay(), numRuns: runs(1000) });
    fc.assert(fc.property(templateTree(safeMarkdown).map((t) => renderTemplate(t, ctx)), check), { ...replay(), numRuns: runs(1000) });
    expect(tally.fast / (tally.fast + tally.library)).toBeGreaterThan(0.4);
  });
});
