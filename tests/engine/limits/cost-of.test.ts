import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { benchDocument } from "../../../bench/fixtures/document";
import { snippetBody } from "../../../bench/fixtures/sectionsmith";
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
  NESTED_ITEM_WEIGHT,
} from "../../../src/engine/limits";

// expandedCost's loop reads each character once and handles the "|" and list-item rules only for the
// characters that have a weight (issue 15: it runs over every body and every expanded text of a build).
// The rule, stated character by character as it was written before, is the reference it must agree with.

const WEIGHTS = new Map<number, number>([
  [10, LINE_WEIGHT],
  ...[..."<>"].map((c) => [c.charCodeAt(0), MARKUP_WEIGHT] as [number, number]),
  ["`".charCodeAt(0), CODE_WEIGHT],
  ["\\".charCodeAt(0), ESCAPE_WEIGHT],
  ["&".charCodeAt(0), ESCAPE_WEIGHT],
  ["|".charCodeAt(0), CELL_WEIGHT],
  ["[".charCodeAt(0), LINK_WEIGHT],
  [0xfdd0, LINE_WEIGHT],
]);

function listMarkersAt(s: string, i: number): number {
  let markers = 0;
  let j = i;
  for (;;) {
    while (s[j] === " " || s[j] === ">") j++;
    if (s[j] === "-" || s[j] === "*" || s[j] === "+") {
      if (s[j + 1] !== " ") return markers;
      j += 2;
    } else {
      let k = j;
      while (k < s.length && /[0-9]/.test(s[k]!) && k - j < 9) k++;
      if (!(k > j && (s[k] === "." || s[k] === ")") && s[k + 1] === " ")) return markers;
      j = k + 2;
    }
    markers++;
  }
}

function costOfReference(s: string): number {
  let cost = s.length;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code !== 124 || (i > 0 && s.charCodeAt(i - 1) !== 10)) cost += WEIGHTS.get(code) ?? 0;
    if ("*_~".includes(s[i]!) && s[i - 1] !== s[i]) cost += EMPHASIS_WEIGHT; // a run of them weighs once
    if (s[i] === "<" && /[A-Za-z]/.test(s[i + 1] ?? "")) cost += LINK_WEIGHT - MARKUP_WEIGHT; // an autolink
    if (i === 0 || code === 10) {
      const markers = listMarkersAt(s, code === 10 ? i + 1 : i);
      if (markers > 0) cost += LIST_ITEM_WEIGHT + NESTED_ITEM_WEIGHT * (markers - 1);
    }
  }
  return cost;
}

const pieces = ["\n", "<h", "|", " ", "-", "*", "+", "1", "12", ".", ")", ">", "_", "~", "<", "&", "`", "\\", "[", "a", "é", "\uFDD0", "\uFDD1", "😀", "\t"];

describe("expandedCost agrees with the rule written character by character", () => {
  it("on texts made of the characters the rules look at", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (parts) => {
        const text = parts.join("");
        expect(expandedCost(text)).toBe(Math.max(0, costOfReference(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("on long texts, which are costed by searches for each weighted character (session 22)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces, "\n- ", "\n| ", "\n1. ", "plain words "), { minLength: 40, maxLength: 300 }), (parts) => {
        const text = parts.join("");
        expect(expandedCost(text)).toBe(Math.max(0, costOfReference(text)));
      }),
      { numRuns: 2000 },
    );
    for (const start of ["- a", "| a", "\n- a", "1. a", "\uFDD0- a", "- - 1. > * a", "\n> - > 2) - a"]) {
      const text = start + " x".repeat(40) + "\n|b|\n";
      expect(expandedCost(text)).toBe(costOfReference(text));
    }
  });

  it("on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        expect(expandedCost(text)).toBe(Math.max(0, costOfReference(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it("on the benchmark's bodies", () => {
    for (const section of benchDocument(20)) {
      const body = snippetBody(section);
      expect(expandedCost(body)).toBe(costOfReference(body));
    }
  });

  it("can tell a wrong weight (the reference is not vacuous)", () => {
    expect(expandedCost("| a |\n- b\n1. c")).toBe(costOfReference("| a |\n- b\n1. c"));
    expect(costOfReference("| a |\n- b")).toBe(9 + CELL_WEIGHT + LINE_WEIGHT + LIST_ITEM_WEIGHT);
    expect(costOfReference("- - 1. b")).toBe(8 + LIST_ITEM_WEIGHT + 2 * NESTED_ITEM_WEIGHT);
  });
});
