// Tables: a w:tblGrid whose columns match the widest row; a paragraph between two tables.

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

/** Elements whose children are block content (paragraphs and tables), in any story part. */
const BLOCK_CONTAINERS = ["body", "tc", "hdr", "ftr", "footnote", "endnote", "comment", "txbxContent"];

/**
 * A container's block-level elements in reading order, looking through block-level content controls
 * and custom XML (Word and LibreOffice join tables across them too): the tables, and what separates
 * them (a paragraph, or an altChunk, which becomes paragraphs). Bookmarks, permissions and other range
 * marks between two tables separate nothing.
 */
function blockSequence(parent: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of kids(parent)) {
    if (isW(c, "tbl") || isW(c, "p") || isW(c, "altChunk")) out.push(c);
    else if (isW(c, "sdt")) for (const content of wKids(c, "sdtContent")) blockSequence(content, out);
    else if (isW(c, "customXml")) blockSequence(c, out);
  }
  return out;
}

/** Every row of the table tracked as `mark` (w:trPr/w:ins or w:trPr/w:del). */
function allRowsTracked(tbl: XmlElement, mark: "ins" | "del"): boolean {
  const rows = wKids(tbl, "tr");
  return rows.length > 0 && rows.every((tr) => wKids(tr, "trPr").some((p) => wKids(p, mark).length > 0));
}

/**
 * A table deleted whole next to one inserted whole (a redline's "table of another shape"): Word joins them
 * as one table of deleted then inserted rows, and Accept All or Reject All leaves exactly one of them, so
 * the join is the tracked change itself, not two tables run together.
 */
const trackedReplacement = (a: XmlElement, b: XmlElement): boolean =>
  (allRowsTracked(a, "del") && allRowsTracked(b, "ins")) ||
  (allRowsTracked(a, "ins") && allRowsTracked(b, "del"));

export const tablesApart: WordRule = {
  code: "WORD_TABLES_ADJACENT",
  reason:
    "two tables need a paragraph between them: Word and LibreOffice join w:tbl elements with nothing but range marks or content-control boundaries between them into one table",
  source:
    "jgm/pandoc#4315, jgm/pandoc#7844, python-openxml/python-docx#1072, dolanmiu/docx#494; LibreOffice read-back in tests/fidelity/adjacent-tables.test.ts",
  check(ctx, report) {
    for (const part of ctx.stories) {
      let table = 0;
      const number = new Map(ctx.w(part, "tbl").map((t) => [t, ++table]));
      for (const local of BLOCK_CONTAINERS) {
        for (const container of ctx.w(part, local)) {
          const blocks = blockSequence(container);
          for (let i = 1; i < blocks.length; i++) {
            if (
              isW(blocks[i]!, "tbl") &&
              isW(blocks[i - 1]!, "tbl") &&
              !trackedReplacement(blocks[i - 1]!, blocks[i]!)
            )
              report(
                part,
                `tables ${number.get(blocks[i - 1]!)} and ${number.get(blocks[i]!)} (in w:${local}) have no paragraph between them`,
              );
          }
        }
      }
    }
  },
};
