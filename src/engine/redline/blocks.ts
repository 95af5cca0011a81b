// The blocks of a story (the body, a table cell, a footnote, the table of contents): paragraphs, tables
// and content controls, aligned between the two documents. A table of the same shape is compared row by
// row and cell by cell; a table of another shape is deleted and inserted whole. The table of contents
// keeps its control and has its entries compared inside it. How the plan is written: write-blocks.ts.

import { align, wordSimilarity, type Step } from "./align";
import type { Merge } from "./merge";
import { pairable } from "./marks";
import type { Story } from "./paragraph";
import { wordsOf } from "./side";
import { kid, kids, type XmlElement } from "./xml";

type Kind = "p" | "tbl" | "sdt" | "other";
export type Block = { el: XmlElement; kind: Kind; key: string; words: string[] };
type Row = { el: XmlElement; key: string; shape: string; words: string[] };
export type Plan = PlanStep[];
export type PlanStep = Step<Block> & { rows?: RowStep[]; inner?: Plan };
export type RowStep = Step<Row> & { cells?: Plan[] };
export type NumPair = { old: string; new: string };

const kindOf = (e: XmlElement): Kind =>
  e.name === "w:p" ? "p" : e.name === "w:tbl" ? "tbl" : e.name === "w:sdt" ? "sdt" : "other";

function blocksOf(m: Merge, side: "old" | "new", part: string, list: readonly XmlElement[]): Block[] {
  const s = side === "old" ? m.old : m.new;
  return list.map((e) => ({ el: e, kind: kindOf(e), key: s.keyOf(e, part), words: wordsOf(e) }));
}

/** Aligns two lists of blocks (and, inside tables of one shape, their rows and cells). */
export function planBlocks(
  m: Merge,
  story: Story,
  olds: readonly XmlElement[],
  news: readonly XmlElement[],
  lists: NumPair[],
): Plan {
  const a = blocksOf(m, "old", story.oldPart, olds);
  const b = blocksOf(m, "new", story.newPart, news);
  // Which list a paragraph is in, by definition ("" for none): LibreOffice takes a list back from a
  // property change only within one kind of list, and a nested item's level not at all.
  const listOf = (side: Merge["old"], p: XmlElement) => {
    const numId = numIdOf(p);
    return numId === undefined ? "" : side.numKey(numId);
  };
  const sameList = (x: Block, y: Block) => listOf(m.old, x.el) === listOf(m.new, y.el);
  const nested = (p: XmlElement) =>
    (kid(kid(kid(p, "w:pPr") ?? p, "w:numPr") ?? p, "w:ilvl")?.attrs[0]?.[1] ?? "0") !== "0";
  const steps: Plan = align(
    a,
    b,
    { before: a.map((x) => x.key), after: b.map((x) => x.key) },
    (x, y) => {
      if (x.kind !== y.kind) return 0;
      // Paragraphs with pictures, on two list levels, or nested in two kinds of list are replaced whole.
      if (x.kind === "p") {
        if (!pairable(x.el, y.el) || ((nested(x.el) || nested(y.el)) && !sameList(x, y))) return 0;
        return wordSimilarity(x.words, y.words);
      }
      if (x.kind === "tbl")
        return tableShape(m.old, story.oldPart, x.el) === tableShape(m.new, story.newPart, y.el) ? 1 : 0;
      // The table of contents: one control of the same kind, its entries compared inside it.
      if (x.kind === "sdt")
        return controlKind(m.old, story.oldPart, x.el) === controlKind(m.new, story.newPart, y.el) ? 1 : 0;
      return 0;
    },
    0.5,
    // A passage rewritten: its paragraphs, one for one, where they are in the same kind of list (or none).
    (x, y) => x.kind === "p" && y.kind === "p" && pairable(x.el, y.el) && sameList(x, y),
  );
  for (const step of steps) {
    if (step.op !== "equal" && step.op !== "change") continue;
    if (step.a.kind === "p") {
      const numA = numIdOf(step.a.el);
      const numB = numIdOf(step.b.el);
      if (numA !== undefined && numB !== undefined) lists.push({ old: numA, new: numB });
    } else if (step.a.kind === "tbl" && step.op === "change")
      step.rows = planRows(m, story, step.a.el, step.b.el, lists);
    else if (step.a.kind === "sdt" && step.op === "change") {
      step.inner = planBlocks(
        m,
        story,
        content(kid(step.a.el, "w:sdtContent") ?? step.a.el),
        content(kid(step.b.el, "w:sdtContent") ?? step.b.el),
        lists,
      );
    }
  }
  return steps;
}

function tableShape(side: Merge["old"], part: string, tbl: XmlElement): string {
  const tblPr = kid(tbl, "w:tblPr");
  const grid = kid(tbl, "w:tblGrid");
  return `${tblPr ? side.keyOf(tblPr, part) : ""}${grid ? side.keyOf(grid, part) : ""}`;
}

function controlKind(side: Merge["old"], part: string, sdt: XmlElement): string {
  const sdtPr = kid(sdt, "w:sdtPr");
  return sdtPr ? side.keyOf(sdtPr, part) : "";
}

function planRows(
  m: Merge,
  story: Story,
  oldTable: XmlElement,
  newTable: XmlElement,
  lists: NumPair[],
): RowStep[] {
  const rows = (side: Merge["old"], part: string, t: XmlElement): Row[] =>
    kids(t, "w:tr").map((tr) => {
      const trPr = kid(tr, "w:trPr");
      return {
        el: tr,
        key: side.keyOf(tr, part),
        shape: `${kids(tr, "w:tc").length}|${trPr ? side.keyOf(trPr, part) : ""}|${kids(tr, "w:tc")
          .map((tc) => {
            const tcPr = kid(tc, "w:tcPr");
            return tcPr ? side.keyOf(tcPr, part) : "";
          })
          .join("|")}`,
        words: wordsOf(tr),
      };
    });
  const a = rows(m.old, story.oldPart, oldTable);
  const b = rows(m.new, story.newPart, newTable);
  const steps: RowStep[] = align(
    a,
    b,
    { before: a.map((r) => r.key), after: b.map((r) => r.key) },
    (x, y) => (x.shape === y.shape ? Math.max(wordSimilarity(x.words, y.words), 0.01) : 0),
    0.01,
  );
  for (const step of steps) {
    if (step.op !== "change") continue;
    const oldCells = kids(step.a.el, "w:tc");
    step.cells = kids(step.b.el, "w:tc").map((tc, k) =>
      planBlocks(m, story, content(oldCells[k]!), content(tc), lists),
    );
  }
  return steps;
}

/** The blocks of a cell, a note or a content control (its properties left out). */
export const content = (e: XmlElement): XmlElement[] =>
  kids(e).filter((c) => c.name !== "w:tcPr" && c.name !== "w:sdtPr" && c.name !== "w:sdtEndPr");

export function numIdOf(p: XmlElement): string | undefined {
  const numId = kid(kid(kid(p, "w:pPr") ?? p, "w:numPr") ?? p, "w:numId");
  return numId?.attrs.find(([n]) => n === "w:val")?.[1];
}
