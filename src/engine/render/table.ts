import { AlignmentType, Paragraph, Table, TableCell, TableRow, WidthType } from "docx";
import type { Table as MdTable } from "mdast";
import type { SectionState } from "./context";
import { ESTIMATE_BYTES, MAX_TABLE_COLUMNS } from "../limits";
import { renderInline, report } from "./inline";

// GFM table → <w:tbl>. The first row is the header: <w:tblHeader/> repeats it on every page.
// Column alignment from the delimiter row becomes each cell paragraph's <w:jc>.

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
} as const;

export function renderTable(node: MdTable, s: SectionState): Table {
  // A loop, not Math.max(...rows): spreading a table of 100,000 rows overflows the call stack.
  let widest = 1;
  for (const row of node.children) widest = Math.max(widest, row.children.length);
  if (widest > MAX_TABLE_COLUMNS) {
    report(
      s,
      node,
      "LIMIT_TABLE_COLUMNS",
      `This table has ${widest} columns; Word shows at most ${MAX_TABLE_COLUMNS}. Split it into narrower tables, or turn columns into rows.`,
    );
  }
  // Past the limit the build fails; the table is still drawn (cut to the limit) so checking goes on.
  const columns = Math.min(widest, MAX_TABLE_COLUMNS);
  const columnWidth = Math.floor(s.doc.options.contentWidthTwips / columns);
  // A fragment goes into a page that is not ours: the table takes the whole text width of wherever it
  // lands (<w:tblW w:w="5000" w:type="pct"/>, fiftieths of a percent) and each column its share
  // (<w:tcW w:type="pct"/>); the twips grid (<w:tblGrid>) is only the starting point Word fits to it.
  const relative = s.doc.options.fragment === true;
  const cellWidth = relative
    ? { size: 100 / columns, type: WidthType.PERCENTAGE }
    : { size: columnWidth, type: WidthType.DXA };
  const align = node.align ?? [];
  const rows = node.children.map((row, r) => {
    const cells = Array.from({ length: columns }, (_, c) => {
      const cell = row.children[c];
      s.doc.estimatedBytes += ESTIMATE_BYTES.cell;
      const a = align[c];
      const runs = cell ? renderInline(cell.children, s, r === 0 ? { bold: true } : {}) : [];
      return new TableCell({
        width: cellWidth,
        // Cell paragraphs drop the body's after-spacing so rows stay compact.
        children: [
          new Paragraph({
            ...(a ? { alignment: ALIGN[a] } : {}),
            spacing: { before: 40, after: 40 },
            children: runs,
          }),
        ],
      });
    });
    return new TableRow(r === 0 ? { tableHeader: true, children: cells } : { children: cells });
  });
  return new Table({
    rows,
    columnWidths: Array.from({ length: columns }, () => columnWidth),
    width: relative ? { size: 100, type: WidthType.PERCENTAGE } : { size: columnWidth * columns, type: WidthType.DXA },
  });
}
