// Issue 27: tables in the Snippet view's preview fit the pane, or scroll sideways inside the preview —
// never cut off. docx-preview drew the page's column widths (the Timeline's four columns, 451 pt, showed
// 2½ columns at 400 px and 2 at 320 px, the rest cut off with no way to see it). At both widths the
// Timeline's table, with a row filled in, now fits: every cell ends inside the preview; and every table
// of a wide one (the KPI table) either fits or sits in a box that scrolls sideways and is a Tab stop.

import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { openSnippet } from "./support/flow";
import { openPane, startPane, type PaneSession } from "./support/pane";
import { expectWithMessage } from "../support/expect-message";

let session: PaneSession;

beforeAll(async () => {
  session = await startPane({ scrollbars: true });
});

afterAll(async () => {
  await session?.close();
});

const preview = (page: Page): FrameLocator =>
  page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame();

/** Per table in the preview: whether it fits the frame, or else scrolls in a box that can be reached. */
function tablesIn(frame: FrameLocator) {
  return frame.locator("body").evaluate((body) => {
    const width = body.ownerDocument.documentElement.clientWidth;
    return [...body.querySelectorAll("table")]
      .filter((t) => !t.parentElement?.closest("table"))
      .map((table) => {
        const cells = [...table.querySelectorAll("td, th")];
        const right = Math.max(...cells.map((c) => c.getBoundingClientRect().right));
        const box = table.closest<HTMLElement>(".table-box");
        const scrolls =
          box !== null &&
          getComputedStyle(box).overflowX === "auto" &&
          box.scrollWidth > box.clientWidth &&
          box.getBoundingClientRect().right <= width + 0.5 &&
          box.tabIndex === 0;
        return { columns: table.rows[0]?.cells.length ?? 0, right: Math.round(right), width, fits: right <= width + 0.5, scrolls };
      });
  });
}

describe.each([400, 320])("tables in the preview at %i px", (width) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPane(session, { viewport: { width, height: 800 } }));
  });

  it("the Timeline's four columns fit, with a phase filled in", async () => {
    await openSnippet(page, { query: "timeline", title: "Timeline" });
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Phase, item 1", { exact: true }).fill("Discovery and stakeholder interviews");
    await page.getByLabel("Start, item 1", { exact: true }).fill("2027-03-15");
    await page.getByLabel("End, item 1", { exact: true }).fill("2027-04-30");
    await page.getByLabel("Milestone, item 1", { exact: true }).fill("Findings report signed off");
    const frame = preview(page);
    await frame.getByText("Findings report signed off").waitFor();
    const tables = await tablesIn(frame);
    expect(tables.map((t) => t.columns)).toEqual([4]);
    expectWithMessage(tables[0], `the Timeline at ${width} px`).toMatchObject({ fits: true });
  });

  it("a wide table fits or scrolls inside the preview, never cut off", async () => {
    await openSnippet(page, { query: "kpi table", title: "KPI table" });
    const frame = preview(page);
    await frame.locator("table").first().waitFor();
    const tables = await tablesIn(frame);
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) expectWithMessage(t, `a ${t.columns}-column table at ${width} px`).toMatchObject(t.fits ? { fits: true } : { scrolls: true });
  });
});
