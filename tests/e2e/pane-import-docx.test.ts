// Manage › Import from a Word document… and Import this document (issue 30), in the built pane in headless
// Chromium at 320 and 400 px: a real agreement is read into a report (split, variables, what is not kept),
// a variable is retyped, the split is changed, and Import adds the snippets as drafts; importing the same
// document again finds every clause a duplicate and skips it; a file that is not a Word document is
// refused with nothing changed; inside (simulated) Word the open document is read through
// Document.getFileAsync. Screenshots of the report are written to tests/e2e/.output for a person to look at.

import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { tab } from "./support/flow";
import { horizontalOverflow } from "./support/overflow";
import { openPane, ROOT, startPane, type PaneSession } from "./support/pane";
import { wordCalls } from "./support/word";
import { expectWithMessage } from "../support/expect-message";

const AGREEMENT = join(ROOT, "tests/fixtures/agreements/openagreements-employment-offer-letter.docx");
const SHOTS = join(ROOT, "tests/e2e/.output");

let session: PaneSession;

beforeAll(async () => {
  session = await startPane();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await session?.close();
});

const manageList = (page: Page) => page.getByRole("list", { name: "Snippets in your library" });
const report = (page: Page) => page.getByRole("region", { name: /^Import report for / });

async function openManage(page: Page) {
  await tab(page, "Manage").click();
  await manageList(page).waitFor();
}

async function chooseFile(page: Page, path: string, name = "offer-letter.docx") {
  await page.getByLabel("Word document to import").setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: readFileSync(path),
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expectWithMessage(await horizontalOverflow(page), where).toEqual([]);
}

describe.each([320, 400])("Import from a Word document at %i px", (width) => {
  it("reports first, then imports the document's clauses as drafts; again, skips them as duplicates", async () => {
    const { page, errors } = await openPane(session, { viewport: { width, height: 900 } });
    await openManage(page);
    const before = await manageList(page).locator(":scope > li").count();
    await chooseFile(page, AGREEMENT);
    await report(page).waitFor({ timeout: 30_000 });
    await expect(report(page).getByRole("status").textContent()).resolves.toMatch(/^20 snippets · 11 variables · 0 duplicates · \d+ notes$/);
    const titles = report(page).getByRole("list", { name: "Snippets to import" }).locator(":scope > li > strong");
    expect(await titles.count()).toBe(20);
    expect(await titles.nth(1).textContent()).toBe("Position, Scope, and Reporting");

    // The user changes a variable's type and looks at the other way to split.
    await report(page).getByText("Variables (11)").click();
    await report(page).getByLabel("Type of Employment start date").waitFor();
    expect(await report(page).getByLabel("Type of Employment start date").inputValue()).toBe("date");
    await report(page).getByLabel("Type of Base salary or hourly amount").selectOption("text");
    await expectNoSidewaysScroll(page, `the import report at ${width} px`);
    await page.screenshot({ path: join(SHOTS, `import-docx-report-${width}.png`), fullPage: false });
    await report(page).getByLabel("Split into snippets").selectOption("document");
    await expect(report(page).getByRole("status").textContent()).resolves.toMatch(/^1 snippet · /);
    await report(page).getByLabel("Split into snippets").selectOption("clause");
    await expect(report(page).getByRole("status").textContent()).resolves.toMatch(/^20 snippets · /);

    await report(page).getByRole("button", { name: "Import 20 snippets" }).click();
    await page.getByText("Imported 20 snippets from offer-letter.docx as drafts.").waitFor();
    expect(await manageList(page).locator(":scope > li").count()).toBe(before + 20);
    await page.screenshot({ path: join(SHOTS, `import-docx-done-${width}.png`), fullPage: false });

    // The same document again: every clause has the same words as one now in the library.
    await chooseFile(page, AGREEMENT);
    await report(page).waitFor();
    await expect(report(page).getByRole("status").textContent()).resolves.toMatch(/^20 snippets · 11 variables · 20 duplicates/);
    const choice = report(page).getByRole("radiogroup", { name: "What to do with “Position, Scope, and Reporting”" });
    expect(await choice.getByRole("radio", { name: "Skip it" }).isChecked()).toBe(true);
    await expectNoSidewaysScroll(page, `the import report with duplicates at ${width} px`);
    await page.screenshot({ path: join(SHOTS, `import-docx-duplicates-${width}.png`), fullPage: false });
    await report(page).getByRole("button", { name: "Cancel" }).click();
    expect(await manageList(page).locator(":scope > li").count()).toBe(before + 20);
    expect(errors).toEqual([]);
  });
});

describe("refusals and Word", () => {
  it("refuses a file that is not a Word document, and changes nothing", async () => {
    const { page } = await openPane(session, { viewport: { width: 320, height: 800 } });
    await openManage(page);
    const before = await manageList(page).locator(":scope > li").count();
    await page.getByLabel("Word document to import").setInputFiles({ name: "notes.docx", mimeType: "text/plain", buffer: Buffer.from("not a document") });
    await page.getByText("notes.docx could not be imported; nothing was changed.").waitFor();
    await page.getByText("This file is not a Word document (.docx): it is not a zip package.").waitFor();
    expect(await manageList(page).locator(":scope > li").count()).toBe(before);
    // Outside Word the open document cannot be read: the button says why.
    expect(await page.getByRole("button", { name: "Import this document" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("inside Word, imports the open document through Document.getFileAsync", async () => {
    const { page, errors } = await openPane(session, { office: { wordApi: "1.5", platform: "PC" }, viewport: { width: 400, height: 900 } });
    const base64 = readFileSync(join(ROOT, "tests/fixtures/agreements/common-paper-one-way-nda.docx")).toString("base64");
    await page.evaluate((b) => (window as unknown as { __fakeWord: { setDocumentFile(s: string): void } }).__fakeWord.setDocumentFile(b), base64);
    await openManage(page);
    await page.getByRole("button", { name: "Import this document" }).click();
    await report(page).waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      throw new Error(`${String(e)}\n${(await page.locator("body").innerText()).slice(0, 3000)}\n${errors.join("\n")}`);
    });
    expect(await report(page).getByRole("heading", { level: 2 }).textContent()).toBe("Import This document.docx");
    await expect(report(page).getByRole("status").textContent()).resolves.toMatch(/^12 snippets · 13 variables/);
    const calls = await wordCalls(page);
    expect(calls.filter((c) => c.method === "getFileAsync")).toHaveLength(1);
    expect(calls.filter((c) => c.method === "closeAsync")).toHaveLength(1);
    await page.screenshot({ path: join(SHOTS, "import-this-document-400.png"), fullPage: false });
    await report(page).getByRole("button", { name: "Import 12 snippets" }).click();
    await page.getByText("Imported 12 snippets from This document.docx as drafts.").waitFor();
    expect(errors).toEqual([]);
  });
});
