import { describe, expect, it } from "@jest/globals";
import {
  CELL_WEIGHT,
  CODE_WEIGHT,
  EMPHASIS_WEIGHT,
  ESCAPE_WEIGHT,
  expandedCost,
  LINE_WEIGHT,
  LINK_WEIGHT,
  LIST_ITEM_WEIGHT,
  MARKUP_WEIGHT,
  MAX_EXPANDED_SIZE,
  MAX_SECTION_EXPANDED_SIZE,
  NESTED_ITEM_WEIGHT,
} from "../../../src/engine/limits";
import { validateLibrary } from "../../../src/engine";
import { assembly, library } from "../support";
import { failure, only } from "./helpers";

// Issue 14: bodies within every limit took 2.6–4 GB and 50–116 s — a 63×4000 table, "\!" × 2.4 M,
// "` a " × 1.2 M — because the expanded-size limit counted characters, while what costs is output
// nodes: cells, escapes, code spans, links, list items. Each now carries its weight (src/engine/limits.ts).

const table = (columns: number, rows: number): string => {
  const row = `|${"a|".repeat(columns)}`;
  return [row, `|${"-|".repeat(columns)}`, ...Array<string>(rows).fill(row)].join("\n");
};

describe("the expanded-size limit measures structure, not characters", () => {
  for (const [name, body] of [
    ["a 63×4000 table", table(63, 4000)],
    ['"\\!" × 2.4 M', "\\!".repeat(2_400_000)],
    ['"` a " × 1.2 M', "` a ".repeat(1_200_000)],
    ["100,000 links", "[a](https://a.b) ".repeat(100_000)],
    ["60,000 list items", "- a\n".repeat(60_000)],
  ] as const) {
    it(`refuses ${name} at once with LIMIT_EXPANDED_SIZE`, async () => {
      const start = performance.now();
      only(await failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }])), "LIMIT_EXPANDED_SIZE");
      expect(performance.now() - start).toBeLessThan(5_000);
    });
  }

  it("validate refuses such a body at once too, instead of rendering it (a 358,000-character one-row table took 17 s)", () => {
    for (const body of [`| h | h |\n|---|---|\n${"|a".repeat(180_000)}`, "\\!".repeat(2_400_000), table(63, 4000)]) {
      const start = performance.now();
      const problems = validateLibrary(library({ id: "s1", body })).problems;
      expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(["LIMIT_EXPANDED_SIZE snippets[0].body"]);
      expect(performance.now() - start).toBeLessThan(3_000);
    }
  });

  it("weighs each node-making character", () => {
    expect(expandedCost("plain text")).toBe(10);
    expect(expandedCost("|a|")).toBe(3 + CELL_WEIGHT); // a row's leading "|" opens no cell
    expect(expandedCost("x\n|a|b|")).toBe(7 + LINE_WEIGHT + 2 * CELL_WEIGHT);
    expect(expandedCost("\\!")).toBe(2 + ESCAPE_WEIGHT);
    expect(expandedCost("`a`")).toBe(3 + 2 * CODE_WEIGHT);
    expect(expandedCost("[a](b)")).toBe(6 + LINK_WEIGHT);
    expect(expandedCost("&amp;")).toBe(5 + ESCAPE_WEIGHT); // a character reference weighs what an escape does
    expect(expandedCost("**a** _b_ ~~c~~")).toBe(15 + 6 * EMPHASIS_WEIGHT); // per run of markers
    expect(expandedCost("Signed: ______")).toBe(14 + EMPHASIS_WEIGHT);
    expect(expandedCost("<https://a.b> a < b")).toBe(19 + LINK_WEIGHT + MARKUP_WEIGHT + MARKUP_WEIGHT); // an autolink's "<" and ">", a "<" in text
    expect(expandedCost("a\n- b\n1. c\n  * d\n-e")).toBe(19 + 4 * LINE_WEIGHT + 3 * LIST_ITEM_WEIGHT + EMPHASIS_WEIGHT);
    expect(expandedCost("- a")).toBe(3 + LIST_ITEM_WEIGHT);
    expect(expandedCost("- 1. > * a")).toBe(10 + LIST_ITEM_WEIGHT + 2 * NESTED_ITEM_WEIGHT + MARKUP_WEIGHT + EMPHASIS_WEIGHT); // three items
    expect(expandedCost("> a")).toBe(3 + MARKUP_WEIGHT);
  });

  // Issue 24: with micromark as the one parser, one section of these within the old weights took 6.6 to
  // 14.7 s of CPU to build (prose at the limit takes 2 s), and the round-two fuzz timed out on the code
  // spans (seed 1977738407, case 290: 28 s on a loaded machine). Each is refused now, at its body.
  for (const [name, unit, count] of [
    ['"` a " × 137,000 (68,000 code spans)', "` a ", 137_000],
    ['"*a* " × 136,000 in paragraphs of 999 (emphasis)', `${"*a* ".repeat(999)}\n\n`, 136],
    ['"a*" × 272,000 in paragraphs of 1,999 (unmatched emphasis)', `${"a*".repeat(1_999)}\n\n`, 136],
    ['"&amp;" × 235,000 (character references)', "&amp;", 235_000],
    ['"<https://a.b> " × 107,000 (autolinks; 18 s of CPU)', "<https://a.b> ", 107_000],
    ['"- - … - a" × 15,500 (lines of 30 nested list items; minutes of CPU)', `${"- ".repeat(30)}a\n`, 15_500],
  ] as const) {
    it(`refuses one section of ${name}, which fit the old weights, with LIMIT_EXPANDED_SIZE at its body`, async () => {
      const body = unit.repeat(count);
      expect(expandedCost(body)).toBeGreaterThan(MAX_SECTION_EXPANDED_SIZE);
      const problem = only(await failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }])), "LIMIT_EXPANDED_SIZE");
      expect(problem.path).toMatch(/^sections\[0\]|snippets\[0\]\.body/);
    });
  }

  it("takes about 2,100 pages of ordinary prose (the 1,000-section benchmark document builds)", () => {
    const page = Array<string>(10).fill(`${"word ".repeat(60)}\n\n`).join("");
    expect(Math.floor(MAX_EXPANDED_SIZE / expandedCost(page))).toBeGreaterThanOrEqual(2_100);
  });
});
