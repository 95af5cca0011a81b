import type { Paragraph, TableOfContents, IParagraphOptions, Table } from "docx";
import type { BlockContent, DefinitionContent, Heading, Html, List, RootContent } from "mdast";
import { S_PAGEBREAK, S_TOC } from "../markdown/sentinels";
import type { SectionState } from "./context";
import { commented } from "./comments";
import { documentSizeMessage, overDocumentSize, report } from "./context";
import { onlyHtmlComments, renderInline, textRuns } from "./inline";
import { plainRun } from "./runs";
import { clampLevel, listIndent, MAX_LIST_LEVEL, type ListFamily, type ListRef } from "./numbering";
import { renderTable } from "./table";
import { headingRuns } from "./heading-targets";
import { FILL_IN_SPACE_BEFORE, isFillInLine } from "./fill-in";
import { ESTIMATE_BYTES } from "../limits";
import { append } from "../append";

// Markdown blocks → body content: paragraphs (<w:p>), tables (<w:tbl>) and the table of contents
// (<w:sdt> with a TOC field). Paragraph styles are Word's built-in ones (Heading1…9, Quote,
// ListParagraph, HTMLPreformatted, FootnoteText) so a host document's own definitions win on insert.

export type Block = Paragraph | Table | TableOfContents;

export type BlockContext = {
  /** List nesting depth (0 outside lists). */
  depth: number;
  /** Whether paragraphs are direct body content (not in a table cell, list item body or footnote). */
  topLevel: boolean;
  quote?: boolean;
  footnote?: boolean;
  /** Indentation for a list item's later paragraphs. */
  indentLevel?: number;
};

type Node = RootContent | BlockContent | DefinitionContent;

export function renderBlocks(nodes: readonly Node[], s: SectionState, ctx: BlockContext): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    if (overSize(s, node)) break;
    append(out, renderBlock(node, s, ctx));
  }
  return out;
}

/**
 * Past the document-size limit (limits.ts) nothing more is rendered: the build fails, and the rest
 * would only cost time and memory. Reported once, at the first block left out.
 */
function overSize(s: SectionState, node: Node): boolean {
  if (!overDocumentSize(s.doc)) return false;
  if (!s.doc.sizeReported) {
    s.doc.sizeReported = true;
    report(
      s,
      node,
      "LIMIT_DOCUMENT_SIZE",
      documentSizeMessage(s.doc, "By here"),
    );
  }
  return true;
}

/**
 * Makes a <w:p>, applying the section's pending page break and drafting note to its first paragraph.
 * `options` carries the children: callers write it as an object literal of a fixed shape, and it goes to
 * docx as it is unless something is added here (rare) — docx's paragraph constructor reads ~30 option
 * names, and options copied with spreads in many shapes made those reads slow (docs/decisions.md, "The engine's speed").
 */
export function makeParagraph(s: SectionState, ctx: BlockContext, options: IParagraphOptions): Paragraph {
  let opts = options;
  s.doc.estimatedBytes += ESTIMATE_BYTES.paragraph;
  if (ctx.topLevel) {
    if (s.doc.pendingPageBreak) {
      opts = { ...opts, pageBreakBefore: true }; // <w:pageBreakBefore/>
      s.doc.pendingPageBreak = false;
    }
    if (s.pendingNote !== undefined && s.doc.options.draftingNotes) {
      opts = { ...opts, children: commented(s.doc.docx, s.doc.addComment(s.pendingNote, s.commentAuthor), opts.children ?? []) };
    }
    s.pendingNote = undefined;
  }
  if (opts.style === undefined && (ctx.footnote || ctx.quote)) {
    // A quote is a quote in a footnote too (as code and headings keep their styles there).
    const style = ctx.quote ? "Quote" : "FootnoteText";
    opts = opts === options && isChildrenOnly(opts) ? { style, children: opts.children } : { ...opts, style };
  }
  return new s.doc.docx.Paragraph(opts);
}

/** Options that say nothing but the children (the usual body, footnote and quote paragraph). */
function isChildrenOnly(options: IParagraphOptions): boolean {
  for (const key in options) if (key !== "children") return false;
  return true;
}

const NOTE_MARKERS = /\uFDD3\d+\uFDD4|\uFDD5\d+\uFDD4/g;

/** The text less drafting-note markers and blanks, when it may be a lone page-break or TOC sentinel; else "". */
const sentinelAlone = (text: string): string =>
  text.includes(S_PAGEBREAK) || text.includes(S_TOC) ? text.replace(NOTE_MARKERS, "").trim() : "";

/** Before a table or TOC, a pending page break needs a paragraph of its own to carry it. */
function flushPageBreak(s: SectionState, ctx: BlockContext): Block[] {
  if (!ctx.topLevel || !s.doc.pendingPageBreak) return [];
  s.doc.pendingPageBreak = false;
  return [new s.doc.docx.Paragraph({ children: [new s.doc.docx.PageBreak()] })];
}

function renderBlock(node: Node, s: SectionState, ctx: BlockContext): Block[] {
  switch (node.type) {
    case "paragraph": {
      // A {{#note}} around a {{pagebreak}} or {{toc}} leaves its markers beside the sentinel: they must not
      // stop it being one (the note's range then starts or ends at the nearest text; see section.ts).
      const only =
        node.children.length === 1 && node.children[0]!.type === "text" ? sentinelAlone(node.children[0]!.value) : "";
      if (only === S_PAGEBREAK) {
        s.doc.pendingPageBreak = true;
        return [];
      }
      if (only === S_TOC) {
        s.doc.hasToc = true;
        // <w:sdt> with a TOC \o "1-3" \h field; Word fills it in when fields update on open.
        return [
          ...flushPageBreak(s, ctx),
          new s.doc.docx.TableOfContents("Contents", { hyperlink: true, headingStyleRange: "1-3" }),
        ];
      }
      const children = renderInline(node.children, s);
      // No undefined keys in docx options: docx builds objects from them markedly slower (inline.ts).
      // A line to sign or write on ("Signed: ______"): <w:spacing w:before="720"/>, room above it (fill-in.ts).
      const fillIn = isFillInLine(node.children);
      if (ctx.indentLevel === undefined && !fillIn) return [makeParagraph(s, ctx, { children })];
      return [makeParagraph(s, ctx, { ...paragraphLayout(ctx.indentLevel, fillIn), children })];
    }
    case "heading": {
      // In a title block (the snippet's `titleBlock`), # is Word's Title style and ## its Subtitle: text
      // shown large on a cover, not a clause heading, so no outline level and no entry in the contents.
      if (s.titleBlock && node.depth <= 2) {
        const style = node.depth === 1 ? "Title" : "Subtitle";
        return [makeParagraph(s, ctx, { style, ...underItem(ctx), children: headingRuns(node, undefined, s) })];
      }
      const level = Math.min(9, node.depth + s.headingOffset);
      // <w:pStyle w:val="HeadingN"/>: built-in heading styles carry the outline level the TOC uses.
      const style = `Heading${level}`;
      // <w:keepNext/> on the paragraph too, not only in our style: inserted into a document, the host's
      // own Heading style wins (styles.ts), and a heading must still stay with the text it introduces.
      if (!s.numberHeadings || ctx.depth > 0 || ctx.footnote) {
        return [makeParagraph(s, ctx, { style, keepNext: true, ...underItem(ctx), children: headingRuns(node, undefined, s) })];
      }
      return [numberedHeading(node, level, style, s, ctx)];
    }
    case "thematicBreak":
      return [horizontalRule(s, ctx)];
    case "blockquote":
      return renderBlocks(node.children, s, { ...ctx, quote: true });
    case "list":
      return renderList(node, s, ctx);
    case "code":
      return codeBlock(node.value, s, ctx);
    case "table":
      return [...flushPageBreak(s, ctx), renderTable(node, s)];
    case "html":
      htmlBlock(node, s);
      return [];
    default:
      // definition / footnoteDefinition are used where referenced; yaml etc. are not enabled.
      return [];
  }
}

// The rarer blocks are made apart from renderBlock, which runs for every block and keeps only its common
// path (docs/decisions.md, "The engine's speed").

/**
 * Legal clause numbers: <w:numPr><w:ilvl w:val="level-1"/><w:numId …/></w:numPr> on the paragraph itself,
 * not only in the style, so they survive insertion into a document whose Heading styles are its own
 * (Word keeps the host's style definitions: office-js#4417).
 */
function numberedHeading(node: Heading, level: number, style: string, s: SectionState, ctx: BlockContext): Paragraph {
  const ref = s.doc.numbering.headings();
  s.doc.numbering.headingNumbered = true;
  if (level === 1) s.doc.numbering.topHeadings++;
  const shown = s.doc.numbering.countHeading(level);
  const numbering = { reference: ref.reference, instance: ref.instance, level: level - 1 };
  return makeParagraph(s, ctx, { style, keepNext: true, numbering, children: headingRuns(node, shown, s) });
}

const isDefinition = (node: Node): boolean => node.type === "definition" || node.type === "footnoteDefinition";

/** A block inside a list item (after its first paragraph) lines up with the item's text. */
const underItem = (ctx: BlockContext): IParagraphOptions =>
  ctx.indentLevel === undefined ? {} : { indent: { left: listIndent(ctx.indentLevel).left } };

/** A list item's later paragraph is indented as its text; a fill-in line gets room above it. */
const paragraphLayout = (indentLevel: number | undefined, fillIn: boolean): IParagraphOptions => ({
  ...(indentLevel !== undefined ? { indent: { left: listIndent(indentLevel).left } } : {}),
  ...(fillIn ? { spacing: { before: FILL_IN_SPACE_BEFORE } } : {}),
});

const horizontalRule = (s: SectionState, ctx: BlockContext): Paragraph =>
  makeParagraph(s, ctx, {
    border: { bottom: { style: s.doc.docx.BorderStyle.SINGLE, size: 6, color: "auto", space: 1 } },
    ...underItem(ctx),
    children: [],
  });

const codeBlock = (value: string, s: SectionState, ctx: BlockContext): Paragraph[] =>
  value
    .split("\n")
    .map((line) => makeParagraph(s, ctx, { style: "HTMLPreformatted", ...underItem(ctx), children: textRuns(line, {}, s) }));

function htmlBlock(node: Html, s: SectionState): void {
  const value = node.value.trim();
  if (/^<br\s*\/?>$/i.test(value) || onlyHtmlComments(value)) return;
  report(
    s,
    node,
    "MARKDOWN_HTML",
    `Raw HTML block ${JSON.stringify(value.slice(0, 60))} is not allowed: write it in Markdown (only <u>, <sup>, <sub>, <mark> and <br> are understood inside text).`,
  );
}

/** The list a nested list is inside: its instance and family, and the item it is under. */
type ParentList = { ref: ListRef; family: ListFamily; item: object; sublists: WeakSet<object> };

/**
 * Which list instance a Markdown list is (see numbering.ts): a nested list of its parent's family that
 * is the first list under its item and counts from 1 is the parent's instance one level deeper
 * (same w:numId, w:ilvl + 1); anything else is an instance of its own, restarting only its level.
 */
function listRef(
  node: List,
  s: SectionState,
  ctx: BlockContext,
  family: ListFamily,
  parent?: ParentList,
): ListRef {
  const numbering = s.doc.numbering;
  const level = clampLevel(ctx.depth);
  const start = node.start ?? 1;
  const firstUnderItem = parent !== undefined && !parent.sublists.has(parent.item);
  if (parent) parent.sublists.add(parent.item);
  if (family === "bullet") return numbering.bullet();
  if (parent && parent.family === family && firstUnderItem && start === 1 && ctx.depth <= MAX_LIST_LEVEL) {
    return parent.ref;
  }
  if (ctx.depth > 0) return numbering.ordered(family, start, level);
  const continued = s.continueNumbering
    ? (numbering.lastOrdered ?? numbering.continuedFromCarry(family))
    : undefined;
  const ref = continued ?? numbering.ordered(family, start);
  if (continued === undefined) numbering.orderedNext = { family, next: start };
  s.continueNumbering = false; // only the section's first ordered list continues
  numbering.lastOrdered = ref;
  return ref;
}

function renderList(node: List, s: SectionState, ctx: BlockContext, parent?: ParentList): Block[] {
  const level = clampLevel(ctx.depth);
  // With legal heading numbers, ordered lists after the first numbered heading are its sub-paragraphs.
  const family: ListFamily = !node.ordered
    ? "bullet"
    : s.numberHeadings && s.doc.numbering.headingNumbered
      ? "clause"
      : "ordered";
  const ref = listRef(node, s, ctx, family, parent);
  const numbering = { reference: ref.reference, level, instance: ref.instance };
  const sublists = new WeakSet<object>();
  const out: Block[] = [];
  const top = ctx.depth === 0 && family !== "bullet" && ref === s.doc.numbering.lastOrdered;
  for (const item of node.children) {
    if (overSize(s, item)) break;
    // Counted for a split insert's carry (NumberingCarry): the next top-level item's number.
    if (top && s.doc.numbering.orderedNext) s.doc.numbering.orderedNext.next++;
    const check = item.checked === true ? "\u2611 " : item.checked === false ? "\u2610 " : "";
    const children = item.children;
    // The item's first paragraph carries its number; anything else starts under an empty numbered one.
    // Definitions ([x]: url, [^x]: note) show nothing where they are written, so they do not count.
    let lead = 0;
    while (lead < children.length && isDefinition(children[lead]!)) lead++;
    const first = children[lead];
    let from = 0;
    if (first?.type === "paragraph") {
      const runs = renderInline(first.children, s);
      out.push(makeParagraph(s, ctx, { numbering, children: check ? [plainRun(s, check), ...runs] : runs }));
      from = lead + 1;
    } else {
      out.push(makeParagraph(s, ctx, { numbering, children: check ? [plainRun(s, check)] : [] }));
    }
    const under: ParentList = { ref, family, item, sublists };
    for (let k = from; k < children.length; k++) {
      const child = children[k]!;
      if (child.type === "list") append(out, renderList(child, s, { ...ctx, depth: ctx.depth + 1 }, under));
      else append(out, renderBlocks([child], s, { ...ctx, indentLevel: level }));
    }
  }
  return out;
}
