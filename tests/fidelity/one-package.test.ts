// Done-when of issue 12 ("One Insert, one package"), on the Word insertion model
// (tests/fidelity/support/insertion-model.ts — a MODEL of Word's documented insert rules, not Word):
// the contract's outline, with "numbering": "continue" on "Termination rights", built as the ONE
// package the pane inserts, merged into a drafter's Letter document (1.25 in margins, red Georgia
// headings), reads 4, 5, 6 where the download reads 4, 5, 6 (LibreOffice's text export); every table
// fits the host's text width; the last paragraph keeps its list number; the host's heading look stays.

import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { HOST, hostDocx } from "./support/host-docx";
import { insertFragment, type InsertLog } from "./support/insertion-model";
import { renderAll, squash, type Rendered } from "./support/render";
import { expectWithMessage } from "../support/expect-message";

const TODAY = new Date("2026-11-22T12:00:00Z");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
const lines = (r: Rendered) =>
  squash(r.text)
    .split("\n")
    .map((l) => l.trim());
/** The host's text width: Letter less two 1.25 in margins, twips. */
const HOST_TEXT_WIDTH = HOST.page.width - 2 * HOST.margin;

let download: Rendered;
let merged: Rendered;
let mergedTail: Rendered;
let mergedBytes: Uint8Array;
let log: InsertLog;
let packageXml: string;

beforeAll(async () => {
  const library = await readJson("examples/contract/library.json");
  const contract = await readJson("examples/contract/assembly.json");
  // Plain list numbers (no legal clause numbering), so "continue" reads 4, 5, 6 rather than (d), (e), (f).
  const options = { ...(contract.options as object), headingNumbering: "none" };
  const outline = { ...contract, options };
  const sections = contract.sections as Array<{ snippet: string }>;
  const upToTermination = {
    ...outline,
    sections: sections.slice(0, sections.findIndex((s) => s.snippet === "msa-termination") + 1),
  };
  const build = async (asm: unknown, shape: "document" | "fragment") =>
    new Uint8Array((await exportDocument(library, asm, { as: "buffer", today: TODAY, shape })).output);

  const fragment = await build(outline, "fragment");
  packageXml = await (await JSZip.loadAsync(fragment)).file("word/document.xml")!.async("string");
  const host = await hostDocx();
  ({ bytes: mergedBytes, log } = await insertFragment(host, fragment));
  const { bytes: tailBytes } = await insertFragment(host, await build(upToTermination, "fragment"));
  [download, merged, mergedTail] = (await renderAll([
    await build(outline, "document"),
    mergedBytes,
    tailBytes,
  ])) as [Rendered, Rendered, Rendered];
});

const TERMINATION = [
  /^4\. Either party may terminate this Agreement with immediate effect by written notice if the other party commits a material breach/,
  /^5\. Either party may terminate this Agreement with immediate effect by written notice if the other party becomes insolvent/,
  /^6\. On termination for any reason/,
];

describe("the contract inserted as one package (insertion model)", () => {
  it("is one package: a content control per section, tagged and titled", () => {
    const tags = [...packageXml.matchAll(/<w:tag w:val="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(tags).toHaveLength(12);
    expect(tags).toContain("sectionsmith:msa-termination@1");
    expect(packageXml).toContain('<w:alias w:val="Termination rights"/>');
  });

  it("both pass the OOXML check", () => {
    expect(download.check.errors).toEqual([]);
    expect(merged.check.errors).toEqual([]);
    expect(mergedTail.check.errors).toEqual([]);
  });

  it("reads 4, 5, 6 in “Termination rights” where the download reads 4, 5, 6", () => {
    for (const rendered of [download, merged, mergedTail]) {
      const l = lines(rendered);
      const at = l.findIndex((x) => TERMINATION[0]!.test(x));
      expectWithMessage(at, "4. in the termination rights").toBeGreaterThan(0);
      const next = l.slice(at).filter((x) => x !== "");
      for (const [i, re] of TERMINATION.entries()) expect(next[i]).toMatch(re);
      // …after 1, 2, 3 of "Term and termination"
      expect(l.some((x) => /^3\. Either party may propose changes to the Service Levels/.test(x))).toBe(true);
    }
  });

  it("every table fits the host's text width", async () => {
    const doc = await (await JSZip.loadAsync(mergedBytes)).file("word/document.xml")!.async("string");
    const tables = doc.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
    expect(tables.length).toBeGreaterThanOrEqual(2); // fees and signatures
    for (const table of tables) {
      const width = /<w:tblW ([^>]*)\/>/.exec(table)![1]!;
      const type = /w:type="(\w+)"/.exec(width)![1];
      const w = Number(/w:w="(\d+)"/.exec(width)![1]);
      if (type === "pct") expect(w).toBeLessThanOrEqual(5000);
      else expect(w).toBeLessThanOrEqual(HOST_TEXT_WIDTH);
      const grid = [...table.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
      expect(grid).toBeLessThanOrEqual(HOST_TEXT_WIDTH);
    }
  });

  it("the last paragraph keeps its list number", () => {
    const l = lines(mergedTail).filter((x) => x !== "");
    const last = l.findIndex((x) => x.startsWith("6. On termination for any reason"));
    expect(last).toBeGreaterThan(0);
    expectWithMessage(last, "the package's last paragraph is the document's last text").toBe(l.length - 1);
  });

  it("keeps the host's heading look: one Heading 1, red Georgia, no “Heading 1 1”", async () => {
    const styles = await (await JSZip.loadAsync(mergedBytes)).file("word/styles.xml")!.async("string");
    const all = [...styles.matchAll(/<w:style\b[^>]*>[\s\S]*?<\/w:style>/g)].map((m) => m[0]);
    const names = all.map((s) => /<w:name w:val="([^"]+)"\/>/.exec(s)?.[1]?.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => /^heading 1/.test(n ?? ""))).toEqual(["heading 1"]);
    const heading1 = all.find((s) => /w:styleId="Heading1"/.test(s))!;
    expect(heading1).toContain(`w:ascii="${HOST.headingFont}"`);
    expect(heading1).toContain(`<w:color w:val="${HOST.headingColor}"/>`);
    expect(log.stylesKept).toContain("Heading1");
    const doc = await (await JSZip.loadAsync(mergedBytes)).file("word/document.xml")!.async("string");
    expect(doc).toContain(`<w:pgSz w:w="${HOST.page.width}" w:h="${HOST.page.height}"`);
  });
});
