// Defined terms before Insert (issue 32), in the built pane inside the Word stand-in (fake-office.js).
// The three starter sections the flows assemble define terms they never use (“Effective Date”, “Party”,
// “Parties”) and use one none of them defines (“Supplier”, after "the", twice). Insert asks first: each
// warning in the user's words — section, paragraph, what to do; no code — with a "Go to section N" link
// that the keyboard reaches and that puts focus on that section of the outline. Then "Insert anyway"
// inserts. Screenshots at 320 and 400 px go to $TMPDIR/sectionsmith-pane-defined-terms.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addSection, outlineTitles, SECTIONS, showDocument } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { pressUntilFocused } from "./support/a11y";
import { shotsAtPaneWidths } from "./support/team-pane";
import { inserts, wordCalls } from "./support/word";

const SHOTS = join(tmpdir(), "sectionsmith-pane-defined-terms");
mkdirSync(SHOTS, { recursive: true });

let session: PaneSession;
let pane: OpenPane;
let page: Page;

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

const bar = () => page.locator(".fui-MessageBar").filter({ hasText: "Check before inserting" });

describe("defined-terms warnings before Insert", () => {
  it("lists them in the user's words, with a jump to each section", async () => {
    await page.getByRole("button", { name: "Insert into Word" }).click();
    await bar().waitFor();
    const lines = await bar().locator("li").allInnerTexts();
    expect(lines).toEqual([
      "Section 1, “Parties”, paragraph 2: “Effective Date” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
      "Section 1, “Parties”, paragraph 5: “Party” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
      "Section 1, “Parties”, paragraph 5: “Parties” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
      "Section 2, “Payment terms”, paragraph 3: “Supplier” reads as a defined term, but nothing in this document defines it. Define it, add the section that does, or write it in lower case. Go to section 2",
    ]);
    expect(await bar().textContent()).not.toMatch(/TERM_|sections\[/);
    // Nothing reached Word yet.
    expect(inserts(await wordCalls(page))).toEqual([]);
    await shotsAtPaneWidths(page, SHOTS, "terms-before-insert", bar());
  });

  it("the jump is reached with Tab and puts focus on the section in the outline", async () => {
    const jump = bar().getByRole("button", { name: "Go to section 2" });
    await pressUntilFocused(page, jump);
    await page.keyboard.press("Enter");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(focused).toBe("Payment terms, section 2 of 3");
    // The question is still there to answer.
    expect(await bar().isVisible()).toBe(true);
  });

  it("Insert anyway inserts the three sections", async () => {
    await bar().getByRole("button", { name: "Insert anyway" }).click();
    await page.getByText("Inserted 3 sections into Word.").waitFor();
    expect(inserts(await wordCalls(page))).toHaveLength(1);
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
