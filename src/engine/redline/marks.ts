// Where a story's paragraph marks change. A deleted (or inserted) paragraph is its content and its mark;
// a reader that accepts (or rejects) it joins what is left of it to a neighbour and keeps one of the two
// paragraphs' properties. Word keeps the later paragraph's; LibreOffice the later one's too, except when
// that paragraph is empty or the last of its story, or across a table. So the changes are placed where
// the choice cannot matter:
//
// - A run of deleted (inserted) paragraphs right after a paragraph both documents have (K) is written as
//   Word writes a paragraph removed (added) at the end of another: K's mark is the one deleted
//   (inserted), and the run's last mark stays, with K's new properties and the run's (K's) old ones in a
//   property change. Whichever paragraph's properties are kept, both read the same.
// - A passage rewritten (deleted paragraphs, then inserted ones) has its last deleted and first inserted
//   paragraph written as one changed paragraph, so the runs on either side of it are plain runs.
// - A story's last mark is in both documents. When its last paragraphs differ, a deleted and an inserted
//   one after the story's last table become one changed paragraph (a paragraph both documents have),
//   and the rest are runs before or after it.
// - A run followed by an empty paragraph both documents have, with nothing kept before it, borrows that
//   paragraph: its old side and the run's first paragraph are one changed paragraph, its new side joins
//   the run after it.
// A picture must not be the last change before a mark that stays (LibreOffice then takes the mark with
// the picture): runs whose kept mark would follow one keep their own marks, and no paragraph with a
// picture is paired with another.

import type { Mark } from "./paragraph";
import type { Block } from "./blocks";
import type { Step } from "./align";
import type { XmlElement } from "./xml";

type Any = Step<Block> & object;

const kindOf = (s: Any): Block["kind"] => (s.op === "insert" ? s.b.kind : s.a.kind);
const isP = (s: Any | undefined): boolean => s !== undefined && kindOf(s) === "p";
const kept = (s: Any | undefined): s is Any & { op: "equal" | "change" } =>
  s !== undefined && (s.op === "equal" || s.op === "change") && s.a.kind === "p";
const isRunP = (s: Any | undefined): boolean =>
  s !== undefined && isP(s) && (s.op === "delete" || s.op === "insert");
/** A table or a block content control (the table of contents): no reader joins a mark across either. */
const isTable = (s: Any): boolean => kindOf(s) === "tbl" || kindOf(s) === "sdt";

export function hasDrawing(p: XmlElement): boolean {
  for (const c of p.children) {
    if (typeof c === "string") continue;
    if (c.name === "w:drawing" || c.name === "w:pict" || hasDrawing(c)) return true;
  }
  return false;
}

/**
 * Two paragraphs can be one changed paragraph: no picture in either (see the note at the top), and the
 * same list level (LibreOffice does not take a list level back from a property change; a paragraph that
 * moves to another level is deleted and inserted).
 */
export function pairable(a: XmlElement, b: XmlElement): boolean {
  return !hasDrawing(a) && !hasDrawing(b) && listLevel(a) === listLevel(b);
}

function listLevel(p: XmlElement): string {
  const pPr = p.children.find((c): c is XmlElement => typeof c !== "string" && c.name === "w:pPr");
  const numPr = pPr?.children.find((c): c is XmlElement => typeof c !== "string" && c.name === "w:numPr");
  const ilvl = numPr?.children.find((c): c is XmlElement => typeof c !== "string" && c.name === "w:ilvl");
  return ilvl?.attrs.find(([n]) => n === "w:val")?.[1] ?? "0";
}

const isEmpty = (p: XmlElement): boolean =>
  p.children.every((c) => typeof c !== "string" && c.name === "w:pPr");

/** Rearranges `steps` (in place) and says which paragraphs' marks change how. */
export function arrangeMarks<T extends Any>(steps: T[]): Map<T, Mark> {
  settleEnd(steps);
  borrowEmpty(steps);
  pairMixedRuns(steps);
  spareNoteMarks(steps);
  const marks = new Map<T, Mark>();
  for (let k = 0; k < steps.length; k++) {
    if (!kept(steps[k]) || !isRunP(steps[k + 1])) continue;
    const at = steps[k] as T & { op: "equal" | "change" };
    let e = k + 1;
    while (isRunP(steps[e + 1])) e++;
    const run = steps.slice(k + 1, e + 1);
    const lastDel = run.filter((s) => s.op === "delete").at(-1) as (T & { op: "delete" }) | undefined;
    const lastIns = run.filter((s) => s.op === "insert").at(-1) as (T & { op: "insert" }) | undefined;
    if (lastDel && !hasDrawing(lastDel.a.el)) {
      marks.set(at, { accepted: at.b.el, rejected: at.a.el, mark: "del" });
      marks.set(lastDel, { accepted: at.b.el, rejected: lastDel.a.el });
    } else if (!lastDel && lastIns && !hasDrawing(lastIns.b.el)) {
      marks.set(at, { accepted: at.b.el, rejected: at.a.el, mark: "ins" });
      marks.set(lastIns, { accepted: lastIns.b.el, rejected: at.a.el });
    }
    k = e;
  }
  leadRuns(steps, marks);
  return marks;
}

/** The story's last paragraph is one both documents have, after every table (or control) of the tail. */
function settleEnd<T extends Any>(steps: T[]): void {
  let last = -1;
  for (let k = steps.length - 1; k >= 0 && last < 0; k--) if (kept(steps[k])) last = k;
  const tail = steps.slice(last + 1);
  if (!tail.some((s) => isRunP(s))) return;
  const dels = tail.filter((s) => s.op === "delete" && isP(s));
  const inss = tail.filter((s) => s.op === "insert" && isP(s));
  const lastTable = Math.max(-1, ...tail.map((s, k) => (isTable(s) ? k : -1)));
  if (dels.length > 0 && inss.length > 0) {
    // The last deleted paragraph and an inserted one after the last table: one changed paragraph, at the
    // later of the two places — if each document keeps its order (the one moved passes only what the
    // other document has).
    const d = dels.at(-1) as T & { op: "delete" };
    const i = (inss.find((s) => tail.indexOf(s) > lastTable) ?? inss.at(-1)) as T & { op: "insert" };
    const di = steps.indexOf(d);
    const ii = steps.indexOf(i);
    const between = steps.slice(Math.min(di, ii) + 1, Math.max(di, ii));
    if (!between.every((s) => s.op === (di < ii ? "insert" : "delete")) || !pairable(d.a.el, i.b.el)) return;
    steps[Math.max(di, ii)] = { op: "change", a: d.a, b: i.b } as T;
    steps.splice(Math.min(di, ii), 1);
    return;
  }
  // Only deleted (or only inserted) paragraphs: after K, the run rule handles them — unless a deleted or
  // inserted table stands between (a reader cannot join K to a paragraph across a table). Then K itself
  // is replaced, its old side paired with a paragraph after the tables.
  const changedTable = tail.some((s) => isTable(s) && s.op !== "equal");
  const equalTable = tail.some((s) => isTable(s) && s.op === "equal");
  if (!changedTable || equalTable || last < 0) return;
  const K = steps[last]!;
  if (!kept(K)) return;
  steps.splice(last, 1, { op: "delete", a: K.a } as T, { op: "insert", b: K.b } as T);
  settleEnd(steps);
}

/**
 * A run of deleted paragraphs followed by inserted ones (a passage rewritten) has its last deleted and
 * first inserted paragraph written as one changed paragraph: the deletions before it and the insertions
 * after it are then runs next to a paragraph both documents have.
 */
function pairMixedRuns<T extends Any>(steps: T[]): void {
  for (let k = 1; k < steps.length; k++) {
    const d = steps[k - 1]!;
    const i = steps[k]!;
    if (d.op !== "delete" || i.op !== "insert" || !isP(d) || !isP(i)) continue;
    if (!pairable(d.a.el, i.b.el)) continue;
    steps.splice(k - 1, 2, { op: "change", a: d.a, b: i.b } as T);
  }
}

/** Runs before an empty paragraph both documents have borrow it (see the note at the top). */
function borrowEmpty<T extends Any>(steps: T[]): void {
  for (let k = 0; k < steps.length; k++) {
    const next = steps[k]!;
    if (next.op !== "equal" || next.a.kind !== "p" || !isEmpty(next.a.el) || !isEmpty(next.b.el)) continue;
    let s = k;
    while (isRunP(steps[s - 1])) s--;
    if (s === k) continue;
    const run = steps.slice(s, k);
    const firstIns = run.find((x) => x.op === "insert") as (T & { op: "insert" }) | undefined;
    if (firstIns && !kept(steps[s - 1])) {
      if (hasDrawing(firstIns.b.el)) continue;
      steps[steps.indexOf(firstIns)] = { op: "change", a: next.a, b: firstIns.b } as T;
      steps[k] = { op: "insert", b: next.b } as T;
    } else if (!kept(steps[s - 1])) {
      const firstDel = run[0] as T & { op: "delete" };
      if (hasDrawing(firstDel.a.el)) continue;
      steps[s] = { op: "change", a: firstDel.a, b: next.b } as T;
      steps[k] = { op: "delete", a: next.a } as T;
    }
  }
}

const hasNote = (p: XmlElement): boolean =>
  p.children.some(
    (c) =>
      typeof c !== "string" &&
      (c.name === "w:footnoteReference" || c.name === "w:endnoteReference" || hasNote(c)),
  );

/**
 * The run rule takes K's mark away on Reject All (inserted runs) or Accept All (deleted runs); LibreOffice
 * then leaves an empty paragraph when what K keeps holds a footnote reference. Such a K is written as
 * part of the run instead (its old side deleted, or its new side inserted) and its other side is paired
 * with the run's last paragraph, whose mark stays: the footnote's paragraph is never the one joined.
 */
function spareNoteMarks<T extends Any>(steps: T[]): void {
  for (let k = steps.length - 2; k >= 0; k--) {
    const K = steps[k];
    if (!kept(K) || !isRunP(steps[k + 1])) continue;
    let e = k + 1;
    while (isRunP(steps[e + 1])) e++;
    const run = steps.slice(k + 1, e + 1);
    const last = run.at(-1)!;
    if (run.every((s) => s.op === "insert") && hasNote(K.a.el)) {
      const In = last as T & { op: "insert" };
      if (!pairable(K.a.el, In.b.el)) continue;
      steps[e] = { op: "change", a: K.a, b: In.b } as T;
      steps[k] = { op: "insert", b: K.b } as T;
    } else if (run.every((s) => s.op === "delete") && hasNote(K.b.el)) {
      const Dn = last as T & { op: "delete" };
      if (!pairable(Dn.a.el, K.b.el)) continue;
      steps[e] = { op: "change", a: Dn.a, b: K.b } as T;
      steps[k] = { op: "delete", a: K.a } as T;
    }
  }
}

/**
 * A run with nothing kept before it (the story's start, a table) joins the paragraph K after it when its
 * marks go. Word keeps K's properties; LibreOffice the run's first paragraph's when K is then empty or
 * the story's last. That first paragraph's properties, once its mark goes, are K's: its inserted
 * paragraph has K's old ones in a property change, its deleted one K's new ones with its own as the
 * change.
 */
function leadRuns<T extends Any>(steps: T[], marks: Map<T, Mark>): void {
  for (let s = 0; s < steps.length; s++) {
    if (!isRunP(steps[s]) || kept(steps[s - 1]) || isRunP(steps[s - 1])) continue;
    let e = s;
    while (isRunP(steps[e + 1])) e++;
    const K = steps[e + 1];
    const run = steps.slice(s, e + 1);
    s = e;
    if (!kept(K)) continue;
    const first = run[0]!;
    if (run.every((x) => x.op === "insert") && first.op === "insert" && !hasDrawing(first.b.el))
      marks.set(first, { accepted: first.b.el, rejected: K.a.el, mark: "ins" });
    else if (run.every((x) => x.op === "delete") && first.op === "delete" && !hasDrawing(first.a.el))
      marks.set(first, { accepted: K.b.el, rejected: first.a.el, mark: "del" });
  }
}
