// The blocks of a story (the body, a table cell, a footnote, the table of contents): paragraphs, tables
// and content controls, aligned between the two documents and written as the redline. Paragraphs the
// documents share are written exactly as the new document has them. A table of the same shape is
// compared row by row and cell by cell; rows are inserted and deleted as rows (w:trPr/w:ins,
// w:trPr/w:del), and a table of another shape is deleted and inserted whole. The table of contents keeps
// its control and has its entries compared inside it. Where paragraph marks change: marks.ts.

import { align, wordSimilarity, type Step } from "./align";
import type { Merge } from "./merge";
import { arrangeMarks, pairable } from "./marks";
import { writeParagraph, type Mark, type Story } from "./paragraph";
import { separateSeams } from "./seams";
import { wordsOf } from "./side";
import { clone, el, kid, kids, type XmlElement, type XmlNode } from "./xml";

type Kind = "p" | "tbl" | "sdt" | "other";
export type Block = { el: XmlElement; kind: Kind; key: string; words: string[] };
type Row = { el: XmlElement; key: string; shape: string; words: string[] };
export type Plan = PlanStep[];
type PlanStep = Step<Block> & { rows?: RowStep[]; inner?: Plan };
type RowStep = Step<Row> & { cells?: Plan[] };
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
const content = (e: XmlElement): XmlElement[] =>
  kids(e).filter((c) => c.name !== "w:tcPr" && c.name !== "w:sdtPr" && c.name !== "w:sdtEndPr");

function numIdOf(p: XmlElement): string | undefined {
  const numId = kid(kid(kid(p, "w:pPr") ?? p, "w:numPr") ?? p, "w:numId");
  return numId?.attrs.find(([n]) => n === "w:val")?.[1];
}

/** Writes a story's plan, its paragraph marks arranged as marks.ts says. */
export function writeBlocks(m: Merge, story: Story, plan: Plan): XmlElement[] {
  const steps = [...plan];
  const marks = arrangeMarks(steps);
  const out: XmlElement[] = [];
  for (const step of steps) out.push(...writeStep(m, story, step, marks.get(step)));
  separateSeams(out);
  return out;
}

function writeStep(m: Merge, story: Story, step: PlanStep, mark: Mark | undefined): XmlElement[] {
  const kind = step.op === "insert" ? step.b.kind : step.a.kind;
  if (kind === "p") {
    switch (step.op) {
      case "equal":
        if (!mark && !needsListChange(m, step.a.el, step.b.el)) return [step.b.el];
        return [
          writeParagraph(
            m,
            story,
            { op: "equal", b: step.b.el },
            mark ?? { accepted: step.b.el, rejected: step.a.el },
          ),
        ];
      case "change":
        return [
          writeParagraph(
            m,
            story,
            { op: "change", a: step.a.el, b: step.b.el },
            mark ?? { accepted: step.b.el, rejected: step.a.el },
          ),
        ];
      case "delete":
        return [
          writeParagraph(
            m,
            story,
            { op: "delete", a: step.a.el },
            mark ?? { accepted: null, rejected: step.a.el, mark: "del" },
          ),
        ];
      case "insert":
        return [
          writeParagraph(
            m,
            story,
            { op: "insert", b: step.b.el },
            mark ?? { accepted: step.b.el, rejected: null, mark: "ins" },
          ),
        ];
    }
  }
  if (step.op === "equal") return [step.b.el];
  if (kind === "tbl") {
    if (step.op === "change") return [writeTable(m, story, step.b.el, step.rows ?? [])];
    if (step.op === "delete") return [wholeTable(m, story, step.a.el, "del")];
    return [wholeTable(m, story, step.b.el, "ins")];
  }
  if (kind === "sdt") {
    if (step.op === "change") {
      // The new control, its content the two contents' redline.
      const sdt = el(
        "w:sdt",
        step.b.el.attrs.map(([n, v]) => [n, v]),
      );
      for (const c of kids(step.b.el)) {
        sdt.children.push(
          c.name === "w:sdtContent" ? el("w:sdtContent", [], writeBlocks(m, story, step.inner ?? [])) : c,
        );
      }
      return [sdt];
    }
    return [
      wholeControl(
        m,
        story,
        step.op === "delete" ? step.a.el : step.b.el,
        step.op === "delete" ? "del" : "ins",
      ),
    ];
  }
  // Anything else at block level is written as the new document has it.
  return step.op === "delete" ? [] : [(step as { b: Block }).b.el];
}

/** An equal paragraph in a list the old document counted apart needs its old list kept. */
function needsListChange(m: Merge, a: XmlElement, b: XmlElement): boolean {
  const numA = numIdOf(a);
  const numB = numIdOf(b);
  return numA !== undefined && numB !== undefined && m.outNum(numA) !== numB;
}

/** Every paragraph of a story written as deleted (or inserted), its last mark kept (it cannot go). */
function wholeStory(m: Merge, story: Story, blocks: readonly XmlElement[], op: "del" | "ins"): XmlNode[] {
  const paragraphs = blocks.filter((b) => b.name === "w:p");
  const lastP = paragraphs.at(-1);
  return blocks.map((b) => {
    if (b.name === "w:tbl") return wholeTable(m, story, b, op);
    if (b.name !== "w:p") return op === "ins" ? b : clone(b);
    const content = op === "del" ? ({ op: "delete", a: b } as const) : ({ op: "insert", b } as const);
    const mark: Mark = op === "del" ? { accepted: null, rejected: b } : { accepted: b, rejected: null };
    if (b !== lastP) mark.mark = op;
    return writeParagraph(m, story, content, mark);
  });
}

function wholeTable(m: Merge, story: Story, tbl: XmlElement, op: "del" | "ins"): XmlElement {
  const out = el(
    "w:tbl",
    tbl.attrs.map(([n, v]) => [n, v]),
  );
  for (const c of kids(tbl)) {
    if (c.name === "w:tr") out.children.push(wholeRow(m, story, c, op));
    else {
      const copy = clone(c);
      if (op === "del") m.adoptOld(copy, story.oldPart, story.newPart);
      out.children.push(copy);
    }
  }
  return out;
}

function wholeRow(m: Merge, story: Story, tr: XmlElement, op: "del" | "ins"): XmlElement {
  const out = el(
    "w:tr",
    tr.attrs.map(([n, v]) => [n, v]),
  );
  const trPr = kid(tr, "w:trPr") ? clone(kid(tr, "w:trPr")!) : el("w:trPr");
  if (op === "del") m.adoptOld(trPr, story.oldPart, story.newPart);
  // CT_TrPr: the row's properties, then its revision.
  trPr.children.push(m.revisions.mark(op === "ins" ? "w:ins" : "w:del"));
  out.children.push(trPr);
  for (const tc of kids(tr, "w:tc")) {
    const cell = el(
      "w:tc",
      tc.attrs.map(([n, v]) => [n, v]),
    );
    const tcPr = kid(tc, "w:tcPr");
    if (tcPr) {
      const copy = clone(tcPr);
      if (op === "del") m.adoptOld(copy, story.oldPart, story.newPart);
      cell.children.push(copy);
    }
    cell.children.push(...wholeStory(m, story, content(tc), op));
    out.children.push(cell);
  }
  return out;
}

function writeTable(m: Merge, story: Story, tbl: XmlElement, rows: RowStep[]): XmlElement {
  const out = el(
    "w:tbl",
    tbl.attrs.map(([n, v]) => [n, v]),
  );
  for (const c of kids(tbl)) if (c.name !== "w:tr") out.children.push(c);
  for (const step of rows) {
    if (step.op === "equal") out.children.push(step.b.el);
    else if (step.op === "delete") out.children.push(wholeRow(m, story, step.a.el, "del"));
    else if (step.op === "insert") out.children.push(wholeRow(m, story, step.b.el, "ins"));
    else {
      const tr = el(
        "w:tr",
        step.b.el.attrs.map(([n, v]) => [n, v]),
      );
      const trPr = kid(step.b.el, "w:trPr");
      if (trPr) tr.children.push(trPr);
      kids(step.b.el, "w:tc").forEach((tc, k) => {
        const cell = el(
          "w:tc",
          tc.attrs.map(([n, v]) => [n, v]),
        );
        const tcPr = kid(tc, "w:tcPr");
        if (tcPr) cell.children.push(tcPr);
        cell.children.push(...writeBlocks(m, story, step.cells![k]!));
        tr.children.push(cell);
      });
      out.children.push(tr);
    }
  }
  return out;
}

function wholeControl(m: Merge, story: Story, sdt: XmlElement, op: "del" | "ins"): XmlElement {
  const out = el(
    "w:sdt",
    sdt.attrs.map(([n, v]) => [n, v]),
  );
  for (const c of kids(sdt)) {
    if (c.name !== "w:sdtContent") {
      const copy = clone(c);
      if (op === "del") m.adoptOld(copy, story.oldPart, story.newPart);
      out.children.push(copy);
      continue;
    }
    const blocks = content(c);
    const written: XmlNode[] = blocks.map((b) => {
      if (b.name === "w:tbl") return wholeTable(m, story, b, op);
      if (b.name !== "w:p") return op === "ins" ? b : clone(b);
      return op === "del"
        ? writeParagraph(m, story, { op: "delete", a: b }, { accepted: null, rejected: b, mark: "del" })
        : writeParagraph(m, story, { op: "insert", b }, { accepted: b, rejected: null, mark: "ins" });
    });
    out.children.push(el("w:sdtContent", [], written));
  }
  return out;
}
