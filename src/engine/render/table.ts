import type { Table } from "docx";
import type { Table as MdTable } from "mdast";
import type { SectionState } from "./context";
import { ESTIMATE_BYTES, MAX_TABLE_COLUMNS } from "../limits";
import { report } from "./context";
import { renderInline } from "./inline";
import { FILL_IN_ROW_HEIGHT, isFillInRow, SIGNATURE_TABLE_MAX_ROWS } from "./fill-in";

// GFM table → <w:tbl>. The first row is the header: <w:tblHeader/> repeats it on every page.
// Every row has <w:cantSplit/>: a row is never broken across two pages (a cell's text stays together).
// Column alignment from the delimiter row becomes each cell paragraph's <w:jc>.
// A fill-in row (fill-in.ts: "| Signature | | |") gets <w:trHeight w:val="850" w:hRule="atLeast"/> and
// <w:vAlign w:val="bottom"/> cells, room to sign above the row's bottom border; a short table with one
// (at most SIGNATURE_TABLE_MAX_ROWS rows) is a signature block, kept on one page: <w:keepNext/> on the
// paragraphs of every row but the last.

// docx's AlignmentType.LEFT, CENTER and RIGHT (<w:jc w:val>): the values themselves, so no docx here.
const ALIGN = { left: "left", center: "center", right: "right" } as const;
/** <w:spacing w:before="40" w:after="40"/>: one object for every cell paragraph (docx only reads it). */
const CELL_SPACING = { before: 40, after: 40 } as const;

export function renderTable(node: MdTable, s: SectionState): Table {
  // The header row says how many columns the table has (GFM): a shorter body row gets empty cells, and
  // the cells of a longer one past the header's are left out, as GitHub shows them.
  const width = Math.max(1, node.children[0]?.children.length ?? 1);
  if (width > MAX_TABLE_COLUMNS) {
    report(
      s,
      node,
      "LIMIT_TABLE_COLUMNS",
      `This table has ${width} columns; Word shows at most ${MAX_TABLE_COLUMNS}. Split it into narrower tables, or turn columns into rows.`,
    );
  }
  // Past the limit the build fails; the table is still drawn (cut to the limit) so checking goes on.
  const columns = Math.min(width, MAX_TABLE_COLUMNS);
  const columnWidth = Math.floor(s.doc.options.contentWidthTwips / columns);
  // A fragment goes into a page that is not ours: the table takes the whole text width of wherever it
  // lands (<w:tblW w:w="5000" w:type="pct"/>, fiftieths of a percent) and each column its share
  // (<w:tcW w:type="pct"/>); the twips grid (<w:tblGrid>) is only the starting point Word fits to it.
  const relative = s.doc.options.fragment === true;
  const cellWidth = relative
    ? { size: 100 / columns, type: s.doc.docx.WidthType.PERCENTAGE }
    : { size: columnWidth, type: s.doc.docx.WidthType.DXA };
  const align = node.align ?? [];
  const fillIn = node.children.map((row, r) => r > 0 && isFillInRow(row.children.slice(0, columns)));
  const keepTogether = fillIn.includes(true) && node.children.length <= SIGNATURE_TABLE_MAX_ROWS;
  const last = node.children.length - 1;
  const rows = node.children.map((row, r) => {
    const cells = Array.from({ length: columns }, (_, c) => {
      const cell = row.children[c];
      s.doc.estimatedBytes += ESTIMATE_BYTES.cell;
      const a = align[c];
      const runs = cell ? renderInline(cell.children, s, r === 0 ? { bold: true } : {}) : [];
      // Cell paragraphs drop the body's after-spacing so rows stay compact. Object literals of a fixed
      // shape for the usual cells (see makeParagraph: docx reads its options faster that way).
      const paragraph = new s.doc.docx.Paragraph(
        a ? { alignment: ALIGN[a], spacing: CELL_SPACING, children: runs } : { spacing: CELL_SPACING, children: runs },
      );
      return fillIn[r]
        ? new s.doc.docx.TableCell({ width: cellWidth, verticalAlign: s.doc.docx.VerticalAlignTable.BOTTOM, children: [paragraph] })
        : new s.doc.docx.TableCell({ width: cellWidth, children: [paragraph] });
    });
    const keepNext = keepTogether && r < last;
    if (!fillIn[r] && !keepNext) {
      return r === 0
        ? new s.doc.docx.TableRow({ children: cells, cantSplit: true, tableHeader: true })
        : new s.doc.docx.TableRow({ children: cells, cantSplit: true });
    }
    return new s.doc.docx.TableRow({
      children: cells,
      cantSplit: true,
      ...(r === 0 ? { tableHeader: true } : {}),
      ...(fillIn[r] ? { height: { value: FILL_IN_ROW_HEIGHT, rule: s.doc.docx.HeightRule.ATLEAST } } : {}),
      ...(keepNext ? { keepNext: true } : {}),
    });
  });
  return new s.doc.docx.Table({
    rows,
    columnWidths: Array.from({ length: columns }, () => columnWidth),
    width: relative ? { size: 100, type: s.doc.docx.WidthType.PERCENTAGE } : { size: columnWidth * columns, type: s.doc.docx.WidthType.DXA },
  });
}
