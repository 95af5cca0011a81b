// No horizontal scrolling at 320 px anywhere (issue 13): the narrowest task pane Office gives. Every view,
// tab and editor is visited in a 320 px wide Chromium — search, a snippet with its preview, a list variable's
// rows, the outline, Document settings, Manage with its rows' "…" menus, the snippet and variables editor,
// and an import report with conflicts — and at each the page must not scroll sideways, no region in it may
// scroll sideways, and no element may stick out past the pane's edge. Chromium shows classic scrollbars
// here, as Word's pane on Windows does: with a vertical one the page is 305 px wide (issue 27: the tab row
// ended at 316 px once it read "Document (3)").

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addSection,
  openSnippet,
  SECTIONS,
  searchBox,
  showDocument,
  tab,
  type SectionPlan,
} from "./support/flow";
import { horizontalOverflow } from "./support/overflow";
import { openPane, ROOT, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { expectWithMessage } from "../support/expect-message";
import { poll } from "../support/poll";

let session: PaneSession;
let pane: OpenPane;
let page: Page;

beforeAll(async () => {
  session = await startPane({ scrollbars: true });
  pane = await openPane(session, { viewport: { width: 320, height: 700 } });
  page = pane.page;
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

/** Fails with every overflowing element, named, for the view `where`. */
async function expectNoSidewaysScroll(where: string) {
  // Fonts, the preview and Fluent's measuring settle within a frame or two.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expectWithMessage(await horizontalOverflow(page), `at 320 px, ${where}`).toEqual([]);
}

describe("a 320 px pane never scrolls sideways", () => {
  it("Library: search and results", async () => {
    await searchBox(page).fill("payment");
    await expectNoSidewaysScroll("the Library with results");
    await searchBox(page).fill("");
  });

  it("Snippet: the form and its preview, in both preview modes", async () => {
    await openSnippet(page, payment);
    await page.getByRole("group", { name: "Preview pages" }).locator("iframe").waitFor();
    await expectNoSidewaysScroll("a snippet with its preview");
    await page.getByRole("switch", { name: "Whole page" }).click();
    await expectNoSidewaysScroll("a snippet with its preview as whole pages");
    await page.getByRole("switch", { name: "Whole page" }).click();
  });

  it("Snippet: a list variable's rows (the list-row editor)", async () => {
    for (const query of ["kpi table", "document control", "proposal team"]) {
      await tab(page, "Library").click();
      await searchBox(page).fill(query);
      await page.getByRole("region", { name: "Results" }).getByRole("button").first().click();
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      const add = page.getByRole("button", { name: "Add item" });
      for (const button of await add.all()) await button.click();
      await expectNoSidewaysScroll(`a list variable's rows (${query})`);
    }
  });

  it("Document: the outline and Document settings", async () => {
    await addSection(page, parties);
    await addSection(page, payment);
    await addSection(page, signature);
    await showDocument(page);
    await expectNoSidewaysScroll("the outline");
    await page.getByRole("button", { name: "Document settings" }).click();
    await expectNoSidewaysScroll("Document settings");
  });

  it("every tab, with the tab row reading “Document (3)” and a vertical scrollbar", async () => {
    expect(await tab(page, "Document").textContent()).toMatch(/^Document \(3\)/);
    for (const name of ["Library", "Snippet", "Document"]) {
      await tab(page, name).click();
      // The tab's view mounts after the click returns; the scrollbar appears once it has laid out.
      const scrollbar = () => page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
      await poll(scrollbar, { timeout: 5_000 }).toBeGreaterThan(0); // the page is narrower than the window: the case that overflowed
      await expectNoSidewaysScroll(`the ${name} tab with “Document (3)”`);
    }
  });

  it("Manage: the list, a row's … menu, the editor and its variables", async () => {
    await tab(page, "Manage").click();
    const list = page.getByRole("list", { name: "Snippets in your library" });
    await list.waitFor();
    await expectNoSidewaysScroll("Manage's list");
    // The "…" menu by keyboard: Enter opens it on its first item, arrows move, Escape returns to the button.
    const more = page.getByRole("button", { name: "More actions for Payment terms version 2" });
    await more.focus();
    await page.keyboard.press("Enter");
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await page.getByRole("menuitem", { name: "History" }).waitFor();
    await poll(focusedItem).toBe("History");
    await page.keyboard.press("ArrowDown");
    await poll(focusedItem).toBe("Duplicate");
    await expectNoSidewaysScroll("a row's … menu");
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("menu").count()).toBe(0);
    await poll(() => more.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole("button", { name: "Edit Payment terms version 2" }).click();
    await page.getByRole("region", { name: "Variables" }).waitFor();
    await expectNoSidewaysScroll("the snippet editor with its variables");
    await page.getByRole("button", { name: "Add variable" }).click();
    await expectNoSidewaysScroll("the variables editor with a new variable");
    await page.getByRole("button", { name: "Back to the list" }).click();
    const discard = page.getByRole("button", { name: /^Discard/ });
    if (await discard.isVisible()) await discard.click();
  });

  it("Import report: a library whose snippets conflict with the starter library's", async () => {
    await tab(page, "Library").click();
    await page.getByLabel("Import library (.json)").setInputFiles({
      name: "library.json",
      mimeType: "application/json",
      buffer: readFileSync(join(ROOT, "examples", "proposal", "library.json")),
    });
    await page.getByRole("region", { name: /^Import report for / }).waitFor();
    await expectNoSidewaysScroll("the import report");
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
