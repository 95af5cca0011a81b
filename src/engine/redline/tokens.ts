// A paragraph's content as a list of tokens for the word-level diff: each word, space and sign of its
// text, each tab, break, footnote reference and picture, each field's code (from its begin to its
// separate character: a tracked change never starts or ends inside a field's code) and end character.
// A token knows the run it came from (its formatting goes with it) and the link it sits in, and both are part of its key, so
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
/** Range marks that take no room in the text: they stay with the word after them. */
export const MARKERS: ReadonlySet<string> = new Set([
  "w:bookmarkStart",
  "w:bookmarkEnd",
  "w:commentRangeStart",
  "w:commentRangeEnd",
  "w:proofErr",
]);

/** The tokens of a paragraph (everything but its w:pPr). */
export function tokenize(p: XmlElement, side: Side, part: string): Tokens {
  const out: Tokens = { tokens: [], trailing: [], other: [] };
  let pending: XmlElement[] = [];
  // A field's code (its begin character, instructions and separate character) is one token: a change
  // never starts or ends inside it. Its result is text like any other; its end character is a token.
  type Code = { depth: number; pieces: XmlElement[]; rPr: XmlElement | null; link: XmlElement | null };
  let code: Code | null = null;

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
    out.tokens.push({
      ...t,
      linkKey: lk,
      rPrKey: rk,
      before: pending,
      key: `${lk}\u0001${rk}\u0001${payload}`,
    });
    pending = [];
  };

  const visitRun = (run: XmlElement, link: XmlElement | null) => {
    const rPr = kid(run, "w:rPr") ?? null;
    for (const child of run.children) {
      if (typeof child === "string" || child.name === "w:rPr") continue;
      const piece: XmlElement = { name: "w:r", attrs: run.attrs, children: rPr ? [rPr, child] : [child] };
      const type =
        child.name === "w:fldChar" ? child.attrs.find(([n]) => n === "w:fldCharType")?.[1] : undefined;
      if (code) {
        code.pieces.push(piece);
        if (type === "begin") code.depth++;
        else if ((type === "separate" && code.depth === 1) || (type === "end" && --code.depth === 0)) {
          push(
            { kind: "atom", text: "", pieces: code.pieces, rPr: code.rPr, link: code.link },
            `f:${code.pieces.map((x) => keyOf(x, false)).join("")}`,
          );
          code = null;
        }
        continue;
      }
      if (type === "begin") {
        code = { depth: 1, pieces: [piece], rPr, link };
        continue;
      }
      if (child.name === "w:t") {
        const text = child.children.filter((c): c is string => typeof c === "string").join("");
        for (const word of text.match(WORD) ?? [])
          push({ kind: "text", text: word, pieces: [], rPr, link }, `t:${word}`);
        continue;
      }
      // A footnote reference matches any footnote reference: the notes' own texts are compared apart.
      const payload = child.name === "w:footnoteReference" ? "a:fn" : `a:${keyOf(child, false)}`;
      push({ kind: "atom", text: "", pieces: [piece], rPr, link }, payload);
    }
  };

  const visit = (node: XmlElement, link: XmlElement | null) => {
    if (node.name === "w:r") visitRun(node, link);
    else if (node.name === "w:hyperlink") {
      for (const c of node.children) if (typeof c !== "string") visit(c, node);
    } else if (MARKERS.has(node.name)) {
      if (code) code.pieces.push(node);
      else pending.push(node);
    } else if (node.name !== "w:pPr") out.other.push(node);
  };
  for (const c of p.children) if (typeof c !== "string") visit(c, null);
  // A field code left open at the paragraph's end is one token to there.
  const open = code as Code | null;
  if (open)
    push(
      { kind: "atom", text: "", pieces: open.pieces, rPr: open.rPr, link: open.link },
      `f:${open.pieces.map((x) => keyOf(x, false)).join("")}`,
    );
  out.trailing = pending;
  return out;
}
