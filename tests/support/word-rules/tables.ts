// Tables: a w:tblGrid whose columns match the widest row.

import type { XmlElement } from "../ooxml/xml-lite";
import { isW, kids, wAttr, wKids } from "./context";
import type { WordRule } from "./rule";

/** Rows or cells of a table level, looking through content controls and custom XML around them. */
function through(parent: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of kids(parent)) {
    if (isW(c, local)) out.push(c);
    else if (isW(c, "sdt"))
      for (const content of wKids(c, "sdtContent")) out.push(...through(content, local));
    else if (isW(c, "customXml")) out.push(...through(c, local));
  }
  return out;
}

const intVal = (parent: XmlElement | undefined, local: string, fallback: number): number => {
  const el = parent ? wKids(parent, local)[0] : undefined;
  const v = el ? Number(wAttr(el, "val")) : NaN;
  return Number.isInteger(v) ? v : fallback;
};

/** Grid columns a row spans: gridBefore + the cells' gridSpan + gridAfter. */
export function rowWidth(tr: XmlElement): number {
  const trPr = wKids(tr, "trPr")[0];
  let width = intVal(trPr, "gridBefore", 0) + intVal(trPr, "gridAfter", 0);
  for (const tc of through(tr, "tc")) width += intVal(wKids(tc, "tcPr")[0], "gridSpan", 1);
  return width;
}

export const tableGrid: WordRule = {
  code: "WORD_TABLE_GRID",
  reason: "every table needs a w:tblGrid with as many w:gridCol as its widest row spans (sum of gridSpan)",
  source: "python-openxml/python-docx#547, sillsdev/FieldWorks#6, anthropics/skills#570",
  check(ctx, report) {
    for (const part of ctx.stories) {
      ctx.w(part, "tbl").forEach((tbl, i) => {
        const grid = wKids(tbl, "tblGrid")[0];
        if (!grid) {
          report(part, `table ${i + 1} has no w:tblGrid`);
          return;
        }
        const cols = wKids(grid, "gridCol").length;
        const widest = Math.max(0, ...through(tbl, "tr").map(rowWidth));
        if (cols !== widest)
          report(part, `table ${i + 1}: w:tblGrid has ${cols} w:gridCol, its widest row spans ${widest}`);
      });
    }
  },
};
