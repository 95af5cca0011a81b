// The built task pane inside a simulated Word: office.js is answered with fake-office.js, which plays
// Office and Word and records every call. The pane assembles three filled-in snippets and inserts them at
// the cursor, at the end and at the start, replaces the document and opens a new one. One Insert is ONE
// insertFileFromBase64 call: a valid .docx with what was typed, each section inside it in its own
// block-level content control tagged sectionsmith:<id>@<version> and titled with the snippet's title.
// Then older Words (no WordApi 1.5, only 1.1), a Word that refuses, and Word on the web's 4 MB limit.
//
// Within a describe block the tests share one page and run in order.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addSection, outlineItem, outlineTitles, SECTIONS, showDocument, type SectionPlan } from "./support/flow";
import { openPane, startPane, type FakeOfficeConfig, type OpenPane, type PaneSession } from "./support/pane";
import {
  expectPayload,
  inserts,
  packageControls,
  tagOf,
  wordBlocks,
  wordCallCount,
  wordCalls,
  type WordCall,
} from "./support/word";
import { expectWithMessage } from "../support/expect-message";
import { png } from "../engine/limits/helpers";

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

/** The package's content controls: one per plan, in order, tagged and titled, each with only its own text. */
async function expectControls(base64: unknown, plans: readonly SectionPlan[]) {
  const controls = await packageControls(base64);
  expect(controls.map((c) => c.tag)).toEqual(plans.map(tagOf));
  expect(controls.map((c) => c.title)).toEqual(plans.map((p) => p.title));
  for (const [i, plan] of plans.entries()) {
    for (const phrase of plan.expect) expectWithMessage(controls[i]!.text, plan.title).toContain(phrase);
    for (const other of plans.filter((p) => p !== plan))
      for (const phrase of other.expect)
        expectWithMessage(controls[i]!.text, `${plan.title} control`).not.toContain(phrase);
  }
}

/** Nothing wraps the package in Word: its controls come with it. */
const noWrapping = (calls: WordCall[]) => {
  expect(calls.filter((c) => c.method === "insertContentControl")).toEqual([]);
  expect(calls.filter((c) => c.method === "set tag")).toEqual([]);
};

describe("inside Word (WordApi 1.5)", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane({ wordApi: "1.5", platform: "PC" }, SECTIONS);
  });

  it("runs as a Word add-in: no standalone notice, Insert into Word enabled", async () => {
    expect(await page.getByText(/^Not running inside Word/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Insert into Word" }).isEnabled()).toBe(true);
    const probes = (await wordCalls(page)).filter((c) => c.method === "isSetSupported");
    expect(probes.map((c) => c.args[0])).toContain("WordApi");
  });

  it("inserts the three sections at the cursor with one call, each in a tagged content control inside it", async () => {
    const calls = await insertVia(page, null, "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["selection", "After"]]);
    await expectPayload(files[0]!.args[0], SECTIONS, "fragment");
    await expectControls(files[0]!.args[0], SECTIONS);
    noWrapping(calls);
    const blocks = await wordBlocks(page);
    expect(blocks.map((b) => b.base64 ?? b.text)).toEqual(["Intro", "[cursor]", files[0]!.args[0], "Outro"]);
    await dismiss(page);
  });

  it("lists the inserted sections under In this document, read from the content controls inside the package", async () => {
    // The simulated Word unzips what it is given (fake-office.js): the package's block-level w:sdt are
    // the document's content controls, as in Word, and Document.contentControls lists them.
    const inserted = (await wordBlocks(page)).find((b) => b.base64 !== undefined);
    expect(inserted?.controls?.map((c) => [c.tag, c.title])).toEqual(SECTIONS.map((p) => [tagOf(p), p.title]));
    for (const [i, plan] of SECTIONS.entries())
      for (const phrase of plan.expect) expectWithMessage(inserted!.controls![i]!.text, plan.title).toContain(phrase);
    const before = await wordCallCount(page);
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    const list = page.getByRole("list", { name: "Snippets in this document" });
    await list.waitFor();
    const labels = await list.locator(":scope > li").evaluateAll((lis) => lis.map((li) => li.getAttribute("aria-label")));
    expect(labels).toEqual(SECTIONS.map((p) => `${p.title}, Current`));
    await page.getByText("3 snippets in this document, all up to date.").waitFor();
    const reads = (await wordCalls(page, before)).filter((c) => c.target === "contentControls" && c.method === "load");
    expect(reads).toHaveLength(1);
  });

  it("appends them at the end with one Document.insertFileFromBase64, the host's styles winning", async () => {
    const calls = await insertVia(page, "At the end of the document", "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["document", "End"]]);
    expect(files[0]!.args[2]).toMatchObject({ importTheme: false, importStyles: false });
    await expectControls(files[0]!.args[0], SECTIONS);
    noWrapping(calls);
    expect((await wordBlocks(page)).at(-1)!.base64).toBe(files[0]!.args[0]);
    await dismiss(page);
  });

  it("puts them at the start in outline order, with the snippets' formatting when asked", async () => {
    const before = await wordCallCount(page);
    await page.getByRole("button", { name: "Choose where to insert" }).click();
    // The check box keeps the menu open (persistOnClick): the place is chosen in the same menu.
    await page.getByRole("menuitemcheckbox", { name: "Use the snippets’ formatting" }).click();
    await page.getByRole("menuitem", { name: "At the start of the document" }).click();
    await page.getByText("Inserted 3 sections into Word.").first().waitFor();
    const calls = await wordCalls(page, before);
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["document", "Start"]]);
    expect(files[0]!.args[2]).toMatchObject({ importStyles: true });
    await expectControls(files[0]!.args[0], SECTIONS);
    expect((await wordBlocks(page))[0]!.base64).toBe(files[0]!.args[0]);
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

describe("at the cursor inside a numbered list of the document", () => {
  let page: Page;
  const HOST_LIST = 7;

  beforeAll(async () => {
    page = await wordPane({ wordApi: "1.5", platform: "PC", cursorParagraph: { list: HOST_LIST, level: 0 } }, [payment]);
  });

  const numbering = async (choice: "Continue from the previous section" | "Restart numbering") => {
    const options = page.getByRole("group", { name: `Options for ${payment.title}` });
    if (!(await options.isVisible())) await outlineItem(page, payment.title).getByRole("button", { name: "Options" }).click();
    await options.getByRole("radio", { name: choice }).check();
  };
  /** The controls of the package this call list inserted (a later insert at the cursor lands before earlier ones). */
  const packageOf = async (calls: WordCall[]) =>
    (await wordBlocks(page)).find((b) => b.base64 === inserts(calls)[0]!.args[0])!.controls![0]!;

  it("a section set to continue: its numbered items join the document's list (detach, then attachToList)", async () => {
    await numbering("Continue from the previous section");
    const calls = await insertVia(page, null, /^Inserted/);
    const attached = calls.filter((c) => c.method === "attachToList");
    expect(attached.map((c) => c.args)).toEqual(Array.from({ length: 4 }, () => [HOST_LIST, 0]));
    expect(calls.filter((c) => c.method === "detachFromList")).toHaveLength(4);
    const control = await packageOf(calls);
    expect(control.tag).toBe(tagOf(payment));
    const items = control.paragraphs.filter((p) => p.list !== undefined);
    expect(items.map((p) => p.list)).toEqual([HOST_LIST, HOST_LIST, HOST_LIST, HOST_LIST]);
    expect(items[0]!.text).toContain("within 45 days of the invoice date");
    await dismiss(page);
  });

  it("a section that restarts keeps the list Word inserted", async () => {
    await numbering("Restart numbering");
    const calls = await insertVia(page, null, /^Inserted/);
    expect(calls.filter((c) => ["attachToList", "detachFromList"].includes(c.method))).toEqual([]);
    const items = (await packageOf(calls)).paragraphs.filter((p) => p.list !== undefined);
    expect(items).toHaveLength(4);
    expect(items.every((p) => p.list !== HOST_LIST && p.list! > 1000)).toBe(true);
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
      expectWithMessage(
        await page.getByRole("menuitem", { name }).getAttribute("aria-disabled"),
        name,
      ).not.toBe("true");
    await page.keyboard.press("Escape");

    const calls = await insertVia(page, "At the end of the document", "Inserted 2 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["body", "End"]]);
    expect(files.every((c) => c.args.length === 2)).toBe(true); // Body takes no import options
    await expectPayload(files[0]!.args[0], [payment, signature], "fragment");
    await expectControls(files[0]!.args[0], [payment, signature]);
    expect((await wordBlocks(page)).at(-1)!.base64).toBe(files[0]!.args[0]);
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

  it("inserts several sections at the cursor in one call: the package needs no WordApi 1.3", async () => {
    const calls = await insertVia(page, null, "Inserted 2 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["selection", "After"]]);
    await expectControls(files[0]!.args[0], [payment, signature]);
    expect(await outlineTitles(page)).toEqual([payment.title, signature.title]);
    await dismiss(page);
  });

  it("still inserts at the start of the body", async () => {
    const calls = await insertVia(page, "At the start of the document", "Inserted 2 sections into Word.");
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([["body", "Start"]]);
    await expectControls(files[0]!.args[0], [payment, signature]);
    expect((await wordBlocks(page))[0]!.base64).toBe(files[0]!.args[0]);
  });
});

describe("Word refusing an insert", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane(
      {
        wordApi: "1.5",
        failures: [{ method: "insertFileFromBase64", nth: 1, code: "AccessDenied", message: "Protected." }],
      },
      [parties, payment],
    );
  });

  it("shows an actionable message, leaves the document as it was and keeps the outline", async () => {
    const calls = await insertVia(page, null, /Word refused the insertion: AccessDenied/);
    expect(inserts(calls)).toHaveLength(1);
    const error = page.locator(".fui-MessageBar").filter({ hasText: "AccessDenied" });
    const text = await error.textContent();
    expect(text).toMatch(/protected \(read-only, restricted editing or a locked content control\)/);
    expect((await wordBlocks(page)).map((b) => b.text)).toEqual(["Intro", "[cursor]", "Outro"]);
    expect(await outlineTitles(page)).toEqual([parties.title, payment.title]);
  });

  it("inserts once Word accepts again", async () => {
    await dismiss(page);
    const calls = await insertVia(page, null, "Inserted 2 sections into Word.");
    const files = inserts(calls);
    expect(files).toHaveLength(1);
    await expectControls(files[0]!.args[0], [parties, payment]);
    expect((await wordBlocks(page)).map((b) => b.base64 ?? b.text)).toEqual([
      "Intro",
      "[cursor]",
      files[0]!.args[0],
      "Outro",
    ]);
  });
});

/** A whole PNG with `bytes` random (incompressible) bytes of pixel data: its package cannot be zipped smaller. */
function noisyPng(bytes: number, seed: number): string {
  const data = png(256, 256, bytes, (payload) => {
    let x = seed; // xorshift32
    for (let i = 0; i < payload.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      payload[i] = x & 0xff;
    }
  });
  return `data:image/png;base64,${Buffer.from(data).toString("base64")}`;
}

describe("Word on the web: 4 MB per insert", () => {
  let page: Page;
  // Three sections of 1.6 MB pictures: 4.8 MB together, past the limit; two of them fit in one package.
  const big: SectionPlan[] = [1, 2, 3].map((n) => ({
    query: "oversized figure",
    title: `Oversized figure ${n}`,
    id: `e2e-figure-${n}`,
    version: 1,
    values: {},
    expect: [`Figure ${n} follows.`],
  }));

  beforeAll(async () => {
    const pane = await openPane(session, { office: { wordApi: "1.5", platform: "OfficeOnline" } });
    panes.push(pane);
    page = pane.page;
    const library = {
      format: "sectionsmith/library@1",
      name: "Figures",
      snippets: big.map((plan, i) => ({
        id: plan.id,
        title: plan.title,
        status: "approved",
        body: `Figure ${i + 1} follows.\n\n![figure](${noisyPng(1_600_000, 0x9e3779b9 ^ (i + 1))})`,
      })),
    };
    await page.getByRole("tab", { name: /^Library/ }).click();
    await page.getByLabel("Import library (.json)").setInputFiles({
      name: "figures.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(library)),
    });
    await page.getByText("Imported figures.json.").waitFor();
    for (const plan of big) await addSection(page, plan);
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual(big.map((p) => p.title));
  });

  it("splits into packages of at most 4 MB, in order, the sections' controls inside them", async () => {
    const calls = await insertVia(page, "At the end of the document", "Inserted 3 sections into Word.");
    const files = inserts(calls);
    expect(files.length).toBeGreaterThan(1);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual(files.map(() => ["document", "End"]));
    const tags: string[] = [];
    for (const file of files) {
      expect(Buffer.from(file.args[0] as string, "base64").length).toBeLessThanOrEqual(4 * 1024 * 1024);
      tags.push(...(await packageControls(file.args[0])).map((c) => c.tag));
    }
    expect(tags).toEqual(big.map(tagOf));
    noWrapping(calls);
  });
});

// Runs last: failed inserts are reported in the pane, never as uncaught errors or console noise.
it("raised no page or console errors on any simulated-Word page", () => {
  expect(panes.length).toBeGreaterThan(0);
  expect(panes.flatMap((p) => p.errors)).toEqual([]);
});
