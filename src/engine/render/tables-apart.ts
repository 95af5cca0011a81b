import { Paragraph, Table } from "docx";

// Two tables with nothing between them are one table to Word and to LibreOffice: Word shows two
// adjacent <w:tbl> as one table of both tables' rows (jgm/pandoc#4315, python-openxml/python-docx#1072,
// dolanmiu/docx#494), and a file Word made separates its tables with empty paragraphs (the original in
// jgm/pandoc#4315); LibreOffice joins them too, also across content controls and bookmarks
// (tests/fidelity/adjacent-tables.test.ts). Markdown separates two tables with a blank line, a
// definition, an HTML comment or a section boundary, none of which writes a paragraph, so an empty
// paragraph of the default style goes between them, as pandoc writes it (jgm/pandoc#7844). The Word
// rules check holds every document to it (WORD_TABLES_ADJACENT).

/** Whether this block is a table (what a separating paragraph must follow or precede). */
export const isTable = (block: unknown): boolean => block instanceof Table;

/** The blocks with an empty paragraph between each two tables that follow each other. */
export function tablesApart<T>(blocks: readonly T[]): Array<T | Paragraph> {
  const out: Array<T | Paragraph> = [];
  let previousTable = false;
  for (const block of blocks) {
    const table = isTable(block);
    if (table && previousTable) out.push(new Paragraph({}));
    out.push(block);
    previousTable = table;
  }
  return out;
}
