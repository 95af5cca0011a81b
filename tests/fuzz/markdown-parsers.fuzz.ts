import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { parseMarkdown, parseReference, unpositionedText } from "../../src/engine/markdown/parse";
import { noteEnd, noteStart, S_BREAK, S_PAGE, S_PAGEBREAK, S_SPACE, S_TOC } from "../../src/engine/markdown/sentinels";
import { escapeValue } from "../../src/engine/template/escape";
import { hostileMarkdown, markdownBody, safeMarkdown } from "./arbitraries/markdown";
import { anyText, prose } from "./arbitraries/text";
import { replay, SCALE } from "./harness";

// The differential net of the markdown-it path at fuzz scale (tests/engine/markdown/parse-fast.test.ts is
// the unit-suite share): the tree parseMarkdown returns equals micromark's with positions stripped, for
// Markdown as it reaches the parser — the fuzz suite's allowed and hostile pieces, values escaped by the
// template expander (escapeValue) and the sentinels it writes (fields, breaks, drafting-note ranges).

const stripPositions = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(stripPositions);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== "position") out[key] = stripPositions(value);
  return out;
};

const sentinel = fc.oneof(
  fc.constantFrom(S_BREAK, S_PAGE, S_SPACE, `\n\n${S_PAGEBREAK}\n\n`, `\n\n${S_TOC}\n\n`),
  fc.nat(20).map(noteStart),
  fc.nat(20).map(noteEnd),
);
const value = fc.oneof(prose, anyText(20)).map(escapeValue);
const piece = fc.oneof(
  { weight: 4, arbitrary: hostileMarkdown },
  { weight: 2, arbitrary: safeMarkdown },
  { weight: 1, arbitrary: sentinel },
  { weight: 1, arbitrary: value },
);

describe("markdown-it and micromark build the same trees, at fuzz scale", () => {
  it("for bodies of allowed, hostile, escaped-value and sentinel pieces", () => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(markdownBody(piece, 16), (markdown) => {
        runs++;
        const tree = parseMarkdown(markdown);
        if (unpositionedText(tree) === markdown) fast++;
        expect(stripPositions(tree)).toEqual(stripPositions(parseReference(markdown)));
      }),
      { ...replay(), numRuns: Math.max(100, Math.floor(10_000 * SCALE)) },
    );
    // The net is not vacuous: most bodies take the fast path.
    expect(fast / runs).toBeGreaterThan(0.4);
  });

  it("for any BMP character next to *, _ or ~, in the positions the flanking rules look at", () => {
    // The detector lets a non-ASCII character next to a delimiter through when both parsers class it
    // alike (src/engine/markdown/fastable.ts, classedAlike): any code unit, surrogates included.
    const unit = fc.integer({ min: 0x80, max: 0xffff }).map((code) => String.fromCharCode(code));
    const context = fc.constantFrom(
      (c: string) => `${c}*a*`, (c: string) => `*a*${c}`, (c: string) => `a*${c}*b`, (c: string) => `**${c}**`,
      (c: string) => `_${c}_`, (c: string) => `a_${c}_b`, (c: string) => `~~${c}~~`, (c: string) => `x~~a~~${c}`,
      (c: string) => `***${c}* b**`, (c: string) => `**“${c}”** *${c}x*`,
    );
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(unit, context, prose, (c, wrap, words) => {
        runs++;
        const markdown = `${words} ${wrap(c)} ${words}`;
        const tree = parseMarkdown(markdown);
        if (unpositionedText(tree) === markdown) fast++;
        expect(stripPositions(tree)).toEqual(stripPositions(parseReference(markdown)));
      }),
      { ...replay(), numRuns: Math.max(100, Math.floor(20_000 * SCALE)) },
    );
    expect(fast / runs).toBeGreaterThan(0.5);
  });
});
