import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { fastable, nonAsciiByDelimiter, tagAfterText, trailingCodeBlank } from "../../../src/engine/markdown/fastable";

// Issue 15: three of the detector's rules became scans from the characters that start them. Each must
// give exactly what the regular expression it replaced gave, for any text.

const PIECES = ["a", " ", "  ", "   ", "    ", "\t", "\n", "\n\n", "<", "<b>", "*", "**", "_", "~", "~~", "é", "£", "😀", "\u00a0", "x*é", "\n<", "\n   <"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((parts) => parts.join(""));

const RULES: Array<[string, (s: string) => boolean, RegExp]> = [
  ["a non-ASCII character next to *, _ or ~", nonAsciiByDelimiter, /[^\0-\x7f][*_~]|[*_~][^\0-\x7f]/],
  ["a tag line right after a line of text", tagAfterText, /[^\n]\n {0,3}</],
  ["a last line of only spaces and tabs", trailingCodeBlank, /\n[ \t]+$/],
];

describe.each(RULES)("%s", (_, scan, expression) => {
  it("is found exactly where the regular expression found it", () => {
    fc.assert(fc.property(text, (s) => expect(scan(s)).toBe(expression.test(s))), { numRuns: 20_000 });
  });
});

describe("the detector with the scans", () => {
  it("still sends each of these to micromark, and plain prose to markdown-it", () => {
    expect(fastable("a\n<b>")).toBe(false);
    expect(fastable("é*a*")).toBe(false);
    expect(fastable("```\nx\n  ")).toBe(false);
    expect(fastable("a\u000bb")).toBe(false);
    expect(fastable("a\u2003b")).toBe(false);
    expect(fastable("Plain *prose* with **bold**, a [link](https://x.y) and £12.\n\n- item\n")).toBe(true);
  });
});
