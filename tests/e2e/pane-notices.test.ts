// Issue 27: notices appear where the user is looking, and focus is kept. In Manage's long list (the
// starter library, ~60 rows), deleting a row far down puts "Deleted … Undo" where that row stood, in
// view, with focus on Undo — it used to appear at the top of the list, thousands of pixels above, and
// focus was lost with the row. Undo puts focus back on the row's Edit button. Edit on a low row opens the
// editor at its top (its heading in view and focused), not scrolled to its bottom.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { tab } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { poll } from "../support/poll";

let session: PaneSession;
let pane: OpenPane;
let page: Page;

beforeAll(async () => {
  session = await startPane({ scrollbars: true });
  pane = await openPane(session, { viewport: { width: 400, height: 700 } });
  page = pane.page;
});

afterAll(async () => {
  await session?.close();
});

/** Whether the element (the focused one, or the first matching `css`) is wholly inside the window. */
const inView = (page: Page, css?: string) =>
  page.evaluate((selector) => {
    const el = selector ? document.querySelector(selector) : document.activeElement;
    if (!el) return "missing";
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight
      ? "in view"
      : `at ${Math.round(r.top)}…${Math.round(r.bottom)} of ${window.innerHeight}`;
  }, css);

const focused = () =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "",
  );

describe("notices where the user is looking", () => {
  const rows = () => page.getByRole("list", { name: "Snippets in your library" }).locator(":scope > li");

  it("Delete far down the list: the Undo notice stands in the row's place, in view, focused", async () => {
    await tab(page, "Manage").click();
    await rows().first().waitFor();
    const count = await rows().count();
    expect(count).toBeGreaterThan(30);
    const row = rows().nth(count - 3);
    const name = (await row.getByRole("button", { name: /^Edit / }).getAttribute("aria-label"))!.replace(
      /^Edit /,
      "",
    );
    await row.getByRole("button", { name: `More actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const notice = page.getByText(new RegExp(`^Deleted ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.$`));
    await poll(() => notice.isVisible(), { timeout: 30_000, interval: 250 }).toBe(true);
    await poll(() => focused()).toBe("Undo");
    expect(await inView(page)).toBe("in view");
    // The notice is in the list, where the row was: the row above it is the one that was above the row.
    expect(await notice.evaluate((el) => el.closest("ul")?.getAttribute("aria-label"))).toBe(
      "Snippets in your library",
    );
  });

  it("Undo from the keyboard: the row is back and its Edit button has focus, in view", async () => {
    const name = await page.evaluate(() => document.activeElement?.closest("li")?.textContent ?? "");
    await page.keyboard.press("Enter");
    await poll(() => focused()).toMatch(/^Edit /);
    expect(name).toMatch(/^Deleted /);
    expect(await focused()).toBe(`Edit ${name.replace(/^Deleted /, "").replace(/\.Undo$/, "")}`);
    expect(await inView(page)).toBe("in view");
  });

  it("Edit on a low row opens the editor at its top, its heading focused", async () => {
    const count = await rows().count();
    const edit = rows()
      .nth(count - 2)
      .getByRole("button", { name: /^Edit / });
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    const heading = page.getByRole("heading", { level: 2, name: /^Edit / });
    await heading.waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    expect(await inView(page, "h2[tabindex]")).toBe("in view");
    // Back to the list: focus returns to the row's Edit button, in view.
    await page.getByRole("button", { name: "Back to the list" }).click();
    await poll(() => focused()).toMatch(/^Edit /);
    expect(await inView(page)).toBe("in view");
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
