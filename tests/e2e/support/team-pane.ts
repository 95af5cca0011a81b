// What the team-library pane tests (pane-team, pane-team-docs) do and look at the same way: the Team
// library section of Manage and its parts, connecting as a user would, and screenshots at the pane's
// two widths that also check nothing scrolls sideways.

import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "@jest/globals";
import { poll } from "../../support/poll";
import { tab } from "./flow";

/** Team rounds run every 3 s, and a server (PGlite) takes a while to start: generous waits. */
export const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => poll(fn, { timeout, interval: 200 });

export const teamSection = (page: Page) => page.getByRole("region", { name: "Team library" });

/** Awaits `check`; when it fails, the failure also says what the pane's Team library section shows. */
export async function sayingWhatPaneShows(page: Page, check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (error) {
    const shown = await teamSection(page)
      .innerText({ timeout: 2_000 })
      .catch((e: unknown) => `(could not read it: ${String(e)})`);
    if (error instanceof Error) error.message += `\n\nThe pane's Team library section shows:\n${shown}`;
    throw error;
  }
}
export const connection = (page: Page) => teamSection(page).locator("[data-team-connection]");
export const queueLine = (page: Page) => teamSection(page).locator("[data-team-queue]");
export const teamRow = (page: Page, id: string) => teamSection(page).locator(`[data-team-snippet="${id}"]`);

/** Manage → Connect to a team server…, the address and the sign-in token, Connect with token. */
export async function connectWithToken(page: Page, address: string, token: string): Promise<void> {
  await tab(page, "Manage").click();
  await page.getByRole("button", { name: "Connect to a team server…" }).click();
  await page.getByRole("textbox", { name: "Team server address" }).fill(address);
  await page.getByRole("textbox", { name: "Sign-in token" }).fill(token);
  await page.getByRole("button", { name: "Connect with token" }).click();
}

/**
 * Screenshots of `target` (scrolled into view) at 320 and 400 px into `dir`/`name`-WIDTH.png, to look at
 * (not compared); at each width the page must not scroll sideways. The pane is left at 360 × 800.
 */
export async function shotsAtPaneWidths(
  page: Page,
  dir: string,
  name: string,
  target?: Locator,
  height = 800,
): Promise<void> {
  for (const width of [320, 400]) {
    await page.setViewportSize({ width, height });
    await target?.scrollIntoViewIfNeeded();
    // Two frames: the layout at the new width is painted before the picture is taken.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(dir, `${name}-${width}.png`) });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 360, height: 800 });
}
