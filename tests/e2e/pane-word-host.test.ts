// The built task pane inside a simulated Word: office.js is answered with fake-office.js, which plays
// Office and Word and records every call. The pane assembles three filled-in snippets and inserts them at
// the cursor, at the end and at the start, replaces the document and opens a new one; each payload must be
// a valid .docx with what was typed, at the right location, wrapped in a content control tagged
// sectionsmith:<id>@<version>. Then older Words (no WordApi 1.5, only 1.1) and a Word that refuses.
//
// Within a describe block the tests share one page and run in order.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addSection, outlineTitles, SECTIONS, showDocument, type SectionPlan } from "./support/flow";
import { openPane, startPane, type FakeOfficeConfig, type OpenPane, type PaneSession } from "./support/pane";
import {
  expectPayload,
  inserts,
  tagOf,
  wordBlocks,
  wordCallCount,
  wordCalls,
  type WordCall,
} from "./support/word";
import { expectWithMessage } from "../support/expect-message";

let session: PaneSession;

beforeAll(async () => {
  session = await startPane();
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [SectionPlan, SectionPlan, SectionPlan];

/** Every simulated-Word page opened, for their page and console errors (CSP violations among them). */
const panes: OpenPane[] = [];

async function wordPane(office: FakeOfficeConfig, plans: readonly SectionPlan[]): Promise<Page> {
  const pane = await openPane(session, { office });
  panes.push(pane);
  const { page } = pane;
  for (const plan of plans) await addSection(page, plan);
  await showDocument(page);
  expect(await outlineTitles(page)).toEqual(plans.map((p) => p.title));
  return page;
}

/** Chooses a place in the Insert menu, waits for the pane's verdict, returns the calls Word received. */
async function insertVia(page: Page, menuItem: string | null, outcome: string | RegExp): Promise<WordCall[]> {
  const before = await wordCallCount(page);
  if (menuItem === null) {
    await page.getByRole("button", { name: "Insert into Word" }).click();
  } else {
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    await page.getByRole("menuitem", { name: menuItem }).click();
  }
  await page.getByText(outcome).first().waitFor();
  return wordCalls(page, before);
}

async function dismiss(page: Page) {
  await page.getByRole("button", { name: "Dismiss" }).click();
}

/** The other plans' values must not leak into a piece meant for one section. */
function expectOnly(text: string, plan: SectionPlan) {
  for (const other of SECTIONS.filter((p) => p !== plan))
    for (const phrase of other.expect) expectWithMessage(text, `${plan.title} piece`).not.toContain(phrase);
}

describe("inside Word (WordApi 1.5)", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane({ wordApi: "1.5", platform: "PC" }, SECTIONS);
  });

  it("runs as a Word add-in: no standalone notice, Insert into Word enabled", async () => {
    expect(await page.getByText(/^Standalone mode:/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Insert into Word" }).isEnabled()).toBe(true);
    const probes = (await wordCalls(page)).filter((c) => c.method === "isSetSupported");
    expect(probes.map((c) => c.args[0])).toContain("WordApi");
  });

  it("inserts the three sections at the cursor, each in a tagged content control", async () => {
    const calls = await insertVia(page, null, "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([
      ["selection", "After"],
      [expect.stringMatching(/^cc#\d+\.Whole$/), "After"],
      [expect.stringMatching(/^cc#\d+\.Whole$/), "After"],
    ]);
    for (const [i, plan] of SECTIONS.entries()) {
      const text = await expectPayload(files[i]!.args[0], [plan], "fragment");
      expectOnly(text, plan);
    }
    const tags = calls.filter((c) => c.method === "set tag").map((c) => c.args[0]);
    expect(tags).toEqual(SECTIONS.map(tagOf));

    const blocks = await wordBlocks(page);
    expect(blocks.map((b) => b.tag ?? b.text)).toEqual([
      "Intro",
      "[cursor]",
      ...SECTIONS.map(tagOf),
      "Outro",
    ]);
    expect(blocks.slice(2, 5).map((b) => b.title)).toEqual(SECTIONS.map((p) => p.title));
    await dismiss(page);
  });

  it("appends them at the end with Document.insertFileFromBase64 and its import options", async () => {
    const calls = await insertVia(page, "At the end of the document", "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([
      ["document", "End"],
      ["document", "End"],
      ["document", "End"],
    ]);
    for (const call of files) expect(call.args[2]).toMatchObject({ importTheme: false, importStyles: true });
    for (const [i, plan] of SECTIONS.entries()) await expectPayload(files[i]!.args[0], [plan], "fragment");
    const blocks = await wordBlocks(page);
    expect(blocks.slice(-3).map((b) => b.tag)).toEqual(SECTIONS.map(tagOf));
    await dismiss(page);
  });

  it("puts them at the start in outline order (inserted last to first)", async () => {
    const calls = await insertVia(page, "At the start of the document", "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([
      ["document", "Start"],
      ["document", "Start"],
      ["document", "Start"],
    ]);
    const reversed = [...SECTIONS].reverse();
    for (const [i, plan] of reversed.entries()) await expectPayload(files[i]!.args[0], [plan], "fragment");
    const blocks = await wordBlocks(page);
    expect(blocks.slice(0, 3).map((b) => b.tag)).toEqual(SECTIONS.map(tagOf));
    await dismiss(page);
  });

  it("replaces the whole document with one complete .docx", async () => {
    const calls = await insertVia(page, "Replace the whole document", "Inserted the document into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["document", "Replace"]]);
    const text = await expectPayload(files[0]!.args[0], SECTIONS, "document");
    const order = SECTIONS.map((p) => text.indexOf(p.expect[0]!));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const blocks = await wordBlocks(page);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.base64).toBe(files[0]!.args[0]);
    await dismiss(page);
  });

  it("opens the assembled document as a new Word document", async () => {
    const calls = await insertVia(page, "As a new Word document", "Inserted the document into Word.");
    expect(inserts(calls)).toEqual([]);
    const created = calls.filter((c) => c.method === "createDocument");
    expect(created).toHaveLength(1);
    await expectPayload(created[0]!.args[0], SECTIONS, "document");
    expect(calls.map((c) => c.method)).toContain("open");
    await dismiss(page);
  });
});

describe("a Word without WordApi 1.5 (Office 2019: WordApi 1.3)", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane({ wordApi: "1.3", platform: "PC" }, [payment, signature]);
  });

  it("keeps Start, End and Replace available, falling back to Body.insertFileFromBase64", async () => {
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    for (const name of [
      "At the start of the document",
      "At the end of the document",
      "Replace the whole document",
    ])
      expectWithMessage(await page.getByRole("menuitem", { name }).getAttribute("aria-disabled"), name).not.toBe("true");
    await page.keyboard.press("Escape");

    const calls = await insertVia(page, "At the end of the document", "Inserted 2 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([
      ["body", "End"],
      ["body", "End"],
    ]);
    expect(files.every((c) => c.args.length === 2)).toBe(true); // Body takes no import options
    await expectPayload(files[0]!.args[0], [payment], "fragment");
    await expectPayload(files[1]!.args[0], [signature], "fragment");
    expect((await wordBlocks(page)).slice(-2).map((b) => b.tag)).toEqual([tagOf(payment), tagOf(signature)]);
  });
});

describe("a Word with only WordApi 1.1 (dark Office theme)", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane({ wordApi: "1.1", platform: "PC", bodyBackground: "#262626" }, [
      payment,
      signature,
    ]);
  });

  it("follows Office's dark theme", async () => {
    expect(await page.locator("[data-theme]").first().getAttribute("data-theme")).toBe("dark");
  });

  it("disables “As a new Word document” and says why in a tooltip", async () => {
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    const item = page.getByRole("menuitem", { name: "As a new Word document" });
    expect(await item.getAttribute("aria-disabled")).toBe("true");
    await item.hover();
    const tooltip = page.getByRole("tooltip");
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(
      /needs Word 2016 or later \(WordApi 1\.3\).*download the \.docx/,
    );
    const before = await wordCallCount(page);
    await item.click({ force: true });
    expect(await page.getByRole("menu").isVisible()).toBe(true); // a disabled item neither acts nor closes
    expect(await wordCallCount(page)).toBe(before);
    await page.keyboard.press("Escape");
  });

  it("refuses several sections at the cursor with what to do instead, inserting nothing", async () => {
    const calls = await insertVia(page, null, /needs WordApi 1\.3, which this Word lacks/);
    expect(inserts(calls)).toEqual([]);
    await page.getByText("Insert at the start or end of the document, or update Office.").waitFor();
    expect(await outlineTitles(page)).toEqual([payment.title, signature.title]);
    await dismiss(page);
  });

  it("still inserts at the start of the body", async () => {
    const calls = await insertVia(page, "At the start of the document", "Inserted 2 sections into Word.");
    expect(inserts(calls).map((c) => [c.target, c.args[1]])).toEqual([
      ["body", "Start"],
      ["body", "Start"],
    ]);
    expect((await wordBlocks(page)).slice(0, 2).map((b) => b.tag)).toEqual([
      tagOf(payment),
      tagOf(signature),
    ]);
  });
});

describe("Word refusing an insert", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane(
      {
        wordApi: "1.5",
        failures: [{ method: "insertFileFromBase64", nth: 2, code: "AccessDenied", message: "Protected." }],
      },
      [parties, payment],
    );
  });

  it("shows an actionable message, removes the partial insert and keeps the outline", async () => {
    const calls = await insertVia(page, null, /Word refused the insertion: AccessDenied/);
    expect(inserts(calls)).toHaveLength(2);
    const error = page.locator(".fui-MessageBar").filter({ hasText: "AccessDenied" });
    const text = await error.textContent();
    expect(text).toMatch(/The 1 section\(s\) inserted before the failure were removed again\./);
    expect(text).toMatch(/protected \(read-only, restricted editing or a locked content control\)/);
    expect(calls.some((c) => c.method === "delete" && c.args[0] === false)).toBe(true);
    expect((await wordBlocks(page)).map((b) => b.text)).toEqual(["Intro", "[cursor]", "Outro"]);
    expect(await outlineTitles(page)).toEqual([parties.title, payment.title]);
  });

  it("inserts once Word accepts again", async () => {
    await dismiss(page);
    const calls = await insertVia(page, null, "Inserted 2 sections into Word.");
    expect(inserts(calls)).toHaveLength(2);
    expect((await wordBlocks(page)).map((b) => b.tag ?? b.text)).toEqual([
      "Intro",
      "[cursor]",
      tagOf(parties),
      tagOf(payment),
      "Outro",
    ]);
  });
});

// Runs last: failed inserts are reported in the pane, never as uncaught errors or console noise.
it("raised no page or console errors on any simulated-Word page", () => {
  expect(panes.length).toBeGreaterThan(0);
  expect(panes.flatMap((p) => p.errors)).toEqual([]);
});
