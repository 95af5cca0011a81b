// A story's plan (blocks.ts) written as the redline. Paragraphs the documents share are written exactly
// as the new document has them; rows are inserted and deleted as rows (w:trPr/w:ins, w:trPr/w:del);
// a control of the same kind keeps the new control around its contents' redline. Where paragraph marks
// change: marks.ts; where two paragraphs' changes meet: seams.ts.

import { content, numIdOf, type Block, type Plan, type PlanStep, type RowStep } from "./blocks";
import type { Merge } from "./merge";
import { arrangeMarks } from "./marks";
import { writeParagraph, type Mark, type Story } from "./paragraph";
import { separateSeams } from "./seams";
import { clone, el, kid, kids, type XmlElement, type XmlNode } from "./xml";

/** Writes a story's plan, its paragraph marks arranged as marks.ts says. */
export function writeBlocks(m: Merge, story: Story, plan: Plan): XmlElement[] {
  const steps = [...plan];
  const marks = arrangeMarks(steps);
  const out: XmlElement[] = [];
  for (const step of steps) out.push(...writeStep(m, story, step, marks.get(step), step === steps.at(-1)));
  separateSeams(out);
  return out;
}

function writeStep(
  m: Merge,
  story: Story,
  step: PlanStep,
  mark: Mark | undefined,
  endsStory: boolean,
): XmlElement[] {
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
        endsStory,
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

/**
 * A control deleted or inserted whole: its paragraphs deleted (inserted) with their marks — but for the
 * story's last mark when the control ends the story (it cannot go: WORD_LAST_MARK_REVISION).
 */
function wholeControl(
  m: Merge,
  story: Story,
  sdt: XmlElement,
  op: "del" | "ins",
  endsStory: boolean,
): XmlElement {
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
    if (endsStory) {
      out.children.push(el("w:sdtContent", [], wholeStory(m, story, blocks, op)));
      continue;
    }
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
