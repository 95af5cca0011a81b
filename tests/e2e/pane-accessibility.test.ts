// Accessibility of the built pane in real Chromium: an axe-core scan of each view (Library, Snippet with
// its preview, Document with the Insert menu open) in the light and the dark theme, with no serious or
// critical violations; and the whole flow done with the keyboard alone.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import { formatFindings, focusedLabel, pressUntilFocused, runAxe, type AxeFinding } from "./support/a11y";
import {
  addSection,
  docxText,
  field,
  openSnippet,
  outlineTitles,
  searchBox,
  SECTIONS,
  showDocument,
  tab,
  type SectionPlan,
} from "./support/flow";
import { openPane, startPane, type PaneSession } from "./support/pane";
import { poll } from "../support/poll";
import { expectWithMessage } from "../support/expect-message";

let session: PaneSession;

beforeAll(async () => {
  session = await startPane();
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

/** Scans, prints every finding (so moderate ones are seen too), fails on serious or critical ones. */
async function scan(page: Page, view: string): Promise<AxeFinding[]> {
  const findings = await runAxe(page);
  if (findings.length > 0) console.log(`[axe] ${view}:\n${formatFindings(findings)}`);
  const blocking = findings.filter((f) => f.impact === "serious" || f.impact === "critical");
  expectWithMessage(blocking, `${view}:\n${formatFindings(blocking)}`).toEqual([]);
  return findings;
}

describe.each(["light", "dark"] as const)("axe-core, %s theme", (theme) => {
  let page: Page;

  beforeAll(async () => {
    // Inside the simulated Word, so the Insert controls are live (axe skips disabled controls).
    ({ page } = await openPane(session, { office: { wordApi: "1.5" }, colorScheme: theme }));
  });

  it("uses the theme", async () => {
    expect(await page.locator("[data-theme]").first().getAttribute("data-theme")).toBe(theme);
  });

  it("Library view", async () => {
    await searchBox(page).fill("");
    await scan(page, `Library (${theme})`);
  });

  it("Snippet view with its preview", async () => {
    await openSnippet(page, parties);
    await page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame().locator("article").first().waitFor();
    await scan(page, `Snippet (${theme})`);
  });

  it("Document view with the Insert menu open", async () => {
    for (const plan of [parties, payment]) await addSection(page, plan);
    await showDocument(page);
    await scan(page, `Document (${theme})`);
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    await page.getByRole("menu").waitFor();
    await scan(page, `Insert menu (${theme})`);
    await page.keyboard.press("Escape");
  });
});

describe("keyboard only", () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openPane(session));
    await page.locator("body").focus();
  });

  /** From the search box: type, Tab to the result, Enter, fill the fields with Tab + typing, Enter. */
  async function addByKeyboard(plan: SectionPlan) {
    await pressUntilFocused(page, searchBox(page));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(plan.query);
    const result = page
      .getByRole("region", { name: "Results" })
      .getByRole("button", { name: plan.title, exact: true });
    await result.waitFor();
    await pressUntilFocused(page, result);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 2, name: new RegExp(`^${plan.title}`) }).waitFor();
    let last = "";
    for (const [label, value] of Object.entries(plan.values)) {
      await pressUntilFocused(page, field(page, label));
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(value);
      expect(await field(page, label).inputValue()).toBe(value);
      last = label;
    }
    expect(last).not.toBe("");
    await page.keyboard.press("Enter"); // submits the form: "Add to document"
    await page.getByText(`Added “${plan.title}” to the document.`).waitFor();
  }

  /** Shift+Tab back to the tab list, then arrow keys and Enter to switch views. */
  async function switchView(to: "Library" | "Document") {
    await pressUntilFocused(page, page.getByRole("tab", { selected: true }), "Shift+Tab");
    const target = tab(page, to);
    await pressUntilFocused(page, target, to === "Library" ? "ArrowLeft" : "ArrowRight", 4);
    await page.keyboard.press("Enter");
    await poll(() => target.getAttribute("aria-selected")).toBe("true");
  }

  it("finds, fills and adds two snippets", async () => {
    await addByKeyboard(payment);
    await switchView("Library");
    await addByKeyboard(signature);
    await switchView("Document");
    expect(await outlineTitles(page)).toEqual([payment.title, signature.title]);
  });

  it("moves a section with Alt+Arrow keys and keeps focus on it", async () => {
    const item = page.getByRole("listitem", { name: /^Signature block, section 2 of 2$/ });
    await pressUntilFocused(page, item);
    await page.keyboard.press("Alt+ArrowUp");
    await poll(() => outlineTitles(page)).toEqual([signature.title, payment.title]);
    expect(await focusedLabel(page)).toBe("Signature block, section 1 of 2");
    await page.keyboard.press("Alt+ArrowDown");
    await poll(() => outlineTitles(page)).toEqual([payment.title, signature.title]);
    await page.keyboard.press("Alt+ArrowUp");
    await poll(() => outlineTitles(page)).toEqual([signature.title, payment.title]);
  });

  it("moves a section with its Move down button (Space)", async () => {
    const first = page.getByRole("listitem", { name: /, section 1 of 2$/ });
    await pressUntilFocused(page, first.getByRole("button", { name: "Move down" }));
    await page.keyboard.press("Space");
    await poll(() => outlineTitles(page)).toEqual([payment.title, signature.title]);
    await page.keyboard.press("Alt+ArrowUp"); // focus stayed in the moved section: move it back up
    await poll(() => outlineTitles(page)).toEqual([signature.title, payment.title]);
  });

  it("downloads the .docx with Enter", async () => {
    const button = page.getByRole("button", { name: "Download .docx" });
    await pressUntilFocused(page, button);
    const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    await expectValidDocx(bytes);
    const text = await docxText(bytes);
    const signatureAt = text.indexOf(signature.expect[0]!);
    const paymentAt = text.indexOf(payment.expect[0]!);
    expectWithMessage(signatureAt, text).toBeGreaterThanOrEqual(0);
    expectWithMessage(paymentAt, text).toBeGreaterThan(signatureAt);
  });
});
