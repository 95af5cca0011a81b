// Issue 13, in the built pane at the narrowest task pane (320 px), in headless Chromium: search forgives
// swapped letters; the Tag filter is typed into and picked from the keyboard; the Library and Manage
// count the library alike; a boolean variable's default is a switch — and none of these views scrolls
// sideways (nor does the Tag list run off the pane).

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { searchBox, tab } from "./support/flow";
import { openPane, startPane, type PaneSession } from "./support/pane";
import { poll } from "../support/poll";
import { expectWithMessage } from "../support/expect-message";

const VIEWPORT = { width: 320, height: 720 };
let session: PaneSession;
let page: Page;

beforeAll(async () => {
  session = await startPane();
  ({ page } = await openPane(session, { viewport: VIEWPORT }));
  // The standalone notice's own fit at 320 px is another item of issue 13 (and its test): out of the way.
  await page.getByRole("button", { name: "Dismiss the notice" }).click();
});

afterAll(async () => {
  await session?.close();
});

async function expectNoSidewaysScroll(view: string) {
  const { overflow, widest } = await page.evaluate(() => {
    const width = window.innerWidth;
    // The innermost elements that reach past the pane's right edge: what to fix.
    const past = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      overflow: document.documentElement.scrollWidth - width,
      widest: innermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? "").slice(0, 40)}" right ${Math.round(el.getBoundingClientRect().right)}`),
    };
  });
  expectWithMessage(
    overflow,
    `${view}: the pane scrolls sideways by ${overflow}px at 320 px; past the edge: ${widest.join("; ")}`,
  ).toBeLessThanOrEqual(0);
}

const status = () => page.getByRole("status").filter({ hasText: /snippets?$/ });
const results = () => page.getByRole("region", { name: "Results" });
const first = (text: string | null) => Number(text?.match(/\d[\d,]*/)?.[0]?.replace(/,/g, ""));

describe("at 320 px", () => {
  it("search finds through swapped letters in any word, exact matches first", async () => {
    await searchBox(page).fill("paymnet");
    await poll(() => results().getByRole("button", { name: "Payment terms", exact: true }).count()).toBeGreaterThan(0);
    await searchBox(page).fill("payment trems");
    await poll(async () => (await results().getByRole("listitem").first().textContent()) ?? "").toMatch(/^Payment terms/);
    expect(await status().textContent()).toMatch(/^\d+ of \d+ snippets$/);
    await expectNoSidewaysScroll("Library with a search");
    await searchBox(page).fill("");
  });

  it("the Tag filter is typed into and picked from the keyboard, its list inside the pane", async () => {
    await searchBox(page).fill("");
    const tag = page.getByRole("combobox", { name: "Tag" });
    await tag.focus();
    await page.keyboard.type("pay");
    const listbox = page.getByRole("listbox");
    await listbox.waitFor();
    const options = await listbox.getByRole("option").allTextContents();
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) expect(o.toLowerCase()).toContain("pay");
    const box = await listbox.boundingBox();
    expectWithMessage(box!.x + box!.width, "the tag list runs off the pane").toBeLessThanOrEqual(VIEWPORT.width);
    await expectNoSidewaysScroll("Library with the tag list open");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const picked = await tag.inputValue();
    expect(picked.toLowerCase()).toContain("pay");
    await poll(async () => (await status().textContent()) ?? "").toMatch(/^\d+ of \d+ snippets$/);
    const items = await results().getByRole("listitem").count();
    expect(first(await status().textContent())).toBe(items);
    await expectNoSidewaysScroll("Library filtered by tag");
    await tag.fill("");
    await page.keyboard.press("Tab");
    await poll(async () => (await status().textContent()) ?? "").toMatch(/^\d+ snippets$/);
  });

  it("Library and Manage count the library alike", async () => {
    await tab(page, "Library").click();
    await searchBox(page).fill("");
    await poll(async () => (await status().textContent()) ?? "").toMatch(/^\d+ snippets$/);
    const listed = first(await status().textContent());
    const summary = await page.getByText(/^.+ \(\d+ snippets?/).first().textContent();
    expect(first(summary)).toBe(listed);
    await tab(page, "Manage").click();
    const heading = page.getByRole("heading", { level: 2 }).first();
    await poll(async () => first(await heading.textContent())).toBe(listed);
    await expectNoSidewaysScroll("Manage");
  });

  it("a boolean variable's default is a switch, without sideways scrolling", async () => {
    await tab(page, "Manage").click();
    await page.getByRole("button", { name: "New snippet" }).click();
    await page.getByRole("button", { name: "Add variable" }).click();
    const variable = page.getByRole("group", { name: "Variable field1" });
    await variable.getByRole("combobox", { name: "Type" }).selectOption("boolean");
    const toggle = variable.getByRole("switch", { name: "On by default" });
    await toggle.check();
    expect(await toggle.isChecked()).toBe(true);
    expect(await variable.getByRole("textbox", { name: "Default" }).count()).toBe(0);
    await expectNoSidewaysScroll("the variables editor with a boolean variable");
  });
});
