// Defined terms (issue 32), in the built pane inside the Word stand-in (fake-office.js). The three
// starter sections the flows assemble define terms they never use (“Effective Date”, “Party”,
// “Parties”) and use one none of them defines (“Supplier”, after "the"). The Document view lists them
// in "Defined terms (N)" before anyone clicks Insert: each in the user's words — section, paragraph,
// what to do; no code — with a "Go to section N" that the keyboard reaches and that puts focus on the
// section in the outline. The list follows the outline. Insert and Download do not ask about them: a
// section inserted on its own may use terms the document defines (docs/decisions.md). Screenshots at
// 320 and 400 px go to $TMPDIR/sectionsmith-pane-defined-terms.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addSection, download, outlineItem, outlineTitles, SECTIONS, showDocument } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { pressUntilFocused } from "./support/a11y";
import { shotsAtPaneWidths } from "./support/team-pane";
import { inserts, wordCalls } from "./support/word";

const SHOTS = join(tmpdir(), "sectionsmith-pane-defined-terms");
mkdirSync(SHOTS, { recursive: true });

let session: PaneSession;
let pane: OpenPane;
let page: Page;

const FINDINGS = [
  "Section 1, “Parties”, paragraph 2: “Effective Date” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
  "Section 1, “Parties”, paragraph 5: “Party” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
  "Section 1, “Parties”, paragraph 5: “Parties” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
  "Section 2, “Payment terms”, paragraph 3: “Supplier” reads as a defined term, but nothing in this document defines it. Define it, add the section that does, or write it in lower case. Go to section 2",
];

const terms = () => page.getByRole("region", { name: "Defined terms" });
const header = (count: number) => page.getByRole("button", { name: `Defined terms (${count})` });
/** Every "Check before …" question the pane shows from now on (a MutationObserver in the page). */
const watchQuestions = () =>
  page.evaluate(() => {
    const w = window as unknown as { __questions: string[] };
    w.__questions = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".fui-MessageBar"))
        if (/Check before/.test(el.textContent ?? "")) w.__questions.push(el.textContent ?? "");
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
const questions = () => page.evaluate(() => (window as unknown as { __questions: string[] }).__questions);

beforeAll(async () => {
  session = await startPane();
  pane = await openPane(session, { office: { wordApi: "1.5", platform: "PC" } });
  page = pane.page;
  for (const plan of SECTIONS) await addSection(page, plan);
  await showDocument(page);
  expect(await outlineTitles(page)).toEqual(SECTIONS.map((s) => s.title));
});

afterAll(async () => {
  await session?.close();
});

describe("defined terms in the Document view", () => {
  it("are listed before Insert, in the user's words, with a jump to each section", async () => {
    await header(4).waitFor();
    expect(await header(4).getAttribute("aria-expanded")).toBe("true");
    expect(await terms().locator("li").allInnerTexts()).toEqual(FINDINGS);
    expect(await terms().textContent()).not.toMatch(/TERM_|sections\[/);
    // Nothing reached Word, and nothing asks.
    expect(inserts(await wordCalls(page))).toEqual([]);
    expect(await page.getByText(/^Check before/).count()).toBe(0);
    await shotsAtPaneWidths(page, SHOTS, "terms-before-insert", terms());
  });

  it("the jump is reached with Tab and puts focus on the section in the outline", async () => {
    const jump = terms().getByRole("button", { name: "Go to section 2" });
    await pressUntilFocused(page, jump);
    await page.keyboard.press("Enter");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(focused).toBe("Payment terms, section 2 of 3");
  });

  it("follow the outline: without the Parties section only “Supplier” is left; Undo brings the rest back", async () => {
    await outlineItem(page, "Parties").getByRole("button", { name: "Remove" }).click();
    await header(1).waitFor();
    expect(await terms().locator("li").allInnerTexts()).toEqual([
      "Section 1, “Payment terms”, paragraph 3: “Supplier” reads as a defined term, but nothing in this document defines it. Define it, add the section that does, or write it in lower case. Go to section 1",
    ]);
    await page.getByRole("button", { name: "Undo" }).click();
    await header(4).waitFor();
    expect(await terms().locator("li").allInnerTexts()).toEqual(FINDINGS);
  });

  it("can be closed and opened again with the keyboard", async () => {
    await header(4).focus();
    await page.keyboard.press("Enter");
    expect(await header(4).getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await header(4).getAttribute("aria-expanded")).toBe("true");
  });
});

describe("Insert and Download do not ask about defined terms", () => {
  beforeAll(watchQuestions);

  it("Insert inserts the three sections at once", async () => {
    await page.getByRole("button", { name: "Insert into Word" }).click();
    await page.getByText("Inserted 3 sections into Word.").waitFor();
    expect(inserts(await wordCalls(page))).toHaveLength(1);
    expect(await questions()).toEqual([]);
  });

  it("Download saves the file at once", async () => {
    const file = await download(page);
    expect(file.name).toMatch(/\.docx$/);
    await page.getByText(`Downloaded ${file.name}.`).waitFor();
    expect(await questions()).toEqual([]);
    // The findings are still listed after both.
    expect(await terms().locator("li").count()).toBe(FINDINGS.length);
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
