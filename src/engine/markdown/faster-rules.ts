import type MarkdownIt from "markdown-it";

// Three of markdown-it's hot spots, replaced through its own extension points with code that gives the same
// result faster (issue 15): the inline "text" rule and the block state's line index, both loops of
// charCodeAt over every character of a section, and the core "normalize" rule, which copied every text
// to replace each line feed with a line feed; tests/engine/markdown/faster-rules.test.ts compares the
// tokens and the block state of a markdown-it with them against a stock one.

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

// markdown-it's block state (rules_block/state_block.mjs) with its line index made by jumping to each
// line's end with indexOf instead of looking at every character (a tenth of a parse). The fields are the
// constructor's own, set in its order (one hidden class, as the original's); the line index is the same,
// quirk included: a last line of only blanks with no line feed after it gets no entry. The methods are
// the original's (its prototype). tests/engine/markdown/faster-rules.test.ts compares the tokens.
type LineIndex = { bMarks: number[]; eMarks: number[]; tShift: number[]; sCount: number[]; bsCount: number[] };
export function indexLines(s: string, into: LineIndex): void {
  const len = s.length;
  let pos = 0;
  while (pos < len) {
    const start = pos;
    let indent = 0;
    let offset = 0;
    for (; pos < len; pos++) {
      const ch = s.charCodeAt(pos);
      if (ch === 0x20) offset++;
      else if (ch === 0x09) offset += 4 - (offset % 4);
      else break;
      indent++;
    }
    if (pos >= len) break;
    const nl = s.indexOf("\n", pos);
    const end = nl < 0 ? len : nl;
    into.bMarks.push(start);
    into.eMarks.push(end);
    into.tShift.push(indent);
    into.sCount.push(offset);
    into.bsCount.push(0);
    pos = end + 1;
  }
  // markdown-it's fake entry after the last line.
  into.bMarks.push(len);
  into.eMarks.push(len);
  into.tShift.push(0);
  into.sCount.push(0);
  into.bsCount.push(0);
}
type BlockStateFields = LineIndex & Record<string, unknown>;
function FastStateBlock(this: BlockStateFields, src: string, parser: unknown, env: unknown, tokens: unknown[]): void {
  this.src = src;
  this.md = parser;
  this.env = env;
  this.tokens = tokens;
  this.bMarks = [];
  this.eMarks = [];
  this.tShift = [];
  this.sCount = [];
  this.bsCount = [];
  this.blkIndent = 0;
  this.line = 0;
  this.lineMax = 0;
  this.tight = false;
  this.ddIndent = -1;
  this.listIndent = -1;
  this.parentType = "root";
  this.level = 0;
  indexLines(src, this);
  this.lineMax = this.bMarks.length - 1;
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
  const blockParser = parser.block as unknown as { State: { prototype: object } };
  if (blockParser.State === (FastStateBlock as unknown)) return;
  FastStateBlock.prototype = blockParser.State.prototype;
  blockParser.State = FastStateBlock as unknown as { prototype: object };
}
