// The first run is clean (issue 13): the dev server's error overlay (webpack-dev-server's client) shows every
// `error` event of the window, and after Add → Library it flooded with "ResizeObserver loop completed with
// undelivered notifications". Here the built pane runs in Chromium with a listener for the same events (plus
// page errors and console errors); adding sections and going back to the Library, resizing the pane and
// toggling the preview's Whole page must raise none.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addSection, SECTIONS, tab, type SectionPlan } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { poll } from "../support/poll";

let session: PaneSession;
let pane: OpenPane;
let page: Page;

/** What webpack-dev-server's overlay listens to: the window's error events, by message. */
const RECORD_WINDOW_ERRORS = `
  window.__windowErrors = [];
  window.addEventListener("error", (event) => window.__windowErrors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => window.__windowErrors.push("unhandledrejection: " + String(event.reason)));`;

const windowErrors = (p: Page) => p.evaluate(() => (window as unknown as { __windowErrors: string[] }).__windowErrors);

/** Two animation frames: ResizeObserver's loop errors are reported at the end of a frame. */
const frames = (p: Page) =>
  p.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

beforeAll(async () => {
  session = await startPane();
  pane = await openPane(session, { initScript: RECORD_WINDOW_ERRORS, viewport: { width: 400, height: 800 } });
  page = pane.page;
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

describe("first run: no error the dev server's overlay would show", () => {
  it("Add → Library, three times, raises no ResizeObserver loop error", async () => {
    for (const plan of [payment, parties, signature]) {
      await addSection(page, plan);
      await frames(page);
      await tab(page, "Library").click();
      await frames(page);
    }
    await tab(page, "Document (3)").waitFor();
    await poll(() => windowErrors(page)).toEqual([]);
  });

  it("resizing the pane and switching Whole page while a preview shows raises none either", async () => {
    await addSection(page, payment);
    const wholePage = page.getByRole("switch", { name: "Whole page" });
    for (const width of [320, 520, 360, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await frames(page);
      await wholePage.click();
      await frames(page);
    }
    await tab(page, "Library").click();
    await frames(page);
    expect(await windowErrors(page)).toEqual([]);
  });

  it("raised no page or console errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
