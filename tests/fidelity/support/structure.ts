// A document's structure as LibreOffice reads it, for the import round trip (issue 30): every non-empty
// paragraph in order with its heading level (outline level), list depth and list label, and whether it
// sits in a table cell; and each table's size. Structure comes from LibreOffice's flat OpenDocument export
// (text:h outline levels, text:list nesting, table:table); the labels — which ODF does not store — from its
// text export of the same file, paragraph by paragraph (a paragraph takes one text line per line break).

import { SaxesParser } from "saxes";
import { convertDocx, docxToTexts } from "../../support/libreoffice";

export type Para = {
  heading: number;
  /** List nesting depth (0: not in a list). */
  depth: number;
  label: string;
  text: string;
  /** "t2:r3:c1" inside a table cell, else "". */
  cell: string;
};
export type TableShape = { rows: number; columns: number };
export type Structure = { paragraphs: Para[]; tables: TableShape[] };

type Raw = { heading: number; depth: number; text: string; lines: number; cell: string };

/** Whitespace collapsed, no-break spaces as spaces: LibreOffice pads labels with tabs. */
export const norm = (s: string): string => s.replace(/[\s\u00a0]+/g, " ").trim();

function readFodt(xml: string): { raws: Raw[]; tables: TableShape[] } {
  const parser = new SaxesParser({ xmlns: false });
  const raws: Raw[] = [];
  const tables: TableShape[] = [];
  const stack: string[] = [];
  let inBody = false;
  let current: Raw | undefined;
  let skip = 0;
  const tableStack: Array<{ index: number; row: number; col: number }> = [];
  parser.on("opentag", (tag) => {
    stack.push(tag.name);
    if (tag.name === "office:text") inBody = true;
    if (!inBody) return;
    if (tag.name === "text:note-body" || tag.name === "draw:frame" || tag.name === "office:annotation") skip++;
    if (skip > 0) return;
    // Tables inside table cells are read as their cell's text: only top-level tables are counted, and
    // every paragraph of a cell, nested tables included, belongs to its top-level cell.
    if (tag.name === "table:table") {
      if (tableStack.length === 0) tables.push({ rows: 0, columns: 0 });
      tableStack.push({ index: tables.length, row: 0, col: 0 });
    } else if (tag.name === "table:table-row" && tableStack.length === 1) {
      const t = tableStack[0]!;
      t.row++;
      t.col = 0;
      tables[t.index - 1]!.rows++;
    } else if ((tag.name === "table:table-cell" || tag.name === "table:covered-table-cell") && tableStack.length === 1) {
      const t = tableStack[0]!;
      t.col++;
      const shape = tables[t.index - 1]!;
      shape.columns = Math.max(shape.columns, t.col);
    } else if ((tag.name === "text:p" || tag.name === "text:h") && current === undefined) {
      const t = tableStack[0];
      current = {
        heading: tag.name === "text:h" ? Number(tag.attributes["text:outline-level"] ?? 1) : 0,
        depth: stack.filter((n) => n === "text:list").length,
        text: "",
        lines: 1,
        cell: t ? `t${t.index}:r${t.row}:c${t.col}` : "",
      };
    } else if (current && tag.name === "text:s") current.text += " ".repeat(Number(tag.attributes["text:c"] ?? 1));
    else if (current && tag.name === "text:tab") current.text += "\t";
    else if (current && tag.name === "text:line-break") {
      current.text += "\n";
      current.lines++;
    }
  });
  parser.on("text", (t) => {
    if (current && skip === 0) current.text += t;
  });
  parser.on("closetag", (tag) => {
    stack.pop();
    if (!inBody) return;
    if (tag.name === "office:text") inBody = false;
    if (tag.name === "text:note-body" || tag.name === "draw:frame" || tag.name === "office:annotation") {
      skip--;
      return;
    }
    if (skip > 0) return;
    if (tag.name === "table:table") tableStack.pop();
    if ((tag.name === "text:p" || tag.name === "text:h") && current && !stack.includes("text:p") && !stack.includes("text:h")) {
      raws.push(current);
      current = undefined;
    }
  });
  parser.write(xml).close();
  return { raws, tables };
}

/** Reads each document's structure (two LibreOffice runs for all of them: flat ODF and text). */
export async function readStructures(docs: readonly Uint8Array[]): Promise<Structure[]> {
  const [flats, texts] = await Promise.all([convertDocx(docs, "fodt"), docxToTexts(docs)]);
  return docs.map((_, i) => {
    const { raws, tables } = readFodt(new TextDecoder().decode(flats[i]!));
    const lines = texts[i]!.split("\n");
    let at = 0;
    const paragraphs: Para[] = [];
    for (const raw of raws) {
      const shown = lines.slice(at, at + raw.lines).join("\n");
      at += raw.lines;
      const text = norm(raw.text);
      const all = norm(shown);
      const label = all.endsWith(text) ? all.slice(0, all.length - text.length).trim() : "";
      if (text === "" && label === "") continue;
      paragraphs.push({ heading: raw.heading, depth: raw.depth, label, text, cell: raw.cell });
    }
    if (Math.abs(lines.length - at) > 2)
      throw new Error(`LibreOffice's text export has ${lines.length} lines, its document model ${at}: the two readings no longer line up`);
    return { paragraphs, tables };
  });
}
