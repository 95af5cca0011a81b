import type { PhrasingContent, TableCell } from "mdast";

// Places a reader writes in by hand: signature and date lines. Two shapes are recognised, so that
// Markdown written for a printed page gets room to sign without any new syntax:
// - a paragraph with a line of five or more underscores ("Signed: ________") — it gets space above it;
// - a table row (after the header) whose cells after the first are all empty or only underscores
//   ("| Signature | | |") — it gets a minimum height, its text at the bottom of the cell.
// Both are measured in twips (1/20 pt). See docs/decisions.md (tables and signature blocks).

/** Space above a fill-in line: half an inch, about two and a half blank lines of 11 pt text. */
export const FILL_IN_SPACE_BEFORE = 720;
/** Minimum height of a fill-in table row: 15 mm, room for a handwritten signature. */
export const FILL_IN_ROW_HEIGHT = 850;
/**
 * A table with a fill-in row and at most this many rows (header included) is a signature block and is
 * kept on one page. A longer table with an empty row is data: holding it together would push it whole
 * onto a new page, or fail to.
 */
export const SIGNATURE_TABLE_MAX_ROWS = 10;

const LINE = /_{5,}/;

/** The plain text of inline content (text, inline code and the text inside emphasis and links). */
export function plainText(nodes: readonly PhrasingContent[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text" || node.type === "inlineCode") out += node.value;
    else if ("children" in node) out += plainText(node.children as PhrasingContent[]);
  }
  return out;
}

/** Whether any text or inline code in `nodes` holds an underscore (as plainText would read them). */
function hasUnderscore(nodes: readonly PhrasingContent[]): boolean {
  for (const node of nodes) {
    if (node.type === "text" || node.type === "inlineCode") {
      if (node.value.includes("_")) return true;
    } else if ("children" in node && hasUnderscore(node.children as PhrasingContent[])) return true;
  }
  return false;
}

/**
 * A paragraph holding a line to write on. Asked of every paragraph: the usual one has no underscore at
 * all, and is answered without joining its text into a string of its own (issue 15).
 */
export const isFillInLine = (nodes: readonly PhrasingContent[]): boolean =>
  hasUnderscore(nodes) && LINE.test(plainText(nodes));

/** A cell left for writing in: nothing but spaces and underscores. */
export const isBlankCell = (cell: TableCell | undefined): boolean =>
  !cell ||
  (/^[\s_]*$/.test(plainText(cell.children)) &&
    !cell.children.some((c) => c.type === "image" || c.type === "imageReference"));

/** A body row with cells to write in: every cell after the first is blank (and there is one). */
export const isFillInRow = (cells: readonly (TableCell | undefined)[]): boolean =>
  cells.length >= 2 && cells.slice(1).every(isBlankCell);
