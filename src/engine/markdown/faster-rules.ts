import type MarkdownIt from "markdown-it";

// Two of markdown-it's hot spots, replaced through its own rule chains with rules that give the same result
// faster (issue 15): the inline "text" rule, a loop of charCodeAt over every character of a section, and
// the core "normalize" rule, which copied every text to replace each line feed with a line feed.
// tests/engine/markdown/faster-rules.test.ts compares the tokens of a markdown-it with them against a stock
// one's. (Not its block state's line index, also a loop over every character: its constructor is shared by
// every markdown-it of the process, and a second kind of state object made the stock parser's block rules
// polymorphic — twice as slow in a process that also holds a stock markdown-it; ~3% of a parse.)

// markdown-it's "text" rule (rules_inline/text.mjs) with its loop replaced by a regular expression: the
// rule takes the run of characters up to the next of its terminators (the same list, in the class
// below), and its loop of charCodeAt and a switch per character was the largest single cost of a parse
// (a fifth of markdown-it's time on the benchmark's bodies, ~5 ns a character); V8's compiled scan
// does the same in a fraction. Sticky (`y`): it matches at state.pos or not at all, and a run that goes
// past posMax (the end of a link's text, say) is cut there, as the loop stops there. Its tokens are
// compared with markdown-it's own rule's in tests/engine/markdown/faster-rules.test.ts.
const TEXT_RUN = /[^\n!#$%&*+\-:<=>@[\\\]^_`{}~]+/y;
type TextState = { src: string; pos: number; posMax: number; pending: string };
export function textRule(state: TextState, silent: boolean): boolean {
  TEXT_RUN.lastIndex = state.pos;
  if (!TEXT_RUN.test(state.src)) return false;
  const pos = Math.min(TEXT_RUN.lastIndex, state.posMax);
  if (pos <= state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

// markdown-it's "normalize" (rules_core/normalize.mjs) turns \r\n and \r into \n and NUL into U+FFFD with
// two replaces over the whole text, and its newline expression matches every \n too, so it rebuilt every
// text even when there was nothing to change. Texts without \r or NUL are left as they are (the same
// string); the others still go through the original rule. (The Markdown detector already sends texts
// with \r or NUL to micromark, fastable.ts; this does not rely on it.)
type CoreState = { src: string };
type CoreRule = (state: CoreState) => void;
function onlyWhenNeeded(normalize: CoreRule): CoreRule {
  return (state) => {
    if (state.src.includes("\r") || state.src.includes("\0")) normalize(state);
  };
}

/** Puts the faster rules above into a markdown-it (the engine's below; the tests' own, to compare). */
export function useFasterRules(parser: MarkdownIt): void {
  parser.inline.ruler.at("text", textRule as never);
  const core = parser.core.ruler as unknown as { __rules__: { name: string; fn: CoreRule }[] };
  const normalize = core.__rules__.find((r) => r.name === "normalize")!.fn;
  parser.core.ruler.at("normalize", onlyWhenNeeded(normalize) as never);
}
