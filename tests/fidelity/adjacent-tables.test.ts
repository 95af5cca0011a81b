// Two tables with nothing between them, read back by LibreOffice: the reason for the Word rule
// WORD_TABLES_ADJACENT (tests/support/word-rules/tables.ts) and the check of the renderer's answer
// (src/engine/render/tables-apart.ts). The engine's own document, with the empty paragraph it writes
// between two tables taken out again, is read as ONE table of both tables' rows — and so is the same
// shape with each table in a content control of its own, as a fragment's sections are. As built, it is
// read as separate tables, in a standalone document and in a fragment.

import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { mustReplace, rewriteParts } from "../support/docx-zip";
import { convertDocx } from "../support/libreoffice";
import { checkDocxAll } from "../support/ooxml-check";

const TODAY = new Date("2026-11-22T12:00:00Z");
const TABLE_A = "| Item | Fee |\n|---|---|\n| Audit | 100 |";
const TABLE_B = "| Milestone | Date | Owner |\n|---|---|---|\n| Start | 1 May | Ann |\n| End | 1 June | Bo |";
const TABLE_C = "| Term | Meaning |\n|---|---|\n| Fee | The amount in the schedule |";
const library = {
  format: "sectionsmith/library@1",
  name: "Tables",
  snippets: [
    { id: "fees", title: "Fees", status: "approved", body: `${TABLE_A}\n\n${TABLE_B}` },
    { id: "terms", title: "Terms", status: "approved", body: `${TABLE_C}\n\nThe end.` },
  ],
};
const assembly = { format: "sectionsmith/assembly@1", sections: [{ snippet: "fees" }, { snippet: "terms" }] };

/** Tables as LibreOffice read them: how many rows each has. */
const tableRows = (fodt: string): number[] =>
  fodt
    .split(/<table:table [^>]*>/)
    .slice(1)
    .map((t) => t.slice(0, t.indexOf("</table:table>")).match(/<table:table-row[ >]/g)?.length ?? 0);

/** The engine's file with the paragraphs it writes between tables taken out: the shape Word and LibreOffice join. */
const joined = (bytes: Uint8Array) =>
  rewriteParts(bytes, {
    "word/document.xml": (xml) =>
      mustReplace(xml, /<\/w:tbl>((?:<\/w:sdtContent><\/w:sdt>)?)<w:p\/>/g, "</w:tbl>$1"),
  });

const read: Record<"document" | "fragment" | "documentJoined" | "fragmentJoined", number[]> = {
  document: [],
  fragment: [],
  documentJoined: [],
  fragmentJoined: [],
};
let rules: string[][] = [];

beforeAll(async () => {
  const build = async (shape: "document" | "fragment") =>
    new Uint8Array((await exportDocument([library], assembly, { as: "buffer", today: TODAY, shape })).output);
  const document = await build("document");
  const fragment = await build("fragment");
  const files = [document, fragment, await joined(document), await joined(fragment)];
  rules = (await checkDocxAll(files)).map((r) => [...new Set(r.wordRules.map((f) => f.code))]);
  const fodts = await convertDocx(files, "fodt");
  const [a, b, c, d] = fodts.map((f) => tableRows(new TextDecoder().decode(f)));
  Object.assign(read, { document: a, fragment: b, documentJoined: c, fragmentJoined: d });
}, 240_000);

describe("two tables in a row, as LibreOffice reads them", () => {
  it("reads the engine's document and fragment as three tables of 2, 3 and 2 rows", () => {
    expect(read.document).toEqual([2, 3, 2]);
    expect(read.fragment).toEqual([2, 3, 2]);
    expect(rules.slice(0, 2)).toEqual([[], []]);
  });

  it("joins them into one table once the paragraphs between them are gone, also across content controls", () => {
    expect(read.documentJoined).toEqual([7]);
    expect(read.fragmentJoined).toEqual([7]);
    // …which the Word rules check catches.
    expect(rules.slice(2)).toEqual([["WORD_TABLES_ADJACENT"], ["WORD_TABLES_ADJACENT"]]);
  });
});
