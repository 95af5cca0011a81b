import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { unicodePunctuation, unicodeWhitespace } from "micromark-util-character";
import {
  emptyItemAtEnd,
  escapedBeforeDelimiter,
  fastable,
  indentedBlankAfterBlank,
  longDelimiterRun,
  plainFootnoteLabels,
  tagAfterText,
  trailingCodeBlank,
  unlikeByDelimiter,
} from "../../../src/engine/markdown/fastable";

// Issue 15: three of the detector's rules became scans from the characters that start them. Each must
// give exactly what its specification gives, for any text: a regular expression, or for the characters
// next to delimiters, the expression's matches kept where the two parsers' own classifiers (markdown-it's
// isWhiteSpace and isPunctChar, micromark's unicodeWhitespace and unicodePunctuation) disagree.

const PIECES = ["a", " ", "  ", "   ", "    ", "\t", "\n", "\n\n", "<", "<b>", "*", "**", "_", "~", "~~", "é", "£", "😀", "\u00a0", "x*é", "\n<", "\n   <", "“", "”", "’", "—", "€", "\u2028", "\ufeff", "\u1b4e", "\ufbc3", "\ud83d", "\ude00"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((parts) => parts.join(""));

const { isPunctChar, isWhiteSpace } = new MarkdownIt().utils;

/** Whether the two parsers class a UTF-16 unit differently (micromark reads each unit, markdown-it code points). */
const unlike = (code: number): boolean =>
  (code >= 0xd800 && code <= 0xdfff) ||
  isWhiteSpace(code) !== unicodeWhitespace(code) ||
  isPunctChar(String.fromCharCode(code)) !== unicodePunctuation(code);

/** /[^\0-\x7f][*_~]|[*_~][^\0-\x7f]/ at every position, kept where the neighbour is classed unlike. */
function unlikeByDelimiterSpec(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (!"*_~".includes(s[i]!)) continue;
    for (const j of [i - 1, i + 1]) if (j >= 0 && j < s.length && s.charCodeAt(j) > 0x7f && unlike(s.charCodeAt(j))) return true;
  }
  return false;
}

const RULES: Array<[string, (s: string) => boolean, (s: string) => boolean]> = [
  ["a character classed unlike by the two parsers next to *, _ or ~", unlikeByDelimiter, unlikeByDelimiterSpec],
  ["a tag line right after a line of text", tagAfterText, (s) => /[^\n]\n {0,3}</.test(s)],
  ["a last line of only spaces and tabs", trailingCodeBlank, (s) => /\n[ \t]+$/.test(s)],
];

describe.each(RULES)("%s", (_, scan, spec) => {
  it("is found exactly where its specification finds it", () => {
    fc.assert(fc.property(text, (s) => expect(scan(s)).toBe(spec(s))), { numRuns: 20_000 });
  });
});

// Later (session 22), five more rules became cheaper tests; each against the expression it replaces.
const MORE_PIECES = ["a", "A", " ", "    ", "\t", "\n", "\n\n", "*", "**", "***", "_", "__", "\\", "\\*", "[", "[^", "]", "^", "-", "1.", "2)", ">", "é", "\u00e9".toUpperCase()];
const moreText = fc.array(fc.constantFrom(...MORE_PIECES), { maxLength: 20 }).map((parts) => parts.join(""));
const PLAIN_LABEL = /^[^\s[\]\\^]+$/;

const MORE_RULES: Array<[string, (s: string) => boolean, (s: string) => boolean]> = [
  ["a run of three * or _", longDelimiterRun, (s) => /\*{3}|_{3}/.test(s)],
  ["a list marker with nothing after it at the end", emptyItemAtEnd, (s) => /(?:^|\n)[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)+$/.test(s)],
  ["an indented blank line after a blank line", indentedBlankAfterBlank, (s) => /\n[ \t]*\n[ \t]*(?:\t| {4})[ \t]*\n/.test(s)],
  ["an escaped * or _ before another", escapedBeforeDelimiter, (s) => /\\[*_][*_]/.test(s)],
  [
    "footnote labels all plain",
    plainFootnoteLabels,
    (s) => [...s.matchAll(/\[\^([^\]]*)\]/g)].every((m) => PLAIN_LABEL.test(m[1]!) && m[1] === m[1]!.toLowerCase()),
  ],
];

describe.each(MORE_RULES)("%s", (_, scan, spec) => {
  it("is found exactly where its expression finds it", () => {
    fc.assert(fc.property(moreText, (s) => expect(scan(s)).toBe(spec(s))), { numRuns: 20_000 });
  });
});

describe("the characters next to a delimiter", () => {
  it("are classed as both parsers class them, for every BMP code unit", () => {
    for (let code = 0x80; code <= 0xffff; code++) {
      expect({ code, sent: unlikeByDelimiter(`a*${String.fromCharCode(code)}`) }).toEqual({ code, sent: unlike(code) });
    }
  });
});

describe("the detector with the scans", () => {
  it("still sends each of these to micromark, and plain prose to markdown-it", () => {
    expect(fastable("a\n<b>")).toBe(false);
    expect(fastable("😀*a*")).toBe(false);
    expect(fastable("a\u1b4e*b*")).toBe(false);
    expect(fastable("a **“Services”** and *é*")).toBe(true);
    expect(fastable("```\nx\n  ")).toBe(false);
    expect(fastable("a\u000bb")).toBe(false);
    expect(fastable("a\u2003b")).toBe(false);
    expect(fastable("a\u00a0b")).toBe(false);
    expect(fastable("a <!-- b")).toBe(false);
    expect(fastable("a <?b?>")).toBe(false);
    expect(fastable("Plain *prose* with **bold**, a [link](https://x.y) and £12.\n\n- item\n")).toBe(true);
  });
});
