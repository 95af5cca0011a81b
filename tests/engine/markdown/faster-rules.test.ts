import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import MarkdownIt, { type Options, type PluginSimple } from "markdown-it";
import footnote from "markdown-it-footnote";
import { benchDocument } from "../../../bench/fixtures/document";
import { snippetBody } from "../../../bench/fixtures/sectionsmith";
import { useFasterRules } from "../../../src/engine/markdown/faster-rules";
import { hostileMarkdown, markdownBody, safeMarkdown } from "../../fuzz/arbitraries/markdown";

// faster-rules.ts replaces markdown-it's inline "text" rule (a character loop) with a sticky regular
// expression over the same terminators, and runs its "normalize" rule only for texts it changes (issue 15).
// Two markdown-its that differ only in those must give the same tokens for any text.
const make = (ours: boolean): MarkdownIt => {
  const md = new MarkdownIt("default", { html: true, linkify: false, typographer: false, maxNesting: 100_000 } as Options);
  md.use(footnote as unknown as PluginSimple);
  if (ours) useFasterRules(md);
  return md;
};
const stock = make(false);
const ours = make(true);
const tokens = (md: MarkdownIt, text: string): string => JSON.stringify(md.parse(text, {}));
const agree = (text: string): void => expect(tokens(ours, text)).toBe(tokens(stock, text));

describe("the text rule agrees with markdown-it's own", () => {
  it("on every terminator, next to text, in links, emphasis, code and footnotes", () => {
    const terminators = "\n!#$%&*+-:<=>@[\\]^_`{}~";
    for (const t of terminators) agree(`a${t}b ${t}${t} [x${t}y](u) *e${t}f* \`c${t}\` [^n]\n\n[^n]: g${t}h`);
    agree("plain text with no terminator at all");
    // What the normalize rule changes: line endings and NUL (the shortcut leaves other texts alone).
    agree("a\r\nb\rc\0d\n\r\n- e\r\n- f");
    expect(tokens(ours, "a\r\nb")).toContain("a\\nb");
    agree("");
  });

  it("on the benchmark's bodies", () => {
    for (const section of benchDocument(10)) agree(snippetBody(section));
  });

  it("on generated Markdown, allowed and hostile, and on any string", () => {
    fc.assert(fc.property(markdownBody(safeMarkdown, 12), agree), { numRuns: 600 });
    fc.assert(fc.property(markdownBody(hostileMarkdown, 12), agree), { numRuns: 600 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 60 }), agree), { numRuns: 600 });
    const piece = fc.constantFrom("a", " ", "\n", "*", "_", "[", "]", "(", ")", "`", "\\", "<", ">", "!", "~", "é", "😀", "x y");
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (parts) => agree(parts.join(""))), { numRuns: 1000 });
  });

  it("can tell a rule that stops elsewhere (the comparison is not vacuous)", () => {
    const wrong = make(false);
    wrong.inline.ruler.at("text", ((state: { src: string; pos: number; posMax: number; pending: string }, silent: boolean) => {
      if (state.pos >= state.posMax) return false;
      if (!silent) state.pending += state.src.slice(state.pos, state.posMax);
      state.pos = state.posMax;
      return true;
    }) as never);
    expect(tokens(wrong, "a *b* c")).not.toBe(tokens(stock, "a *b* c"));
  });
});
