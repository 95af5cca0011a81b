// One side of a redline (the old document or the new one) and the keys that say when a piece of one is
// the same as a piece of the other. Two builds number their lists, footnotes, relationships, drawings and
// bookmarks each their own way, so a key names what an id stands for instead of the id: a list by its
// definition, a footnote by its text, a link by its address, a picture by its bytes. Bookmarks and
// comment anchors are left out (they are not text; the redline keeps the new document's).

import { attr, isElement, kids, type XmlElement, type XmlNode } from "./xml";
import { DocxPackage, fingerprint, MAIN_PART, resolveTarget } from "./package";

/** Gives equal long strings one short name, shared by both sides so their keys compare. */
export class Interner {
  private readonly names = new Map<string, string>();
  name(text: string): string {
    let found = this.names.get(text);
    if (found === undefined) this.names.set(text, (found = `#${this.names.size}`));
    return found;
  }
}

type NumInfo = { abstractId: string; num: XmlElement };

/** Elements left out of keys: where a bookmark or comment is anchored is not the document's text. */
const UNKEYED = new Set([
  "w:bookmarkStart",
  "w:bookmarkEnd",
  "w:commentRangeStart",
  "w:commentRangeEnd",
  "w:commentReference",
  "w:proofErr",
  "w:lastRenderedPageBreak",
]);

export class Side {
  readonly numbering = new Map<string, NumInfo>();
  readonly abstracts = new Map<string, XmlElement>();
  readonly footnotesPart: string | undefined;
  readonly footnotes = new Map<string, XmlElement>();
  private readonly numKeys = new Map<string, string>();
  private readonly footnoteKeys = new Map<string, string>();

  constructor(
    readonly pkg: DocxPackage,
    readonly intern: Interner,
  ) {
    const numberingPart = pkg.partOf("/numbering");
    const numbering = numberingPart ? pkg.xml(numberingPart) : undefined;
    if (numbering) {
      for (const a of kids(numbering, "w:abstractNum"))
        this.abstracts.set(attr(a, "w:abstractNumId") ?? "", a);
      for (const n of kids(numbering, "w:num")) {
        const abstractId = attr(kids(n, "w:abstractNumId")[0] ?? n, "w:val") ?? "";
        this.numbering.set(attr(n, "w:numId") ?? "", { abstractId, num: n });
      }
    }
    this.footnotesPart = pkg.partOf("/footnotes");
    const footnotes = this.footnotesPart ? pkg.xml(this.footnotesPart) : undefined;
    for (const f of footnotes ? kids(footnotes, "w:footnote") : [])
      this.footnotes.set(attr(f, "w:id") ?? "", f);
  }

  /** A list instance by what it looks like: its definition and its overrides (not its number). */
  numKey(numId: string): string {
    let key = this.numKeys.get(numId);
    if (key !== undefined) return key;
    const info = this.numbering.get(numId);
    if (!info) key = `num?${numId}`;
    else {
      const abstract = this.abstracts.get(info.abstractId);
      const overrides = kids(info.num, "w:lvlOverride");
      key = this.intern.name(
        `${abstract ? this.keyOf(abstract, MAIN_PART, ["w:abstractNumId"]) : "?"}|${overrides.map((o) => this.keyOf(o, MAIN_PART)).join("")}`,
      );
    }
    this.numKeys.set(numId, key);
    return key;
  }

  /** A footnote by its content. */
  footnoteKey(id: string): string {
    let key = this.footnoteKeys.get(id);
    if (key !== undefined) return key;
    const note = this.footnotes.get(id);
    key =
      note && this.footnotesPart
        ? this.intern.name(note.children.map((c) => this.keyOf(c, this.footnotesPart!)).join(""))
        : `fn?${id}`;
    this.footnoteKeys.set(id, key);
    return key;
  }

  /** What a relationship of `part` points at: an address, or a part's bytes. */
  targetKey(part: string, rId: string): string {
    const rel = this.pkg.rels(part).get(rId);
    if (!rel) return `rel?${rId}`;
    if (rel.external) return `ext:${rel.target}`;
    const bytes = this.pkg.files[resolveTarget(part, rel.target)];
    return bytes ? `part:${fingerprint(bytes)}` : `int:${rel.target}`;
  }

  /** The element's canonical text: its XML with every id replaced by what the id stands for. */
  keyOf(node: XmlNode, part: string, skipAttrs: readonly string[] = []): string {
    const out: string[] = [];
    this.write(node, part, out, skipAttrs);
    return out.join("");
  }

  private write(node: XmlNode, part: string, out: string[], skip: readonly string[]): void {
    if (typeof node === "string") {
      out.push(node.replace(/&/g, "&amp;").replace(/</g, "&lt;"));
      return;
    }
    if (UNKEYED.has(node.name)) return;
    out.push("<", node.name);
    for (const [name, value] of node.attrs) {
      if (skip.includes(name)) continue;
      out.push(" ", name, "=", this.attrKey(node, name, value, part));
    }
    out.push(">");
    if (node.name === "w:instrText") {
      // Field codes name bookmarks, which each build names its own way (PAGEREF _Toc3_1x2y).
      out.push(
        node.children
          .map((c) => (typeof c === "string" ? c : ""))
          .join("")
          .replace(/_Toc\w+/g, "_Toc"),
      );
    } else {
      for (const c of node.children) this.write(c, part, out, []);
    }
    out.push("</", node.name, ">");
  }

  private attrKey(node: XmlElement, name: string, value: string, part: string): string {
    switch (name) {
      case "r:id":
      case "r:embed":
      case "r:link":
        return this.targetKey(part, value);
      case "w:id":
        if (node.name === "w:footnoteReference") return this.footnoteKey(value);
        // Content control and drawing ids are the build's own numbers.
        return "";
      case "id":
        return node.name === "wp:docPr" ? "" : value;
      case "w:anchor":
        return value.replace(/^_Toc\w+/, "_Toc");
      case "w:val":
        if (node.name === "w:numId") return this.numKey(value);
        return node.name === "w:id" ? "" : value; // <w:sdtPr><w:id w:val>: the build's own number
      default:
        return value;
    }
  }
}

/** The words of an element's text (for similarity): runs of letters and digits, and other single signs. */
export function wordsOf(node: XmlNode): string[] {
  const text = plainText(node);
  return text.match(WORD) ?? [];
}

const WORD = /[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu;

/** The text a reader sees: w:t, w:delText, tabs and breaks as spaces; field codes left out. */
export function plainText(node: XmlNode): string {
  if (typeof node === "string") return "";
  if (node.name === "w:t" || node.name === "w:delText")
    return node.children.filter((c) => typeof c === "string").join("");
  if (node.name === "w:tab" || node.name === "w:br" || node.name === "w:cr") return " ";
  if (node.name === "w:instrText" || node.name === "w:delInstrText") return "";
  let out = "";
  for (const c of node.children) if (isElement(c)) out += plainText(c);
  if (node.name === "w:p") out += "\n";
  return out;
}
