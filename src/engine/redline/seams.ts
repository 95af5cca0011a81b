// Where two paragraphs of a story meet. LibreOffice reads tracked changes as ranges and joins two
// changes of one kind, author and date that touch; a paragraph that ends with an insertion (or
// deletion) next to one that starts with an insertion (deletion) becomes one range that takes the mark
// between them with it, so Reject All (Accept All) joins the two paragraphs although neither mark is
// tracked. Word keeps every mark that is not itself marked. So where a kept mark has changes of one kind
// on both sides, a deletion and an insertion at the same place are written the other way round (Word
// and LibreOffice read them alike either way): the later paragraph's first change, else the earlier
// one's last.

import { MARKERS } from "./tokens";
import { kid, type XmlElement, type XmlNode } from "./xml";

type Kind = "w:ins" | "w:del";

/** Anchors that take no room between two changes: the tokenizer's range marks, and permission ranges. */
const ANCHORS: ReadonlySet<string> = new Set([...MARKERS, "w:permStart", "w:permEnd"]);

/** The paragraph's content, its properties and anchors left out: what meets a neighbour. */
const inline = (p: XmlElement): XmlElement[] =>
  p.children.filter(
    (c): c is XmlElement => typeof c !== "string" && c.name !== "w:pPr" && !ANCHORS.has(c.name),
  );

const kindOf = (e: XmlElement | undefined): Kind | undefined =>
  e?.name === "w:ins" || e?.name === "w:del" ? e.name : undefined;

/** The mark is kept: neither inserted nor deleted. */
function markKept(p: XmlElement): boolean {
  const rPr = kid(kid(p, "w:pPr") ?? p, "w:rPr");
  return !rPr || (!kid(rPr, "w:ins") && !kid(rPr, "w:del"));
}

/** Swaps two sibling elements of `p` (a deletion and an insertion at one place). */
function swap(p: XmlElement, x: XmlElement, y: XmlElement): void {
  const i = p.children.indexOf(x);
  const j = p.children.indexOf(y);
  const children: XmlNode[] = [...p.children];
  children[i] = y;
  children[j] = x;
  p.children = children;
}

/** Rewrites (in place) the paragraphs of one story's block list so no kept mark is taken by a join. */
export function separateSeams(blocks: readonly XmlElement[]): void {
  for (let k = 0; k + 1 < blocks.length; k++) {
    const p = blocks[k]!;
    const q = blocks[k + 1]!;
    if (p.name !== "w:p" || q.name !== "w:p" || !markKept(p)) continue;
    const end = inline(p);
    const start = inline(q);
    const kind = kindOf(end.at(-1));
    if (!kind || kindOf(start[0]) !== kind) continue;
    // The later paragraph's first change the other way round: earlier seams stay as they are.
    const [first, second] = start;
    if (second && kindOf(second) !== undefined && kindOf(second) !== kind) {
      swap(q, first!, second);
      continue;
    }
    // Else the earlier paragraph's last change, unless that puts the same clash at its own start.
    const last = end.at(-1)!;
    const before = end.at(-2);
    if (!before || kindOf(before) === undefined || kindOf(before) === kind) continue;
    const prev = blocks[k - 1];
    const clashBefore =
      end.length === 2 && prev?.name === "w:p" && markKept(prev) && kindOf(inline(prev).at(-1)) === kind;
    if (!clashBefore) swap(p, before, last);
  }
}
