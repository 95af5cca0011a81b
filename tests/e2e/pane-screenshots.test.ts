// Screenshots of each view in task-pane-sized windows — 320 px (the narrowest pane Office gives) and 400 px
// wide, 800 px tall — light and dark, for the README: docs/screenshots/<view>-<width>-<theme>.png. Taken inside the simulated Word so the Insert controls are live.
// Each one also checks what a screenshot alone cannot prove: the theme really applies, and nothing makes
// the pane scroll sideways (text or controls wider than the pane).

import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { settle } from "./support/a11y";
import { addSection, openSnippet, SECTIONS, showDocument, type SectionPlan } from "./support/flow";
import { openPane, ROOT, startPane, type PaneSession } from "./support/pane";
import { horizontalOverflow } from "./support/overflow";
import { addContentControl } from "./support/word";
import { expectWithMessage } from "../support/expect-message";

const OUT = join(ROOT, "docs", "screenshots");
const WIDTHS = [320, 400] as const;
const HEIGHT = 800;

let session: PaneSession;

beforeAll(async () => {
  // Classic scrollbars, as in Word on Windows: the pictures show the pane as it is there, and the
  // overflow check sees a page 15 px narrower than the window when the view scrolls.
  session = await startPane({ scrollbars: true });
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

async function shoot(page: Page, view: string, theme: "light" | "dark", width: number) {
  expectWithMessage(await horizontalOverflow(page), `${view} at ${width} px`).toEqual([]);
  const background = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
  if (theme === "dark") expect(luminance(background)).toBeLessThan(0.05);
  else expect(luminance(background)).toBeGreaterThan(0.9);

  const path = join(OUT, `${view}-${width}-${theme}.png`);
  await page.mouse.move(0, HEIGHT - 1); // no hover effect or tooltip in the picture
  await settle(page); // e.g. the menu's opening animation
  await page.screenshot({ path, animations: "disabled", caret: "hide" });
  const png = await readFile(path);
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, HEIGHT]);
}

const CASES = WIDTHS.flatMap((width) => (["light", "dark"] as const).map((theme) => [width, theme] as const));

describe.each(CASES)("screenshots, %i px, %s theme", (width, theme) => {
  let page: Page;
  const shootAs = (p: Page, view: string) => shoot(p, view, theme, width);

  beforeAll(async () => {
    ({ page } = await openPane(session, {
      office: { wordApi: "1.5" },
      colorScheme: theme,
      viewport: { width, height: HEIGHT },
    }));
  });

  it("library", async () => {
    await shootAs(page, "library");
  });

  it("snippet with its preview", async () => {
    await openSnippet(page, payment);
    await page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame().locator("article").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0)); // the tabs, the form, and the preview below it
    await shootAs(page, "snippet");
  });

  it("document", async () => {
    for (const plan of [parties, payment, signature]) await addSection(page, plan);
    await showDocument(page);
    await shootAs(page, "document");
  });

  it("insert menu", async () => {
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    await page.getByRole("menu").waitFor();
    await shootAs(page, "insert-menu");
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
    await shootAs(page, "inventory");
  });
});
