import { readPackage, type OpcPackage } from "../ooxml/package";
import { attr, type XmlElement } from "../ooxml/xml-lite";
import {
  comparableLink,
  MAX_LEVEL,
  normaliseInline,
  type Alignment,
  type Block,
  type Inline,
  type Mark,
  type Paragraph,
  type Table,
} from "./structure";

// A built .docx read back as the structure a reader sees (structure.ts), from its XML as Word reads it:
// - a paragraph's kind from its style (Heading1–9, HTMLPreformatted; Quote marks it quoted), its list
//   item from <w:numPr> (numbered or bullet by the level's <w:numFmt> in numbering.xml, its number
//   counted as Word counts: per list instance from the level's start or <w:startOverride>, a level
//   starting again after a paragraph at a higher level), a rule from a bottom border on an empty
//   paragraph, a list item's other blocks from their left indent (0.5 in per level, as the engine's
//   lists are laid out);
// - a run's formats from <w:rPr> (b, i, strike, the HTMLCode character style, u, vertAlign, highlight),
//   <w:t>, <w:tab/> and <w:br/>; a hyperlink's target from its relationship; a picture's alt text from
//   <wp:docPr descr>; a footnote reference as the note's content (footnotes.xml, less its own number).

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing";

/** Twips of left indent per list level (the engine's listIndent: 720 × (level + 1)). */
const LEVEL_TWIPS = 720;

type Level = { format: string; start: number };
type Numbering = {
  levels(numId: string, ilvl: number): Level | undefined;
  /** The number a list paragraph shows, counted as Word counts. */
  next(numId: string, ilvl: number): number;
};

type Reader = { pkg: OpcPackage; numbering: Numbering; footnotes: Map<string, XmlElement>; part: string };

export async function structureOfDocx(bytes: Uint8Array): Promise<Block[]> {
  const pkg = await readPackage(bytes, { errors: [], notes: [] });
  if (!pkg) throw new Error("not a readable package");
  const document = pkg.xml.get("word/document.xml");
  if (!document) throw new Error("no word/document.xml");
  const footnotes = new Map<string, XmlElement>();
  const notesPart = pkg.xml.get("word/footnotes.xml");
  if (notesPart)
    for (const note of children(notesPart, "footnote")) footnotes.set(attr(note, W, "id") ?? "", note);
  const reader: Reader = {
    pkg,
    numbering: readNumbering(pkg.xml.get("word/numbering.xml")),
    footnotes,
    part: "word/document.xml",
  };
  const body = children(document, "body")[0]!;
  return blockContent(body, reader);
}

const children = (el: XmlElement, local: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => c.kind === "element" && c.ns === W && c.local === local);
const child = (el: XmlElement | undefined, local: string): XmlElement | undefined =>
  el ? children(el, local)[0] : undefined;
const val = (el: XmlElement | undefined): string | undefined => (el ? attr(el, W, "val") : undefined);
/** An on/off property (<w:b/>, <w:b w:val="false"/>). */
const on = (el: XmlElement | undefined): boolean =>
  el !== undefined && !["false", "0", "off"].includes(val(el) ?? "true");

function blockContent(container: XmlElement, reader: Reader): Block[] {
  const out: Block[] = [];
  for (const el of container.children) {
    if (el.kind !== "element" || el.ns !== W) continue;
    if (el.local === "p") out.push(paragraph(el, reader));
    else if (el.local === "tbl") out.push(table(el, reader));
    else if (el.local === "sdt") out.push(...blockContent(child(el, "sdtContent")!, reader));
  }
  return out;
}

function paragraph(p: XmlElement, reader: Reader): Paragraph {
  const pPr = child(p, "pPr");
  const style = val(child(pPr, "pStyle")) ?? "";
  const inline = runContent(p, new Set(), undefined, reader);
  const quote = style === "Quote";
  const numPr = child(pPr, "numPr");
  const heading = /^Heading([1-9])$/.exec(style);
  let para: Paragraph;
  if (numPr && !heading) {
    const numId = val(child(numPr, "numId")) ?? "";
    const ilvl = Number(val(child(numPr, "ilvl")) ?? 0);
    const level = reader.numbering.levels(numId, ilvl);
    const number = level?.format === "bullet" ? ("bullet" as const) : reader.numbering.next(numId, ilvl);
    para = { kind: "item", level: Math.min(ilvl, MAX_LEVEL), number, inline, quote };
  } else if (heading) para = { kind: "heading", level: Number(heading[1]), inline, quote: false };
  else if (style === "HTMLPreformatted") para = { kind: "code", inline: inline.map(plainCode), quote: false };
  else if (child(child(pPr, "pBdr"), "bottom") && inline.length === 0) para = { kind: "hr", inline, quote };
  else para = { kind: "p", inline, quote };
  const left = attr(child(pPr, "ind") ?? p, W, "left");
  if (left !== undefined && !numPr) para.indent = Number(left) / LEVEL_TWIPS - 1;
  return para;
}

/** A code paragraph's runs carry the paragraph style's look, not a character format of their own. */
const plainCode = (piece: Inline): Inline => (piece.kind === "text" ? { ...piece, marks: new Set() } : piece);

function runContent(
  el: XmlElement,
  marks: ReadonlySet<Mark>,
  link: string | undefined,
  reader: Reader,
): Inline[] {
  const out: Inline[] = [];
  for (const c of el.children) {
    if (c.kind !== "element" || c.ns !== W) continue;
    if (c.local === "r") out.push(...run(c, link, reader));
    else if (c.local === "hyperlink") {
      // An external target's fragment is the hyperlink's w:anchor, as Word writes it.
      const rel = reader.pkg.rels.get(reader.part)?.get(attr(c, R, "id") ?? "");
      const anchor = attr(c, W, "anchor");
      const target = (rel?.target ?? "") + (anchor !== undefined ? `#${anchor}` : "");
      out.push(...runContent(c, marks, comparableLink(target), reader));
    } else if (c.local === "ins" || c.local === "smartTag" || c.local === "sdt" || c.local === "sdtContent")
      out.push(...runContent(c, marks, link, reader));
  }
  return normaliseInline(out);
}

function run(r: XmlElement, link: string | undefined, reader: Reader): Inline[] {
  const rPr = child(r, "rPr");
  const marks = new Set<Mark>();
  if (on(child(rPr, "b"))) marks.add("b");
  if (on(child(rPr, "i"))) marks.add("i");
  if (on(child(rPr, "strike"))) marks.add("s");
  if (val(child(rPr, "rStyle")) === "HTMLCode") marks.add("code");
  const u = val(child(rPr, "u"));
  // Code inside a link carries the HTMLCode style; the link's look (blue, underlined) is set on the run.
  const linkLook = link !== undefined && marks.has("code") && val(child(rPr, "color")) === "0563C1";
  if (child(rPr, "u") && u !== "none" && !linkLook) marks.add("u");
  const vert = val(child(rPr, "vertAlign"));
  if (vert === "superscript") marks.add("sup");
  if (vert === "subscript") marks.add("sub");
  if (child(rPr, "highlight") && val(child(rPr, "highlight")) !== "none") marks.add("mark");
  const out: Inline[] = [];
  const at = (piece: Inline): Inline => (link === undefined ? piece : { ...piece, link });
  for (const c of r.children) {
    if (c.kind !== "element") continue;
    if (c.ns === W && c.local === "t") out.push(at({ kind: "text", text: textOf(c), marks }));
    else if (c.ns === W && c.local === "tab") out.push(at({ kind: "text", text: "\t", marks }));
    else if (c.ns === W && c.local === "br" && (attr(c, W, "type") ?? "textWrapping") === "textWrapping")
      out.push(at({ kind: "break" }));
    else if (c.ns === W && c.local === "footnoteReference")
      out.push({ kind: "note", blocks: note(attr(c, W, "id") ?? "", reader) }); // the number is the note's, not a link's
    else if (c.ns === W && c.local === "drawing") {
      const docPr = [...descendants(c)].find((d) => d.ns === WP && d.local === "docPr");
      out.push(at({ kind: "image", alt: docPr ? (attr(docPr, "", "descr") ?? "") : "" }));
    }
  }
  return out;
}

function note(id: string, reader: Reader): Block[] {
  const footnote = reader.footnotes.get(id);
  if (!footnote) return [];
  const blocks = blockContent(footnote, { ...reader, part: "word/footnotes.xml" });
  return blocks;
}

function table(tbl: XmlElement, reader: Reader): Table {
  const rows = children(tbl, "tr");
  const cells = (tr: XmlElement): XmlElement[] => children(tr, "tc");
  const header = rows[0] && child(child(rows[0], "trPr"), "tblHeader") ? rows[0] : undefined;
  const first = header ?? rows[0];
  const align: Alignment[] = (first ? cells(first) : []).map((tc) => {
    const jc = val(child(child(child(tc, "p"), "pPr"), "jc"));
    return jc === "left" || jc === "center" || jc === "right"
      ? jc
      : jc === "start"
        ? "left"
        : jc === "end"
          ? "right"
          : null;
  });
  const cellContent = (tc: XmlElement): Inline[] =>
    normaliseInline(children(tc, "p").flatMap((p) => runContent(p, new Set(), undefined, reader)));
  return {
    kind: "table",
    align,
    header: header ? cells(header).map(cellContent) : [],
    rows: rows.filter((r) => r !== header).map((tr) => cells(tr).map(cellContent)),
  };
}

function readNumbering(part: XmlElement | undefined): Numbering {
  const abstract = new Map<string, Map<number, Level>>();
  const nums = new Map<string, { abstractId: string; starts: Map<number, number> }>();
  if (part) {
    for (const a of children(part, "abstractNum")) {
      const levels = new Map<number, Level>();
      for (const lvl of children(a, "lvl"))
        levels.set(Number(attr(lvl, W, "ilvl")), {
          format: val(child(lvl, "numFmt")) ?? "decimal",
          start: Number(val(child(lvl, "start")) ?? 0),
        });
      abstract.set(attr(a, W, "abstractNumId") ?? "", levels);
    }
    for (const n of children(part, "num")) {
      const starts = new Map<number, number>();
      for (const o of children(n, "lvlOverride")) {
        const start = child(o, "startOverride");
        if (start) starts.set(Number(attr(o, W, "ilvl")), Number(val(start)));
      }
      nums.set(attr(n, W, "numId") ?? "", { abstractId: val(child(n, "abstractNumId")) ?? "", starts });
    }
  }
  const counters = new Map<string, (number | undefined)[]>();
  const levels = (numId: string, ilvl: number): Level | undefined => {
    const num = nums.get(numId);
    const level = num ? abstract.get(num.abstractId)?.get(ilvl) : undefined;
    return level && num ? { ...level, start: num.starts.get(ilvl) ?? level.start } : undefined;
  };
  return {
    levels,
    next(numId, ilvl) {
      const count = counters.get(numId) ?? [];
      counters.set(numId, count);
      const current = count[ilvl];
      count[ilvl] = current === undefined ? (levels(numId, ilvl)?.start ?? 1) : current + 1;
      // A level starts again after any paragraph at a higher level (no w:lvlRestart: Word's default).
      for (let deeper = ilvl + 1; deeper < count.length; deeper++) count[deeper] = undefined;
      return count[ilvl]!;
    },
  };
}

function* descendants(el: XmlElement): Generator<XmlElement> {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    yield c;
    yield* descendants(c);
  }
}

function textOf(el: XmlElement): string {
  return el.children.map((c) => (c.kind === "text" ? c.text : textOf(c))).join("");
}
