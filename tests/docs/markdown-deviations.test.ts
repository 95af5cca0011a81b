import { describe, expect, it } from "@jest/globals";
import { DEVIATIONS } from "../engine/markdown/spec-deviations";
import { marked, readDoc, tableRows } from "./helpers";

// docs/templates.md lists the spec examples that do not build to their expected HTML ("CommonMark and
// GFM, exactly"); the spec suites hold the same table (tests/engine/markdown/spec-deviations.ts) and test
// each entry. The two must say the same: every example, with the same outcome.

const outcomeOf = (d: (typeof DEVIATIONS)[number]): string =>
  "refused" in d ? d.refused.join(" ") : "linksAsText" in d ? "links as text" : "as micromark, not GitHub";

/** "21, 148–178, duplicate-calls" → each example. */
const examplesOf = (cell: string): string[] =>
  cell.split(/,\s*/).flatMap((part) => {
    const range = /^(\d+)–(\d+)$/.exec(part);
    if (!range) return [part];
    const [from, to] = [Number(range[1]), Number(range[2])];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  });

describe("templates.md › the Markdown deviations table", () => {
  it("lists the same examples with the same outcomes as the spec suites' table", () => {
    const documented = tableRows(marked(readDoc("templates.md"), "markdown-deviations")).flatMap(
      ([suite, examples, outcome]) =>
        examplesOf(examples!).map((e) => `${suite} ${e}: ${outcome!.replace(/`/g, "")}`),
    );
    const tested = DEVIATIONS.flatMap((d) => d.examples.map((e) => `${d.suite} ${e}: ${outcomeOf(d)}`));
    expect(documented.length).toBeGreaterThan(90);
    expect([...documented].sort()).toEqual([...tested].sort());
  });
});
