import { countParagraph, excerpt, note, type ReadContext } from "./context";
import { controlInfo, flushOpenFields, inlineText, readInlines } from "./read-inline";
import type { Block, Inline, ListInfo, Paragraph, Table, TableCell, TableRow } from "./model";
import { attr, child, childrenNamed, elementsOf, toggle, val, type XmlElement } from "./xml";

// The body of the document (and of table cells and footnotes) as blocks: paragraphs with their heading
// level, list numbering and quote look resolved through the styles, tables, page breaks and a table of
// contents. Section breaks become page breaks; block-level content controls are unwrapped (a control
// showing its placeholder text becomes a fill-in).

const TWIPS_QUOTE_INDENT = 360;

export function readBlocks(ctx: ReadContext, nodes: readonly XmlElement[]): Block[] {
  const out: Block[] = [];
  for (const node of nodes) readBlock(ctx, node, out);
  return out;
}

function readBlock(ctx: ReadContext, node: XmlElement, out: Block[]): void {
  switch (node.name) {
    case "w:p":
      readParagraph(ctx, node, out);
      return;
    case "w:tbl":
      out.push(readTable(ctx, node));
      return;
    case "w:sdt":
      readBlockControl(ctx, node, out);
      return;
    case "w:customXml":
    case "w:ins":
    case "w:moveTo":
      for (const c of elementsOf(node)) readBlock(ctx, c, out);
      return;
    case "w:altChunk":
      note(ctx, "DOCX_NOT_KEPT", "drawing", "An embedded document (alternative format chunk) is not kept.");
      return;
    default:
      return;
  }
}

function readBlockControl(ctx: ReadContext, sdt: XmlElement, out: Block[]): void {
  const sdtPr = child(sdt, "w:sdtPr");
  const content = elementsOf(child(sdt, "w:sdtContent") ?? { name: "", attrs: {}, children: [] });
  const info = controlInfo(sdtPr);
  if (info === "toc") {
    out.push({ kind: "toc", place: ctx.place + 1 });
    // The cached entries are read for their places only: they are Word's, not the document's text.
    const skipped: Block[] = [];
    for (const c of content) readBlock(ctx, c, skipped);
    return;
  }
  const tag = val(sdtPr, "w:tag") ?? "";
  if (tag.startsWith("sectionsmith:")) {
    out.push({ kind: "section-mark", place: ctx.place + 1, tag, title: val(sdtPr, "w:alias") ?? "" });
    for (const c of content) readBlock(ctx, c, out);
    return;
  }
  const showingPlaceholder = child(sdtPr, "w:showingPlcHdr") !== undefined;
  const blocks: Block[] = [];
  for (const c of content) readBlock(ctx, c, blocks);
  const paragraphs = blocks.filter((b): b is Paragraph => b.kind === "paragraph");
  if (info && showingPlaceholder && paragraphs.length === blocks.length && paragraphs.length > 0) {
    // A fill-in over whole paragraphs: one variable in the first paragraph's place, its lines joined.
    const children: Inline[] = [];
    paragraphs.forEach((p, i) => {
      if (i > 0) children.push({ kind: "break" });
      children.push(...p.inlines);
    });
    const control = { ...info, ...(paragraphs.length > 1 ? { multiline: true } : {}) };
    out.push({ ...paragraphs[0]!, inlines: [{ kind: "control", control, children }] });
    return;
  }
  out.push(...blocks);
}

function numberingOf(ctx: ReadContext, pPr: XmlElement | undefined, styleId: string | undefined): { numId: string; ilvl: number } | undefined {
  const own = child(pPr, "w:numPr");
  if (own && val(own, "w:numId") !== undefined) {
    const numId = val(own, "w:numId")!;
    return numId === "0" ? undefined : { numId, ilvl: Number(val(own, "w:ilvl") ?? 0) };
  }
  for (const s of ctx.styles.chain(styleId ?? ctx.styles.defaultParagraph)) {
    const numPr = child(s.pPr, "w:numPr");
    const numId = val(numPr, "w:numId");
    if (numId === undefined) continue;
    return numId === "0" ? undefined : { numId, ilvl: Number(val(numPr, "w:ilvl") ?? val(own, "w:ilvl") ?? 0) };
  }
  return undefined;
}

function isQuote(ctx: ReadContext, pPr: XmlElement | undefined, styleId: string | undefined): boolean {
  if (ctx.styles.isQuoteStyle(styleId)) return true;
  const ind = ctx.styles.paragraphProperty(pPr, styleId, (p) => child(p, "w:ind"));
  const left = Number(attr(ind, "w:left") ?? attr(ind, "w:start") ?? 0);
  const right = Number(attr(ind, "w:right") ?? attr(ind, "w:end") ?? 0);
  return left >= TWIPS_QUOTE_INDENT && right >= TWIPS_QUOTE_INDENT;
}

function readParagraph(ctx: ReadContext, p: XmlElement, out: Block[]): void {
  countParagraph(ctx);
  ctx.place++;
  const pPr = child(p, "w:pPr");
  const styleId = val(pPr, "w:pStyle");
  const comments = new Set<string>();
  const raw = readInlines(ctx, elementsOf(p).filter((c) => c.name !== "w:pPr"), { ...(styleId ? { pStyle: styleId } : {}), comments });
  flushOpenFields(ctx, raw);
  if (ctx.styles.paragraphProperty(pPr, styleId, (x) => toggle(x, "w:pageBreakBefore")))
    out.push({ kind: "pagebreak", place: ctx.place });

  const heading = ctx.styles.headingLevel(pPr, styleId);
  const numbered = numberingOf(ctx, pPr, styleId);
  let list: ListInfo | undefined;
  if (numbered) {
    const counted = ctx.numbering.next(numbered.numId, numbered.ilvl);
    if (counted && counted.def.format !== "none" && (counted.label !== "" || counted.def.format === "bullet"))
      list = {
        list: counted.list,
        level: Math.max(0, Math.min(8, numbered.ilvl)),
        ordered: counted.def.format !== "bullet",
        value: counted.value,
        label: counted.def.format === "bullet" ? "•" : counted.label,
        format: counted.def.format,
      };
  }
  const style = ctx.styles.get(styleId);
  const base: Omit<Paragraph, "inlines"> = {
    kind: "paragraph",
    place: ctx.place,
    ...(style ? { styleName: style.name } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(ctx.styles.isSubtitle(styleId) ? { subtitle: true } : {}),
    ...(list ? { list } : {}),
    quote: heading === undefined && !list && isQuote(ctx, pPr, styleId),
    comments: [...comments].map((id) => ctx.comments.get(id)).filter((t): t is string => t !== undefined),
  };
  // Split at page breaks and a table of contents: what comes before, the break, what comes after. Only
  // the first piece keeps the paragraph's heading level and number; a piece with nothing in it is dropped.
  let inlines: Inline[] = [];
  let first = true;
  const flush = (): void => {
    if (inlines.some(hasContent)) out.push(first ? { ...base, inlines } : { ...base, list: undefined, heading: undefined, inlines } as Paragraph);
    inlines = [];
    first = false;
  };
  for (const r of raw) {
    if (r.kind === "pagebreak" || r.kind === "toc") {
      flush();
      out.push({ kind: r.kind, place: ctx.place });
    } else inlines.push(r);
  }
  flush();
  const sectPr = child(pPr, "w:sectPr");
  if (sectPr) {
    const type = val(sectPr, "w:type") ?? "nextPage";
    if (type !== "continuous") out.push({ kind: "pagebreak", place: ctx.place });
    note(ctx, "DOCX_CHANGED", "section-break", type === "continuous"
      ? "A continuous section break is left out; its page layout (columns, margins) is not kept."
      : "A section break becomes a page break; its page layout (orientation, margins, headers) is not kept.");
  }
}

const hasContent = (i: Inline): boolean =>
  i.kind === "image" || i.kind === "field" || i.kind === "footnote" || i.kind === "control" || i.kind === "merge" || inlineText(i).trim() !== "";

function readTable(ctx: ReadContext, tbl: XmlElement): Table {
  const place = ctx.place + 1;
  ctx.tableDepth++;
  const rows: TableRow[] = [];
  try {
    for (const tr of rowsOf(tbl)) {
      const trPr = child(tr, "w:trPr");
      const cells: TableCell[] = [];
      for (const tc of cellsOf(tr)) {
        const tcPr = child(tc, "w:tcPr");
        const span = Math.max(1, Math.min(63, Number(val(tcPr, "w:gridSpan") ?? 1) || 1));
        const merge = child(tcPr, "w:vMerge");
        const blocks = readBlocks(ctx, elementsOf(tc).filter((c) => c.name !== "w:tcPr"));
        if (merge && attr(merge, "w:val") !== "restart") {
          cells.push({ blocks: [], span });
          note(ctx, "DOCX_CHANGED", "merged-cells", "Cells merged down a column are split: the text stays in the first cell, the ones below are empty.", place);
        } else cells.push({ blocks, span });
        if (span > 1)
          note(ctx, "DOCX_CHANGED", "merged-cells", "Cells merged across columns are split: the text stays in the first cell, the others are empty.", place);
      }
      rows.push({ header: toggle(trPr, "w:tblHeader") === true, cells });
    }
  } finally {
    ctx.tableDepth--;
  }
  return { kind: "table", place, rows };
}

/** Rows, also those wrapped in content controls or custom XML. */
function rowsOf(tbl: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of elementsOf(tbl)) {
    if (c.name === "w:tr") out.push(c);
    else if (c.name === "w:sdt") out.push(...rowsOf(child(c, "w:sdtContent") ?? c));
    else if (c.name === "w:customXml" || c.name === "w:ins") out.push(...rowsOf(c));
  }
  return out;
}

function cellsOf(tr: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of elementsOf(tr)) {
    if (c.name === "w:tc") out.push(c);
    else if (c.name === "w:sdt") out.push(...cellsOf(child(c, "w:sdtContent") ?? c));
    else if (c.name === "w:customXml") out.push(...cellsOf(c));
  }
  return out;
}

/** Footnotes and endnotes by the ids the body references ("f2", "e1"); separators left out. */
export function readNotes(ctx: ReadContext, part: XmlElement | undefined, prefix: "f" | "e"): Map<string, Block[]> {
  const out = new Map<string, Block[]>();
  for (const n of [...childrenNamed(part, "w:footnote"), ...childrenNamed(part, "w:endnote")]) {
    const type = attr(n, "w:type");
    if (type === "separator" || type === "continuationSeparator" || type === "continuationNotice") continue;
    out.set(`${prefix}${attr(n, "w:id") ?? ""}`, readBlocks(ctx, elementsOf(n)));
  }
  return out;
}

/** Comments by id, as "Author: text" (they become drafting notes of the snippet they are in). */
export function readComments(ctx: ReadContext, part: XmlElement | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of childrenNamed(part, "w:comment")) {
    const saved = ctx.notes.length;
    const place = ctx.place;
    const blocks = readBlocks(ctx, elementsOf(c));
    ctx.notes.length = saved;
    ctx.place = place;
    const text = blocks
      .map((b) => (b.kind === "paragraph" ? b.inlines.map(inlineText).join("") : ""))
      .join("\n")
      .trim();
    if (text === "") continue;
    const author = attr(c, "w:author");
    out.set(attr(c, "w:id") ?? "", author ? `${author}: ${text}` : text);
  }
  return out;
}

export { excerpt };
