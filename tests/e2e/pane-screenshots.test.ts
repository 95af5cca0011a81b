// Screenshots of each view in a task-pane-sized window (360 × 800), light and dark, for the README:
// docs/screenshots/<view>-<theme>.png. Taken inside the simulated Word so the Insert controls are live.
// Each one also checks what a screenshot alone cannot prove: the theme really applies, and nothing makes
// the pane scroll sideways (text or controls wider than the pane).

import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { settle } from "./support/a11y";
import { addSection, openSnippet, SECTIONS, showDocument, type SectionPlan } from "./support/flow";
import { openPane, ROOT, startPane, type PaneSession } from "./support/pane";
import { addContentControl } from "./support/word";
import { expectWithMessage } from "../support/expect-message";

const OUT = join(ROOT, "docs", "screenshots");
const VIEWPORT = { width: 360, height: 800 };

let session: PaneSession;

beforeAll(async () => {
  session = await startPane();
  await mkdir(OUT, { recursive: true });
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c = 0) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

async function shoot(page: Page, view: string, theme: "light" | "dark") {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expectWithMessage(overflow, `${view}: the pane scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  const background = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
  if (theme === "dark") expect(luminance(background)).toBeLessThan(0.05);
  else expect(luminance(background)).toBeGreaterThan(0.9);

  const path = join(OUT, `${view}-${theme}.png`);
  await page.mouse.move(0, VIEWPORT.height - 1); // no hover effect or tooltip in the picture
  await settle(page); // e.g. the menu's opening animation
  await page.screenshot({ path, animations: "disabled", caret: "hide" });
  const png = await readFile(path);
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
}

describe.each(["light", "dark"] as const)("screenshots, %s theme", (theme) => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openPane(session, {
      office: { wordApi: "1.5" },
      colorScheme: theme,
      viewport: VIEWPORT,
    }));
  });

  it("library", async () => {
    await shoot(page, "library", theme);
  });

  it("snippet with its preview", async () => {
    await openSnippet(page, payment);
    await page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame().locator("article").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0)); // the tabs, the form, and the preview below it
    await shoot(page, "snippet", theme);
  });

  it("document", async () => {
    for (const plan of [parties, payment, signature]) await addSection(page, plan);
    await showDocument(page);
    await shoot(page, "document", theme);
  });

  it("insert menu", async () => {
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    await page.getByRole("menu").waitFor();
    await shoot(page, "insert-menu", theme);
    await page.keyboard.press("Escape");
  });

  it("inventory of the document", async () => {
    // The open document holds an older payment-terms, a deprecated NDA and a current parties block.
    await addContentControl(page, { text: "Payment within 30 days.", tag: "sectionsmith:payment-terms@1", title: "Payment terms" });
    await addContentControl(page, { text: "Old NDA", tag: "sectionsmith:nda-one-way@1", title: "NDA" });
    await addContentControl(page, { text: "Parties", tag: "sectionsmith:contract-parties@1", title: "Parties" });
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByText(/^\d+ snippets in this document, 2 need attention\.$/).waitFor();
    await page.getByRole("heading", { name: "In this document" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await shoot(page, "inventory", theme);
  });
});
