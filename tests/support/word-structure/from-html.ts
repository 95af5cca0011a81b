import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import {
  comparableLink,
  MAX_LEVEL,
  normaliseInline,
  type Alignment,
  type Block,
  type Inline,
  type Mark,
  type Paragraph,
  type ParagraphKind,
  type Table,
} from "./structure";

// A Markdown example's expected HTML (CommonMark's, GFM's, GitHub's) reduced to the structure a Word
// document can hold (structure.ts), by the rules docs/templates.md states for Markdown in Word:
// - <p> a paragraph; <h1>…<h6> a heading; <pre><code> one code paragraph per line; <hr> a rule; a
//   <blockquote> marks the paragraphs inside it as quoted (Word's Quote style has no depth); a heading or
//   code inside a quote keeps its own style (a paragraph has one style).
// - A list item's first paragraph (or, in a tight list, its text) carries its bullet or number; an
//   item that starts with anything else gets an empty numbered paragraph before it. The item's other
//   blocks line up with its text (indent = its level). Levels are counted by nested lists, at most
//   nine. Numbers count from the list's start; bullets have no number.
// - A task list's checkbox is ☐ or ☑ before the item's text.
// - A table: alignment, header row, body rows; the header row is bold.
// - Inside text: em, strong, del, code, u, sup, sub, mark; a link's target; <br> a line break; a line
//   ending a space (a soft break); an image its alt text; a footnote reference the note's content, with
//   GitHub's back-reference arrows left out.
// The HTML is parsed with parse5, the WHATWG parsing algorithm as browsers run it.

type Node = DefaultTreeAdapterMap["childNode"];
type Element = DefaultTreeAdapterMap["element"];

export type HtmlOptions = {
  /** A link target as the document should have it (relative ones rewritten before the build). */
  linkTarget?: (href: string) => string;
  /** A link's text when it is the link's only content (an autolink whose address was rewritten). */
  linkText?: (text: string) => string;
};

type Context = {
  quote: boolean;
  level: number;
  indent?: number;
  notes: Map<string, Element>;
  options: HtmlOptions;
  /** The notes being reduced (a note calling itself). */
  within: ReadonlySet<string>;
};

const BLOCK = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "pre",
  "hr",
  "table",
  "section",
  "div",
]);

const isElement = (node: Node): node is Element => "tagName" in node;
const attribute = (el: Element, name: string): string | undefined =>
  el.attrs.find((a) => a.name === name)?.value;

/** The structure of `html`: what a Word document built from the same Markdown should hold. */
export function structureOfHtml(html: string, options: HtmlOptions = {}): Block[] {
  const root = parseFragment(html);
  const notes = new Map<string, Element>();
  for (const el of descendants(root.childNodes)) {
    if (el.tagName === "section" && attribute(el, "data-footnotes") !== undefined) {
      for (const li of descendants(el.childNodes)) {
        const id = attribute(li, "id");
        if (li.tagName === "li" && id !== undefined) notes.set(id, li);
      }
    }
  }
  return blocks(root.childNodes, { quote: false, level: -1, notes, options, within: new Set() });
}

function* descendants(nodes: readonly Node[]): Generator<Element> {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    yield node;
    yield* descendants(node.tagName === "template" ? [] : node.childNodes);
  }
}

function blocks(nodes: readonly Node[], ctx: Context): Block[] {
  const out: Block[] = [];
  let run: Node[] = [];
  const flush = (): void => {
    // Blanks between blocks are the HTML's layout (or what is left of a refused HTML block), not text.
    const blank = run.every(
      (n) =>
        n.nodeName === "#comment" ||
        (n.nodeName === "#text" && !/\S/.test((n as DefaultTreeAdapterMap["textNode"]).value)),
    );
    const inline = blank ? [] : trimRun(inlines(run, new Set(), undefined, ctx));
    run = [];
    if (inline.length > 0) out.push(paragraph({ kind: "p" }, inline, ctx));
  };
  for (const node of nodes) {
    if (isElement(node) && BLOCK.has(node.tagName)) {
      flush();
      out.push(...block(node, ctx));
    } else run.push(node);
  }
  flush();
  return out;
}

function paragraph(kind: ParagraphKind, inline: Inline[], ctx: Context): Paragraph {
  const p: Paragraph = { ...kind, inline: normaliseInline(inline), quote: ctx.quote };
  if (ctx.indent !== undefined) p.indent = ctx.indent;
  return p;
}

function block(el: Element, ctx: Context): Block[] {
  switch (el.tagName) {
    case "p":
      return [paragraph({ kind: "p" }, trimRun(inlines(el.childNodes, new Set(), undefined, ctx)), ctx)];
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return [
        {
          ...paragraph(
            { kind: "heading", level: Number(el.tagName[1]) },
            trimRun(inlines(el.childNodes, new Set(), undefined, ctx)),
            ctx,
          ),
          quote: false,
        },
      ];
    case "blockquote":
      return blocks(el.childNodes, { ...ctx, quote: true });
    case "ul":
    case "ol":
      return list(el, ctx);
    case "pre": {
      const text = textOf(el).replace(/\n$/, "");
      return text.split("\n").map((line) => ({
        ...paragraph({ kind: "code" }, [{ kind: "text", text: line, marks: new Set() }], ctx),
        quote: false,
      }));
    }
    case "hr":
      return [paragraph({ kind: "hr" }, [], ctx)];
    case "table":
      return [table(el, ctx)];
    case "section":
      return []; // GitHub's footnote section: each note is shown where it is referenced
    default:
      return blocks(el.childNodes, ctx); // raw HTML (a <div>): only in examples the engine refuses
  }
}

function list(el: Element, ctx: Context): Block[] {
  const level = Math.min(ctx.level + 1, MAX_LEVEL);
  let number = el.tagName === "ol" ? Number(attribute(el, "start") ?? 1) : undefined;
  const out: Block[] = [];
  for (const li of el.childNodes) {
    if (!isElement(li) || li.tagName !== "li") continue;
    // The item's own blocks line up with its text; the numbered paragraph itself is not indented.
    const content = blocks(li.childNodes, { ...ctx, level: ctx.level + 1, indent: level });
    const first = content[0];
    const item: Paragraph = { kind: "item", level, number: number ?? "bullet", inline: [], quote: ctx.quote };
    // The item's own first paragraph (or a tight item's text), not one inside a quote it starts with.
    const lead = li.childNodes.find((n) => isElement(n) || /\S/.test((n as { value?: string }).value ?? ""));
    if (
      first?.kind === "p" &&
      lead !== undefined &&
      !(isElement(lead) && BLOCK.has(lead.tagName) && lead.tagName !== "p")
    ) {
      item.inline = first.inline;
      content.shift();
    }
    out.push(item, ...content);
    if (number !== undefined) number++;
  }
  return out;
}

function table(el: Element, ctx: Context): Table {
  const rows = [...descendants(el.childNodes)].filter((r) => r.tagName === "tr");
  const cells = (row: Element): Element[] =>
    row.childNodes.filter(isElement).filter((c) => c.tagName === "th" || c.tagName === "td");
  const [head, ...body] = rows;
  const headCells = head ? cells(head) : [];
  const align: Alignment[] = headCells.map((c) => {
    const a = attribute(c, "align") ?? /text-align:\s*(\w+)/.exec(attribute(c, "style") ?? "")?.[1];
    return a === "left" || a === "center" || a === "right" ? a : null;
  });
  const cell = (c: Element, marks: Set<Mark>): Inline[] =>
    normaliseInline(trimRun(inlines(c.childNodes, marks, undefined, ctx)));
  return {
    kind: "table",
    align,
    header: headCells.map((c) => cell(c, new Set(["b"]))),
    rows: body.map((row) => cells(row).map((c) => cell(c, new Set()))),
  };
}

const MARK_OF: Record<string, Mark> = {
  em: "i",
  i: "i",
  strong: "b",
  b: "b",
  del: "s",
  s: "s",
  code: "code",
  u: "u",
  sup: "sup",
  sub: "sub",
  mark: "mark",
};

function inlines(
  nodes: readonly Node[],
  marks: ReadonlySet<Mark>,
  link: string | undefined,
  ctx: Context,
): Inline[] {
  const out: Inline[] = [];
  const at = (piece: Inline): Inline => (link === undefined ? piece : { ...piece, link });
  let afterBreak = false;
  for (const node of nodes) {
    if (!isElement(node)) {
      if (node.nodeName !== "#text") continue; // comments
      let text = (node as DefaultTreeAdapterMap["textNode"]).value;
      // The line ending after a <br /> is the hard break's own; any other is a soft break: a space.
      if (afterBreak) text = text.replace(/^\n/, "");
      out.push(at({ kind: "text", text, marks }));
      afterBreak = false;
      continue;
    }
    afterBreak = false;
    const tag = node.tagName;
    if (tag === "br") {
      out.push(at({ kind: "break" }));
      afterBreak = true;
    } else if (tag === "img") {
      out.push(at({ kind: "image", alt: attribute(node, "alt") ?? "" }));
    } else if (tag === "input" && attribute(node, "type") === "checkbox") {
      out.push(
        at({ kind: "text", text: attribute(node, "checked") !== undefined ? "\u2611" : "\u2610", marks }),
      );
    } else if (tag === "sup" && noteReference(node) !== undefined) {
      out.push({ kind: "note", blocks: note(noteReference(node)!, ctx) }); // the number is the note's, not a link's
    } else if (tag === "a" && attribute(node, "data-footnote-ref") !== undefined) {
      out.push({ kind: "note", blocks: note(node, ctx) });
    } else if (tag === "a" && attribute(node, "data-footnote-backref") !== undefined) {
      // GitHub's way back from a note to its reference (" ↩"): not part of the note, nor the space before it.
      const last = out[out.length - 1];
      if (last?.kind === "text" && last.text.endsWith(" "))
        out[out.length - 1] = { ...last, text: last.text.slice(0, -1) };
    } else if (tag === "a" && attribute(node, "href") !== undefined) {
      const href = attribute(node, "href")!;
      const only = node.childNodes.length === 1 ? node.childNodes[0] : undefined;
      if (only?.nodeName === "#text" && ctx.options.linkText) {
        const text = ctx.options.linkText((only as DefaultTreeAdapterMap["textNode"]).value);
        const target = comparableLink(ctx.options.linkTarget ? ctx.options.linkTarget(href) : href);
        out.push({ kind: "text", text, marks, link: target });
        continue;
      }
      out.push(
        ...inlines(
          node.childNodes,
          marks,
          comparableLink(ctx.options.linkTarget ? ctx.options.linkTarget(href) : href),
          ctx,
        ),
      );
    } else if (MARK_OF[tag] !== undefined) {
      out.push(...inlines(node.childNodes, new Set([...marks, MARK_OF[tag]!]), link, ctx));
    } else {
      out.push(...inlines(node.childNodes, marks, link, ctx));
    }
  }
  return out;
}

/** The footnote call in a <sup> (GitHub: <sup><a data-footnote-ref href="#…">1</a></sup>). */
function noteReference(sup: Element): Element | undefined {
  const children = sup.childNodes.filter((n) => isElement(n) || (n as { value?: string }).value?.trim());
  const only = children[0];
  return children.length === 1 &&
    isElement(only!) &&
    only.tagName === "a" &&
    attribute(only, "data-footnote-ref") !== undefined
    ? only
    : undefined;
}

function note(ref: Element, ctx: Context): Block[] {
  // GitHub leaves out the href of a call whose label has a colon (cmark-gfm#250); its id names the note.
  const href =
    attribute(ref, "href")?.replace(/^#/, "") ?? attribute(ref, "id")?.replace(/-fnref-/, "-fn-") ?? "";
  const id = [href, safeDecode(href)].find((k) => ctx.notes.has(k));
  // A note that calls itself (GitHub shows it): once, not forever.
  if (id === undefined || ctx.within.has(id)) return [];
  const within = new Set([...ctx.within, id]);
  return blocks(ctx.notes.get(id)!.childNodes, {
    quote: false,
    level: -1,
    notes: ctx.notes,
    options: ctx.options,
    within,
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Inline content without the HTML's layout line endings at its ends (a tight item's text before a
 * nested list, a note's paragraph before GitHub's arrow). Inside text they were made spaces already.
 */
function trimRun(inline: Inline[]): Inline[] {
  const out = normaliseInline(inline);
  const first = out[0];
  if (first?.kind === "text") out[0] = { ...first, text: first.text.replace(/^\n+/, "") };
  const last = out[out.length - 1];
  if (last?.kind === "text") out[out.length - 1] = { ...last, text: last.text.replace(/\n+$/, "") };
  // A line ending inside a paragraph is a soft break: Word shows a space.
  return normaliseInline(
    out.map((piece) => (piece.kind === "text" ? { ...piece, text: piece.text.replace(/\n/g, " ") } : piece)),
  );
}

function textOf(el: Element): string {
  let text = "";
  for (const node of el.childNodes) {
    if (isElement(node)) text += textOf(node);
    else if (node.nodeName === "#text") text += (node as DefaultTreeAdapterMap["textNode"]).value;
  }
  return text;
}
