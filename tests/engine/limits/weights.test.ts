import { describe, expect, it } from "@jest/globals";
import { CELL_WEIGHT, CODE_WEIGHT, expandedCost, LINE_WEIGHT, LINK_WEIGHT, LIST_ITEM_WEIGHT, MARKUP_WEIGHT, MAX_EXPANDED_SIZE } from "../../../src/engine/limits";
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
    expect(expandedCost("\\!")).toBe(2 + CODE_WEIGHT); // a backslash escape weighs what a code marker does
    expect(expandedCost("`a`")).toBe(3 + 2 * CODE_WEIGHT);
    expect(expandedCost("[a](b)")).toBe(6 + LINK_WEIGHT);
    expect(expandedCost("&amp;")).toBe(5 + MARKUP_WEIGHT);
    expect(expandedCost("a\n- b\n1. c\n  * d\n-e")).toBe(19 + 4 * LINE_WEIGHT + 3 * LIST_ITEM_WEIGHT + MARKUP_WEIGHT);
    expect(expandedCost("- a")).toBe(3 + LIST_ITEM_WEIGHT);
    expect(expandedCost("> a")).toBe(3 + MARKUP_WEIGHT);
  });

  it("takes about 2,100 pages of ordinary prose (the 1,000-section benchmark document builds)", () => {
    const page = Array<string>(10).fill(`${"word ".repeat(60)}\n\n`).join("");
    expect(Math.floor(MAX_EXPANDED_SIZE / expandedCost(page))).toBeGreaterThanOrEqual(2_100);
  });
});
