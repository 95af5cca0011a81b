// Layout rules a drafter expects, as LibreOffice lays the documents out (word positions in its PDF):
// the locale's paper, Title text drawn large, room to sign in a signature row, headings kept with the
// paragraph after them even when the heading style does not say so (a host document's style), table
// rows never split across pages, and header rows repeated. Each "kept together" check has a control
// with the property removed, which must break somewhere — so the check can fail.

import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { checkDocxAll } from "../support/ooxml-check";
import { docxToPdfs } from "../support/libreoffice";
import { find, pdfWords, type Page } from "./support/pdf-words";
import { expectWithMessage } from "../support/expect-message";

const TODAY = new Date("2026-11-22T12:00:00Z");

async function buildBody(
  body: string,
  assembly: Record<string, unknown> = {},
  snippet: Record<string, unknown> = {},
): Promise<Uint8Array> {
  const result = await exportDocument(
    {
      format: "sectionsmith/library@1",
      snippets: [{ id: "s1", title: "S", status: "approved", body, ...snippet }],
    },
    { format: "sectionsmith/assembly@1", sections: [{ snippet: "s1" }], ...assembly },
    { as: "buffer", today: TODAY },
  );
  return new Uint8Array(result.output);
}

/** The same package with one part's XML edited (to make a control document). */
async function edit(bytes: Uint8Array, part: string, change: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file(part, change(await zip.file(part)!.async("string")));
  return zip.generateAsync({ type: "uint8array" });
}

const filler = (k: number): string =>
  Array.from({ length: k }, (_, i) => `Filler paragraph number ${i + 1}.`).join("\n\n");
const KS = Array.from({ length: 15 }, (_, i) => 20 + i); // moves the test content down across a page end

const HEADING_BODY = (k: number) =>
  `${filler(k)}\n\n## Clausehead of the clause\n\nNextpara ${"starts a long paragraph of text that runs over several lines. ".repeat(6)}`;
const ROW_BODY = (k: number) =>
  `${filler(k)}\n\n| Item | Text |\n|--|--|\n| Tall | Rowstart${"<br>more".repeat(10)}<br>Rowend |`;

type Docs = {
  letter: Uint8Array;
  a4: Uint8Array;
  frCa: Uint8Array;
  title: Uint8Array;
  signature: Uint8Array;
  repeat: Uint8Array;
  heading: Uint8Array[];
  headingControl: Uint8Array[];
  rows: Uint8Array[];
  rowsControl: Uint8Array[];
};
const laid = {} as Record<keyof Docs, Page[][]>;
let docsBuilt: Docs;

beforeAll(async () => {
  const noStyleKeep = (xml: string) => xml.replaceAll("<w:keepNext/>", "");
  const heading = await Promise.all(KS.map((k) => buildBody(HEADING_BODY(k))));
  const rows = await Promise.all(KS.map((k) => buildBody(ROW_BODY(k))));
  const docs: Docs = {
    letter: await buildBody("Paper"),
    a4: await buildBody("Paper", { locale: "en-GB" }),
    frCa: await buildBody("Papier", { locale: "fr-CA" }),
    title: await buildBody(
      "# Quarterly report\n\n## Second quarter 2027\n\nPrepared by Finance",
      {},
      { titleBlock: true },
    ),
    signature: await buildBody(
      "| | **Supplier** | **Customer** |\n|:--|:--|:--|\n| Name | Ann Lee | Bo Chen |\n| Signature | | |\n| Date | | |",
    ),
    repeat: await buildBody(
      `| Hdrcol | Value |\n|--|--|\n${Array.from({ length: 80 }, (_, i) => `| row ${i + 1} | v |`).join("\n")}`,
    ),
    // As if inserted into a document whose Heading 2 has no keep-with-next: only the paragraph has it.
    heading: await Promise.all(heading.map((d) => edit(d, "word/styles.xml", noStyleKeep))),
    headingControl: await Promise.all(
      heading.map(async (d) =>
        edit(await edit(d, "word/styles.xml", noStyleKeep), "word/document.xml", noStyleKeep),
      ),
    ),
    rows,
    rowsControl: await Promise.all(
      rows.map((d) => edit(d, "word/document.xml", (x) => x.replaceAll("<w:cantSplit/>", ""))),
    ),
  };
  docsBuilt = docs;
  const keys = Object.keys(docs) as (keyof Docs)[];
  const flat = keys.flatMap((key) => [docs[key]].flat());
  const checks = await checkDocxAll([
    docs.letter,
    docs.title,
    docs.signature,
    docs.repeat,
    heading[0]!,
    rows[0]!,
  ]);
  for (const c of checks) expect(c.errors).toEqual([]);
  const pdfs = await docxToPdfs(flat);
  const pages = await Promise.all(pdfs.map((p) => pdfWords(p)));
  let at = 0;
  for (const key of keys) {
    const n = [docs[key]].flat().length;
    laid[key] = pages.slice(at, at + n);
    at += n;
  }
});

describe("paper size from the locale (pdfinfo page box)", () => {
  it("en-US (the default locale) prints on Letter, 612 × 792 pt", () => {
    const [page] = laid.letter[0]!;
    expect([page!.width, page!.height]).toEqual([612, 792]);
  });
  it("fr-CA prints on Letter", () => {
    expect(laid.frCa[0]![0]!.width).toBe(612);
  });
  it("en-GB prints on A4, 595 × 842 pt", () => {
    const [page] = laid.a4[0]!;
    expect(Math.round(page!.width)).toBe(595);
    expect(Math.round(page!.height)).toBe(842);
  });
});

describe("Title and Subtitle", () => {
  it("draws the title at about 28 pt and the subtitle at about 14 pt over 11 pt body text", () => {
    const pages = laid.title[0]!;
    const height = (text: string) => {
      const w = find(pages, text)!.word;
      return w.yMax - w.yMin;
    };
    const body = height("Prepared");
    expect(height("Quarterly") / body).toBeGreaterThan(2.2);
    expect(height("Second") / body).toBeGreaterThan(1.1);
    expect(height("Second")).toBeLessThan(height("Quarterly"));
  });
});

describe("the first line of a page", () => {
  // LibreOffice read a w:line without w:lineRule as an exact line height: a Title's 28 pt line was laid
  // out 12 pt high, so the title was drawn ~16 pt above the top margin (into the header). Every w:line
  // the engine writes now says lineRule="auto" (src/engine/render/styles.ts).
  it("starts at the top margin, however large its text: the Title's words are not drawn above it", async () => {
    const zip = await JSZip.loadAsync(docsBuilt.title);
    const xml = await zip.file("word/document.xml")!.async("string");
    const top = Number(/<w:pgMar\b[^>]*\bw:top="(\d+)"/.exec(xml)![1]) / 20; // twips → points
    const title = find(laid.title[0]!, "Quarterly")!.word;
    expect(title.yMin).toBeGreaterThanOrEqual(top - 2);
    // and the subtitle's line starts below the title's
    expect(find(laid.title[0]!, "Second")!.word.yMin).toBeGreaterThan(title.yMin + 20);
  });
});

describe("signature rows", () => {
  it("are at least 15 mm (42.5 pt) tall; other rows stay compact", () => {
    const pages = laid.signature[0]!;
    const bottom = (text: string) => find(pages, text)!.word.yMax;
    expect(bottom("Name") - bottom("Supplier")).toBeLessThan(30);
    expect(bottom("Signature") - bottom("Name")).toBeGreaterThanOrEqual(40);
    expect(bottom("Date") - bottom("Signature")).toBeGreaterThanOrEqual(40);
  });
});

describe("kept together across a page end", () => {
  const pageOf = (pages: Page[], text: string) => find(pages, text)!.page;

  it("a heading is on the page of the paragraph after it, with keep-with-next only on the paragraph", () => {
    for (const [i, pages] of laid.heading.entries()) {
      expectWithMessage(pageOf(pages, "Clausehead"), `k = ${KS[i]}`).toBe(pageOf(pages, "Nextpara"));
    }
    // Control: with keep-with-next removed everywhere, some heading is left alone at a page's foot.
    const orphaned = laid.headingControl.filter((p) => pageOf(p, "Clausehead") !== pageOf(p, "Nextpara"));
    expect(orphaned.length).toBeGreaterThan(0);
  });

  it("a table row is never split across pages", () => {
    for (const [i, pages] of laid.rows.entries()) {
      expectWithMessage(pageOf(pages, "Rowstart"), `k = ${KS[i]}`).toBe(pageOf(pages, "Rowend"));
    }
    const split = laid.rowsControl.filter((p) => pageOf(p, "Rowstart") !== pageOf(p, "Rowend"));
    expect(split.length).toBeGreaterThan(0);
  });

  it("a table's header row repeats on every page it runs onto", () => {
    const pages = laid.repeat[0]!;
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.words.some((w) => w.text === "Hdrcol")).toBe(true);
  });
});
