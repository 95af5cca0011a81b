import MarkdownIt, { type Options, type PluginSimple } from "markdown-it";
import footnote from "markdown-it-footnote";
import type {
  Blockquote,
  Code,
  FootnoteDefinition,
  Heading,
  List,
  ListItem,
  Nodes,
  Parent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from "mdast";
import { Fallback, identifier, inlineNodes, type Token } from "./parse-fast-inline";
import { keepAlive } from "../keep-alive";
import { useFasterRules } from "./faster-rules";

// The hot path of parseMarkdown (issue 15): markdown-it's token stream turned into the mdast tree
// micromark + mdast-util-from-markdown would build for the same text — the same node types, fields and
// text values, without `position` (markdown-it keeps only block line maps; the rare problem that needs
// a place looks it up in micromark's tree, read.ts). Measured on the benchmark's 100 section bodies:
// ten times faster than micromark, whose event objects were also a quarter of a build's garbage.
//
// Where markdown-it's semantics differ from micromark's, the text goes to micromark instead: `fastable`
// (parse.ts) routes what this converter does not reproduce, and this converter throws `Fallback` for
// shapes it meets while converting that it cannot reproduce. tests/engine/markdown/parse-fast.test.ts
// parses every body the repository holds and generated Markdown both ways and compares the trees.

export { Fallback };

// maxNesting: the Markdown limits (limits.ts) bound nesting before parsing; markdown-it's own cap (100)
// would turn deeper emphasis into text where micromark nests it. (@types/markdown-it omits the option.)
const md = new MarkdownIt("default", { html: true, linkify: false, typographer: false, maxNesting: 100_000 } as Options);
md.use(footnote as unknown as PluginSimple);
// Footnote definitions stay where they are written (micromark keeps them in the tree; the plugin's tail
// rule would move the referenced ones to the end and drop the others). No ^[inline] footnotes (not GFM).
md.core.ruler.disable("footnote_tail");
md.inline.ruler.disable("footnote_inline");
// Links keep the address as written (micromark decodes escapes and entities only): no percent-encoding,
// no punycode, and no refusal of javascript: and the like — the renderer reports those (MARKDOWN_LINK_INVALID).
md.normalizeLink = (url: string): string => url;
md.normalizeLinkText = (text: string): string => text;
md.validateLink = (): boolean => true;

const { unescapeAll } = md.utils;
/** markdown-it's classes of a character for emphasis (its scanDelims): the detector compares them with micromark's (fastable.ts). */
export const { isPunctChar, isWhiteSpace } = md.utils;

// markdown-it pads a table row to the header's width and drops cells past it; micromark keeps the row's
// cells as written. The table rule is wrapped to note each body row's written cell count on its tr_open.
type BlockState = { src: string; bMarks: number[]; tShift: number[]; eMarks: number[]; tokens: Token[] };
type BlockRule = (state: BlockState, startLine: number, endLine: number, silent: boolean) => boolean;
const tableRule = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__.find(
  (r) => r.name === "table",
)!.fn;
md.block.ruler.at("table", ((state: BlockState, startLine: number, endLine: number, silent: boolean): boolean => {
  const from = state.tokens.length;
  if (!tableRule(state, startLine, endLine, silent)) return false;
  let body = false;
  for (let k = from; k < state.tokens.length; k++) {
    const t = state.tokens[k]!;
    if (t.type === "tbody_open") body = true;
    if (body && t.type === "tr_open") {
      const line = t.map![0];
      t.meta = { cells: writtenCells(state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]).trim()) };
    }
  }
  return true;
}) as never);

// A code span across lines: markdown-it turns its line endings into spaces, micromark keeps them.
const backticksRule = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__.find(
  (r) => r.name === "backticks",
)!.fn;
type InlineRule = (state: { src: string; pos: number }, silent: boolean) => boolean;
md.inline.ruler.at("backticks", ((state: { src: string; pos: number }, silent: boolean): boolean => {
  const from = state.pos;
  if (!backticksRule(state, silent)) return false;
  if (!silent && state.src.slice(from, state.pos).includes("\n")) throw new Fallback("code span across lines");
  return true;
}) as never);

// Two of markdown-it's hot loops done faster, to the same result (faster-rules.ts).
useFasterRules(md);

/** Cells written on a table row (markdown-it's escapedSplit, less the empty ends outside the outer pipes). */
function writtenCells(line: string): number {
  let cells = 1;
  for (let k = 0; k < line.length; k++) if (line.charCodeAt(k) === 0x7c && (k === 0 || line.charCodeAt(k - 1) !== 0x5c)) cells++;
  if (line.charCodeAt(0) === 0x7c) cells--;
  if (cells > 0 && line.length > 1 && line.charCodeAt(line.length - 1) === 0x7c && line.charCodeAt(line.length - 2) !== 0x5c) cells--;
  return cells;
}

// markdown-it's parser states and tokens, and a converter: their hidden classes outlive every build
// (keep-alive.ts). The sample takes the paths whose objects gain properties (footnotes in `env`).
const SAMPLE = "# a\n\n- *b* [c](d)[^e]\n\n| f |\n|:-|\n| g |\n\n[^e]: h\n";
const sampleEnv = {};
keepAlive([
  md.parse(SAMPLE, sampleEnv),
  sampleEnv,
  new md.core.State(SAMPLE, md, {}),
  new md.block.State(SAMPLE, md, {}, []),
  new md.inline.State("*b*", md, {}, []),
]);

export function parseFast(markdown: string): Root {
  const tokens = md.parse(markdown, {});
  const root: Root = { type: "root", children: [] };
  // An HTML block left open runs to the end, trailing blank lines included (micromark): not reproduced.
  if (tokens[tokens.length - 1]?.type === "html_block" && markdown.endsWith("\n\n")) throw new Fallback("open HTML block");
  const converter = new BlockConverter(tokens);
  converter.into(root, -1);
  return root;
}

class BlockConverter {
  i = 0;
  /** An indented code block was met (see list()). */
  indentedCode = false;
  constructor(readonly tokens: Token[]) {}

  /** Converts block tokens into `parent` until the closing token at `level` (or the end). */
  into(parent: Parent, level: number): void {
    const tokens = this.tokens;
    const children = parent.children as RootContent[];
    while (this.i < tokens.length) {
      const t = tokens[this.i++]!;
      if (t.nesting === -1) {
        if (t.level === level) return;
        continue;
      }
      const node = this.block(t);
      if (node) children.push(node);
    }
  }

  block(t: Token): RootContent | undefined {
    switch (t.type) {
      case "paragraph_open": {
        const inline = this.tokens[this.i++]!;
        this.i++; // paragraph_close
        return { type: "paragraph", children: inlineNodes(inline.children ?? []) };
      }
      case "heading_open": {
        const inline = this.tokens[this.i++]!;
        this.i++;
        const depth = Number(t.tag.slice(1)) as Heading["depth"];
        return { type: "heading", depth, children: inlineNodes(inline.children ?? []) };
      }
      case "blockquote_open": {
        const node: Blockquote = { type: "blockquote", children: [] };
        this.into(node, t.level);
        return node;
      }
      case "bullet_list_open":
      case "ordered_list_open":
        return this.list(t);
      case "table_open":
        return this.table();
      case "footnote_reference_open":
        return this.footnoteDefinition(t);
      default:
        // The rarer blocks apart from block(), which runs for every block: V8 optimizes a function only
        // after it has run an amount of bytecode that grows with its size (bench/analysis.md, session 22).
        return this.rareBlock(t);
    }
  }

  rareBlock(t: Token): RootContent {
    switch (t.type) {
      case "fence":
        return fence(t);
      case "code_block":
        this.indentedCode = true;
        return { type: "code", lang: null, meta: null, value: trimFinalLineEnding(t.content) };
      case "hr":
        return { type: "thematicBreak" };
      case "html_block":
        return { type: "html", value: trimFinalLineEnding(t.content) };
      default:
        throw new Fallback(`markdown-it token ${t.type}`);
    }
  }

  footnoteDefinition(t: Token): FootnoteDefinition {
    const label = (t.meta as { label: string }).label;
    const node: FootnoteDefinition = { type: "footnoteDefinition", identifier: identifier(label), label, children: [] };
    this.into(node, t.level);
    return node;
  }

  list(open: Token): List {
    const ordered = open.type === "ordered_list_open";
    const start = ordered ? Number(open.attrGet("start") ?? 1) : null;
    // After indented code, micromark takes no list starting past 1 or with an empty first item (its quirk).
    if (this.indentedCode && ((start !== null && start !== 1) || this.tokens[this.i + 1]?.type === "list_item_close"))
      throw new Fallback("list after indented code");
    const node: List = { type: "list", ordered, start, spread: false, children: [] };
    const lines: [number, number][] = [];
    const tokens = this.tokens;
    while (this.i < tokens.length) {
      const t = tokens[this.i++]!;
      if (t.nesting === -1 && t.level === open.level) break;
      if (t.type !== "list_item_open") continue;
      const item: ListItem = { type: "listItem", spread: false, checked: null, children: [] };
      const first = this.i;
      this.into(item, t.level);
      item.spread = itemSpread(tokens, first, t.level + 1);
      taskItem(item);
      lines.push([t.map![0], contentEnd(tokens, first, t.level)]);
      node.children.push(item);
    }
    // A blank line between two items makes the list spread (mdast-util-from-markdown's rule).
    for (let k = 1; k < lines.length; k++) if (lines[k]![0] > lines[k - 1]![1]) node.spread = true;
    return node;
  }

  table(): Table {
    const node: Table = { type: "table", align: [], children: [] };
    const tokens = this.tokens;
    let row: TableRow | undefined;
    let header = true;
    let written = Infinity;
    while (this.i < tokens.length) {
      const t = tokens[this.i++]!;
      if (t.type === "table_close") break;
      if (t.type === "tr_open") {
        row = { type: "tableRow", children: [] };
        node.children.push(row);
        if (!header) written = (t.meta as { cells: number }).cells;
        if (written > node.align!.length && !header) throw new Fallback("table row wider than its header");
      } else if (t.type === "tbody_open") header = false;
      else if (t.type === "th_open" || t.type === "td_open") {
        if (header) node.align!.push(alignOf(t.attrGet("style")));
        else if (row!.children.length >= written) {
          this.i += 2; // a padding cell: inline, td_close
          continue;
        }
        const inline = tokens[this.i++]!;
        const cell: TableCell = { type: "tableCell", children: inlineNodes(inline.children ?? []) };
        row!.children.push(cell);
      }
    }
    return node;
  }
}

function alignOf(style: string | null): Table["align"] extends (infer A)[] | null | undefined ? A : never {
  if (style === "text-align:left") return "left";
  if (style === "text-align:right") return "right";
  if (style === "text-align:center") return "center";
  return null;
}

function fence(t: Token): Code {
  // Split as written, then decoded (an escaped or encoded space stays inside the language); micromark
  // keeps the meta's trailing whitespace.
  const info = t.info.replace(/^[ \t]+/, "");
  const space = info.search(/[ \t]/);
  const lang = info === "" ? null : unescapeAll(space < 0 ? info : info.slice(0, space));
  const meta = space < 0 ? null : unescapeAll(info.slice(space).replace(/^[ \t]+/, "")) || null;
  return { type: "code", lang, meta, value: trimFinalLineEnding(t.content) };
}

const trimFinalLineEnding = (s: string): string => (s.endsWith("\n") ? s.slice(0, -1) : s);

/** The line after the last content line in tokens[from…] up to the closing token at `closeLevel`. */
function contentEnd(tokens: Token[], from: number, closeLevel: number): number {
  let end = 0;
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.nesting === -1 && t.level === closeLevel) break;
    // Leaves, and the blocks whose line map is their text (a container's map may take in blank lines).
    if (t.map && (t.nesting === 0 || t.type === "paragraph_open" || t.type === "heading_open" || t.type === "table_open"))
      end = Math.max(end, t.map[1]);
  }
  return end;
}

/** Whether a blank line separates two of the item's direct children (mdast's listItem.spread). */
function itemSpread(tokens: Token[], first: number, level: number): boolean {
  let previousEnd = -1;
  for (let k = first; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.level < level) break;
    if (t.level !== level || t.nesting === -1 || !t.map) continue;
    if (previousEnd >= 0 && t.map[0] > previousEnd) return true;
    previousEnd = t.nesting === 0 ? t.map[1] : contentEnd(tokens, k + 1, level);
  }
  return false;
}

/** GFM task list item: `[ ]`, `[x]` or `[X]`, then a space or tab, at the start of the item's first paragraph. */
function taskItem(item: ListItem): void {
  const first = item.children[0];
  const head = first?.type === "paragraph" ? first.children[0] : firstText(first);
  if (head?.type !== "text" || !/^\[[ \txX\n]\]/.test(head.value)) return;
  if (first?.type !== "paragraph") throw new Fallback("task marker outside a paragraph");
  const after = head.value.charAt(3);
  const rest = head.value.slice(4);
  // A marker then a space then nothing else is not a task (micromark: whitespace, then not the end).
  if (head.value.charAt(1) !== " " && !/[xX]/.test(head.value.charAt(1))) throw new Fallback("task marker");
  if (after !== " " && after !== "\t") {
    if (after === "" || after === "\n") throw new Fallback("task marker at a line end");
    return;
  }
  if (/^[ \t]*$/.test(rest) && first.children.length === 1) return;
  if (/^[ \t]*$/.test(rest)) throw new Fallback("task marker before an inline node");
  item.checked = head.value.charAt(1) !== " ";
  head.value = head.value.slice(4);
}

function firstText(node: Nodes | undefined): Nodes | undefined {
  let n = node;
  while (n && "children" in n && n.children.length > 0) n = n.children[0];
  return n;
}

keepAlive(new BlockConverter([]));
