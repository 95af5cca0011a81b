// A paragraph's content as a list of tokens for the word-level diff: each word, space and sign of its
// text, each tab, break, footnote reference and picture, each whole field (from its begin to its end
// character: a tracked change never starts or ends inside a field's code). A token knows the run it
// came from (its formatting goes with it) and the link it sits in, and both are part of its key, so
// "30 days" bold and "30 days" plain differ, and formatting stays with every word. Bookmarks and comment
// anchors are not tokens: the new document's are put back before the token that followed them.

import type { Side } from "./side";
import { kid, type XmlElement } from "./xml";

export type Token = {
  kind: "text" | "atom";
  /** The word (text tokens). */
  text: string;
  /** Single-child runs (atoms): the run's properties and one of its children each; a field is several. */
  pieces: XmlElement[];
  /** The run properties every piece and word has (null: none). */
  rPr: XmlElement | null;
  /** The w:hyperlink around it, if any, and what it links to. */
  link: XmlElement | null;
  linkKey: string;
  /** Its run properties as a key. */
  rPrKey: string;
  /** New side only: bookmarks and comment anchors that stood right before it. */
  before: XmlElement[];
  key: string;
};

export type Tokens = { tokens: Token[]; trailing: XmlElement[]; other: XmlElement[] };

const WORD = /[\p{L}\p{N}\p{M}]+|\s+|[^\s\p{L}\p{N}\p{M}]/gu;
const MARKERS = new Set(["w:bookmarkStart", "w:bookmarkEnd", "w:commentRangeStart", "w:commentRangeEnd", "w:proofErr"]);

/** The tokens of a paragraph (everything but its w:pPr). */
export function tokenize(p: XmlElement, side: Side, part: string): Tokens {
  const out: Tokens = { tokens: [], trailing: [], other: [] };
  let pending: XmlElement[] = [];
  type Field = { depth: number; pieces: XmlElement[]; rPr: XmlElement | null; link: XmlElement | null };
  let field: Field | null = null;

  const keys = new Map<XmlElement, string>();
  const keyOf = (e: XmlElement, shallow: boolean) => {
    let k = keys.get(e);
    if (k === undefined) keys.set(e, (k = side.keyOf(shallow ? { ...e, children: [] } : e, part)));
    return k;
  };
  const linkKey = (link: XmlElement | null) => (link ? keyOf(link, true) : "");
  const push = (t: Omit<Token, "before" | "key" | "linkKey" | "rPrKey">, payload: string) => {
    const lk = linkKey(t.link);
    const rk = t.rPr ? keyOf(t.rPr, false) : "";
    out.tokens.push({ ...t, linkKey: lk, rPrKey: rk, before: pending, key: `${lk}\u0001${rk}\u0001${payload}` });
    pending = [];
  };

  const visitRun = (run: XmlElement, link: XmlElement | null) => {
    const rPr = kid(run, "w:rPr") ?? null;
    for (const child of run.children) {
      if (typeof child === "string" || child.name === "w:rPr") continue;
      const piece: XmlElement = { name: "w:r", attrs: run.attrs, children: rPr ? [rPr, child] : [child] };
      if (field) {
        field.pieces.push(piece);
        if (child.name === "w:fldChar") {
          const type = child.attrs.find(([n]) => n === "w:fldCharType")?.[1];
          if (type === "begin") field.depth++;
          else if (type === "end" && --field.depth === 0) {
            push({ kind: "atom", text: "", pieces: field.pieces, rPr: field.rPr, link: field.link }, `f:${field.pieces.map((x) => side.keyOf(x, part)).join("")}`);
            field = null;
          }
        }
        continue;
      }
      if (child.name === "w:fldChar" && child.attrs.some(([n, v]) => n === "w:fldCharType" && v === "begin")) {
        field = { depth: 1, pieces: [piece], rPr, link };
        continue;
      }
      if (child.name === "w:t") {
        const text = child.children.filter((c): c is string => typeof c === "string").join("");
        for (const word of text.match(WORD) ?? []) push({ kind: "text", text: word, pieces: [], rPr, link }, `t:${word}`);
        continue;
      }
      // A footnote reference matches any footnote reference: the notes' own texts are compared apart.
      const payload = child.name === "w:footnoteReference" ? "a:fn" : `a:${side.keyOf(child, part)}`;
      push({ kind: "atom", text: "", pieces: [piece], rPr, link }, payload);
    }
  };

  const visit = (node: XmlElement, link: XmlElement | null) => {
    if (node.name === "w:r") visitRun(node, link);
    else if (node.name === "w:hyperlink") {
      for (const c of node.children) if (typeof c !== "string") visit(c, node);
    } else if (MARKERS.has(node.name)) {
      if (field) field.pieces.push(node);
      else pending.push(node);
    } else if (node.name !== "w:pPr") out.other.push(node);
  };
  for (const c of p.children) if (typeof c !== "string") visit(c, null);
  // A field left open (its end in another paragraph) is one token to the paragraph's end.
  const open = field as Field | null;
  if (open) push({ kind: "atom", text: "", pieces: open.pieces, rPr: open.rPr, link: open.link }, `f:${open.pieces.map((x) => side.keyOf(x, part)).join("")}`);
  out.trailing = pending;
  return out;
}
