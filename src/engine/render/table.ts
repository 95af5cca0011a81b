import { AlignmentType, Paragraph, Table, TableCell, TableRow, WidthType } from "docx";
import type { Table as MdTable } from "mdast";
import type { SectionState } from "./context";
import { renderInline } from "./inline";

// GFM table → <w:tbl>. The first row is the header: <w:tblHeader/> repeats it on every page.
// Column alignment from the delimiter row becomes each cell paragraph's <w:jc>.

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
} as const;

export function renderTable(node: MdTable, s: SectionState): Table {
  const columns = Math.max(1, ...node.children.map((row) => row.children.length));
  const columnWidth = Math.floor(s.doc.options.contentWidthTwips / columns);
  const align = node.align ?? [];
  const rows = node.children.map((row, r) => {
    const cells = Array.from({ length: columns }, (_, c) => {
      const cell = row.children[c];
      const a = align[c];
      const runs = cell ? renderInline(cell.children, s, r === 0 ? { bold: true } : {}) : [];
      return new TableCell({
        width: { size: columnWidth, type: WidthType.DXA },
        // Cell paragraphs drop the body's after-spacing so rows stay compact.
        children: [
          new Paragraph({
            alignment: a ? ALIGN[a] : undefined,
            spacing: { before: 40, after: 40 },
            children: runs,
          }),
        ],
      });
    });
    return new TableRow({ tableHeader: r === 0 || undefined, children: cells });
  });
  return new Table({
    rows,
    columnWidths: Array.from({ length: columns }, () => columnWidth),
    width: { size: columnWidth * columns, type: WidthType.DXA },
  });
}
