// Issue 27's whole flow, as a user at Office's narrowest pane (320 px, classic scrollbars as in Word on
// Windows) inside the Word stand-in (the real office.js, fake-office.js playing Word): search with a
// typo, fill in, add three sections, reorder, switch the document to en-GB, import the proposal example
// twice, download, and insert twice. None of the rough edges may show: no sideways scroll with
// "Document (3)", dates in the document's locale (outline and file), an import that says which text in
// use it would change and adds nothing the second time, and two inserts with packages of their own.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addSection,
  addToDocument,
  docxText,
  download,
  fillValues,
  outlineItem,
  outlineTitles,
  SECTIONS,
  searchBox,
  showDocument,
  tab,
  type SectionPlan,
} from "./support/flow";
import { horizontalOverflow } from "./support/overflow";
import { openPane, ROOT, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { documentXml } from "./support/flow";
import { decode, inserts, wordCalls } from "./support/word";
import { expectValidDocx } from "../support/ooxml-check";
import { expectWithMessage } from "../support/expect-message";
import { poll } from "../support/poll";

let session: PaneSession;
let pane: OpenPane;
let page: Page;

beforeAll(async () => {
  session = await startPane({ scrollbars: true });
  pane = await openPane(session, { office: { wordApi: "1.5", platform: "PC" }, viewport: { width: 320, height: 700 } });
  page = pane.page;
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

async function noSidewaysScroll(where: string) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expectWithMessage(await horizontalOverflow(page), `at 320 px, ${where}`).toEqual([]);
}

const importProposal = () =>
  page.getByLabel("Import library (.json)").setInputFiles({
    name: "library.json",
    mimeType: "application/json",
    buffer: readFileSync(join(ROOT, "examples", "proposal", "library.json")),
  });

const manageHeading = async () => {
  await tab(page, "Manage").click();
  return (await page.getByRole("heading", { level: 2 }).first().textContent()) ?? "";
};

describe("the whole flow at 320 px in the Word stand-in", () => {
  it("search with a typo, fill in and add; then two more sections", async () => {
    await searchBox(page).fill("paymnet trems");
    await page.getByRole("region", { name: "Results" }).getByRole("button", { name: "Payment terms", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: /^Payment terms/ }).waitFor();
    await fillValues(page, payment.values);
    await noSidewaysScroll("the Snippet view");
    await addToDocument(page, payment.title);
    await addSection(page, parties);
    await addSection(page, signature);
    expect(await tab(page, "Document").textContent()).toMatch(/^Document \(3\)/);
  });

  it("reorders with Alt+Arrow Up; every tab fits with “Document (3)”", async () => {
    await showDocument(page);
    await outlineItem(page, parties.title).focus();
    await page.keyboard.press("Alt+ArrowUp");
    await poll(() => outlineTitles(page)).toEqual([parties.title, payment.title, signature.title]);
    for (const name of ["Library", "Snippet", "Document", "Manage"]) {
      await tab(page, name).click();
      await noSidewaysScroll(`the ${name} tab`);
    }
  });

  it("in en-GB the outline writes dates as the document does", async () => {
    await showDocument(page);
    await page.getByRole("button", { name: "Document settings" }).click();
    const locale = page.getByRole("combobox", { name: /Locale/ });
    await locale.fill("en-GB");
    await locale.press("Enter");
    await poll(async () => (await outlineItem(page, parties.title).textContent()) ?? "").toContain("1 December 2026");
    expect(await outlineItem(page, parties.title).textContent()).not.toContain("2026-12-01");
  });

  it("imports the proposal example twice: the report says what would change in use; the second adds nothing", async () => {
    const before = await manageHeading();
    await tab(page, "Library").click();
    await importProposal();
    const report = page.getByRole("region", { name: "Import report for library.json" });
    await report.waitFor();
    const inUse = report.getByRole("region", { name: "Text in use" });
    expect(await inUse.textContent()).toMatch(/“Pricing” \(version 1, English\) stays the text documents get/);
    await noSidewaysScroll("the import report");
    await report.getByRole("button", { name: "Import all" }).click();
    await page.getByText("Imported library.json.").waitFor();
    const once = await manageHeading();
    expect(once).not.toBe(before);

    await tab(page, "Library").click();
    await importProposal();
    await poll(() => page.getByText("Imported library.json.").count()).toBe(1);
    expect(await page.getByRole("region", { name: "Import report for library.json" }).count()).toBe(0);
    expect(await manageHeading()).toBe(once);
    // The English text is still the one in use: search finds "Pricing", not "Honorar".
    await tab(page, "Library").click();
    await searchBox(page).fill("pricing");
    const results = page.getByRole("region", { name: "Results" });
    await results.getByRole("button", { name: "Pricing", exact: true }).waitFor();
    expect(await results.getByRole("button", { name: "Honorar", exact: true }).count()).toBe(0);
  });

  it("downloads a valid .docx with dates in en-GB", async () => {
    await showDocument(page);
    const file = await download(page);
    await expectValidDocx(file.bytes);
    const text = await docxText(file.bytes);
    expect(text).toContain("as of 1 December 2026");
    expect(text).not.toContain("December 1, 2026");
  });

  it("inserts twice at the cursor: each Insert a package of its own", async () => {
    const before = (await wordCalls(page)).length;
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: "Insert into Word" }).click();
      await page.getByText("Inserted 3 sections into Word.").first().waitFor();
      await page.getByRole("button", { name: "Dismiss" }).click();
    }
    const files = inserts(await wordCalls(page, before)).map((c) => c.args[0] as string);
    expect(files).toHaveLength(2);
    expect(files[0] === files[1]).toBe(false);
    const ids = async (base64: string) =>
      [...(await documentXml(decode(base64))).matchAll(/<w:sdtPr>[\s\S]*?<w:id w:val="(-?\d+)"/g)].map((m) => m[1]);
    const [a, b] = [await ids(files[0]!), await ids(files[1]!)];
    expect(a).toHaveLength(3);
    expect(b.filter((id) => a.includes(id))).toEqual([]);
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
