// Legal clause numbers and nested lists as LibreOffice reads them, and what becomes of them when a
// fragment is inserted into a drafter's own document (tests/fidelity/support/insertion-model.ts, a
// model of Word's insert rules).

import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { HOST, hostDocx } from "./support/host-docx";
import { insertFragment, type InsertLog } from "./support/insertion-model";
import { renderAll, squash, type Rendered } from "./support/render";

const TODAY = new Date("2026-11-22T12:00:00Z");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as unknown;
const lines = (r: Rendered) =>
  squash(r.text)
    .split("\n")
    .map((l) => l.trim());

async function buildBody(
  body: string,
  options: Record<string, unknown> = {},
  shape: "document" | "fragment" = "document",
) {
  const lib = {
    format: "sectionsmith/library@1",
    snippets: [{ id: "s", title: "S", status: "approved", body }],
  };
  const asm = { format: "sectionsmith/assembly@1", options, sections: [{ snippet: "s" }] };
  return new Uint8Array((await exportDocument(lib, asm, { as: "buffer", today: TODAY, shape })).output);
}

const NESTED = [
  "1. one",
  "   1. one-a",
  "   2. one-b",
  "2. two",
  "   1. two-a",
  "",
  "   Between.",
  "",
  "   1) two-second-a",
  "   2) two-second-b",
  "3. three",
].join("\n");
const CLAUSES =
  "# Scope\n\n1. first duty\n   1. first detail\n   2. second detail\n2. second duty\n\n# Price\n\n## Fees\n\n1. fee duty";
const SHORT = "# Notices\n\n> Notices are in writing.\n\n1. first notice rule\n2. last notice rule";

let nested: Rendered;
let clauses: Rendered;
let host: Rendered;
let merged: Rendered;
let mergedShort: Rendered;
let mergedBytes: Uint8Array;
let log: InsertLog;
let shortLog: InsertLog;
let shortBytes: Uint8Array;

beforeAll(async () => {
  const hostBytes = await hostDocx();
  const contract = await exportDocument(
    await readJson("examples/contract/library.json"),
    await readJson("examples/contract/assembly.json"),
    { as: "buffer", today: TODAY, shape: "fragment" },
  );
  ({ bytes: mergedBytes, log } = await insertFragment(hostBytes, new Uint8Array(contract.output)));
  ({ bytes: shortBytes, log: shortLog } = await insertFragment(
    hostBytes,
    await buildBody(SHORT, { headingNumbering: "legal" }, "fragment"),
  ));
  [nested, clauses, host, merged, mergedShort] = (await renderAll([
    await buildBody(NESTED),
    await buildBody(CLAUSES, { headingNumbering: "legal" }),
    hostBytes,
    mergedBytes,
    shortBytes,
  ])) as [Rendered, Rendered, Rendered, Rendered, Rendered];
});

describe("as LibreOffice reads our documents", () => {
  it("passes the OOXML check", () => {
    expect(nested.check.errors).toEqual([]);
    expect(clauses.check.errors).toEqual([]);
  });

  it("a nested list continues its parent: 1. a. b. 2. a. … 3., a second list under one item starts again", () => {
    const l = lines(nested);
    const at = l.indexOf("1. one");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(l.slice(at, at + 5)).toEqual(["1. one", "a. one-a", "b. one-b", "2. two", "a. two-a"]);
    expect(l).toContain("a. two-second-a");
    expect(l).toContain("b. two-second-b");
    expect(l).toContain("3. three");
  });

  it("numbers clauses 1, 1.1 … across the document and letters the lists under them (a), (b), nested (i), (ii)", () => {
    const l = lines(clauses).filter((x) => x !== "");
    expect(l).toEqual([
      "1 Scope",
      "(a) first duty",
      "(i) first detail",
      "(ii) second detail",
      "(b) second duty",
      "2 Price",
      "2.1 Fees",
      "(a) fee duty",
    ]);
  });
});

describe("inserted into a drafter's document (insertion model)", () => {
  it("the host alone reads as the host: its heading, its list 1) 2)", () => {
    expect(host.check.errors).toEqual([]);
    const l = lines(host);
    expect(l).toContain(HOST.heading);
    expect(l).toContain(`1) ${HOST.listItems[0]}`);
    expect(l).toContain(`2) ${HOST.listItems[1]}`);
  });

  it("the merged document passes the OOXML check", () => {
    expect(merged.check.errors).toEqual([]);
    expect(mergedShort.check.errors).toEqual([]);
  });

  it("keeps the clause labels 1, 1.1, 1.2, 2, 2.1 … and the (a), (b) sub-lists", () => {
    const l = lines(merged);
    const labels = l
      .filter((x) => /^\d+(\.\d+)* \S/.test(x) && !/^\d+\) /.test(x))
      .map((x) => x.split(" ")[0]);
    expect(labels.slice(0, 5)).toEqual(["1", "1.1", "1.2", "2", "2.1"]);
    expect(l).toContain("8.1 Termination rights");
    expect(l).toContain("10 Signatures");
    expect(l).toContain(
      "(a) “Business Day” means a day other than a Saturday, Sunday or bank or public holiday in England and Wales.",
    );
    // The host's own list is untouched: the imported lists are new lists (office-js#3455).
    expect(l).toContain(`1) ${HOST.listItems[0]}`);
    expect(l).toContain(`2) ${HOST.listItems[1]}`);
    expect(l.filter((x) => x.startsWith("3) "))).toEqual([]);
  });

  it("takes the host's look: its red Georgia Heading 1, its page setup; new styles are added", async () => {
    const zip = await JSZip.loadAsync(mergedBytes);
    const styles = await zip.file("word/styles.xml")!.async("string");
    const heading1 = [...styles.matchAll(/<w:style\b[^>]*>[\s\S]*?<\/w:style>/g)]
      .map((m) => m[0])
      .filter((s) => /<w:name w:val="heading 1"\/>/i.test(s));
    expect(heading1).toHaveLength(1);
    expect(heading1[0]).toContain('w:styleId="Heading1"');
    expect(heading1[0]).toContain(`w:ascii="${HOST.headingFont}"`);
    expect(heading1[0]).toContain(`<w:color w:val="${HOST.headingColor}"/>`);
    expect(log.stylesKept).toEqual(expect.arrayContaining(["Heading1", "Normal", "ListParagraph"]));
    // A style the host does not have comes with the content (office-js#4417: repeated inserts pile them up).
    expect(shortLog.stylesAdded).toEqual(["Quote"]);
    const shortStyles = await (await JSZip.loadAsync(shortBytes)).file("word/styles.xml")!.async("string");
    expect(shortStyles).toContain('w:styleId="Quote"');
    const doc = await zip.file("word/document.xml")!.async("string");
    expect(doc).toContain(`<w:pgSz w:w="${HOST.page.width}" w:h="${HOST.page.height}"`);
    expect(doc.match(/<w:sectPr\b/g)).toHaveLength(1);
    // The clause numbers ride on the heading paragraphs, with the imported list's new id.
    const parties = doc.split("</w:p>").find((p) => p.includes(">Parties<") && p.includes("<w:numPr>"))!;
    const numId = /<w:numId w:val="(\d+)"\/>/.exec(parties)![1]!;
    expect(Object.values(log.numIds)).toContain(numId);
    expect(parties).toContain('<w:pStyle w:val="Heading1"/>');
    // Notes and comments come along with new ids (the OOXML check above finds any dangling one).
    const comments = await zip.file("word/comments.xml")!.async("string");
    expect(comments.match(/<w:comment\b/g)).toHaveLength(6);
    expect(await zip.file("word/footnotes.xml")!.async("string")).toContain("Unfair Contract Terms Act 1977");
  });

  it("keeps the last paragraph's own numbering: Word drops the final mark of the plain paragraph after it (office-js#3222)", async () => {
    expect(shortLog.finalParagraphMerged).toBe(true);
    const l = lines(mergedShort);
    expect(l).toContain("1 Notices");
    expect(l).toContain("Notices are in writing.");
    expect(l).toContain("(a) first notice rule");
    expect(l).toContain("(b) last notice rule");
  });
});
