// Library management in the built pane, in headless Chromium: a snippet created in Manage survives a
// reload (IndexedDB); a broken library file shows every problem with its path and changes nothing; a
// selection captured from the simulated Word (Word desktop's list HTML) becomes the expected Markdown in a
// new draft; a deprecated snippet asks before it is added; and the document inventory finds an outdated
// snippet in a simulated document and updates it in place (a "Replace" insert into that content control,
// retagged with the new version).

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../src/engine";
import { addSection, SECTIONS, tab, type SectionPlan } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import {
  addContentControl,
  expectPayload,
  inserts,
  setSelectionHtml,
  wordBlocks,
  wordCallCount,
  wordCalls,
} from "./support/word";
import { poll } from "../support/poll";
import { expectWithMessage } from "../support/expect-message";

let session: PaneSession;
const panes: OpenPane[] = [];

beforeAll(async () => {
  session = await startPane();
});

afterAll(async () => {
  await session?.close();
});

async function pane(office?: "word"): Promise<Page> {
  const opened = await openPane(session, office ? { office: { wordApi: "1.5", platform: "PC" } } : {});
  panes.push(opened);
  return opened.page;
}

const manageList = (page: Page) => page.getByRole("list", { name: "Snippets in your library" });

async function openManage(page: Page) {
  await tab(page, "Manage").click();
  await manageList(page).waitFor();
}

/** Each row of Manage's list as "title id@version" (what a user reads there). */
async function manageRows(page: Page): Promise<string[]> {
  return manageList(page)
    .locator(":scope > li")
    .evaluateAll((lis) => lis.map((li) => (li.textContent ?? "").replace(/\s+/g, " ").trim()));
}

describe("Manage, standalone", () => {
  let page: Page;

  beforeAll(async () => {
    page = await pane();
  });

  it("keeps a snippet created in Manage after the page is reloaded", async () => {
    await openManage(page);
    const before = await manageRows(page);
    await page.getByRole("button", { name: "New snippet" }).click();
    await page.getByRole("textbox", { name: "Id" }).fill("e2e-kept");
    await page.getByRole("textbox", { name: "Title" }).fill("Kept across reloads");
    await page
      .getByRole("textbox", { name: "Body (Markdown)" })
      .fill("## Kept\n\nThis text **survives** a reload.");
    await page.getByText("No problems.").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved e2e-kept version 1.").waitFor();

    await page.reload();
    await page.getByRole("searchbox", { name: "Search snippets" }).waitFor({ timeout: 30_000 });
    await openManage(page);
    const after = await manageRows(page);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((r) => r.includes("e2e-kept@1"))).toContain("Kept across reloads");
    await page.getByRole("button", { name: "Edit Kept across reloads version 1" }).click();
    expect(await page.getByRole("textbox", { name: "Body (Markdown)" }).inputValue()).toBe(
      "## Kept\n\nThis text **survives** a reload.",
    );
    await page.getByRole("button", { name: "Back to the list" }).click();

    // It is offered in the Library too (a draft: the approved-only switch is off).
    await tab(page, "Library").click();
    await page.getByRole("searchbox", { name: "Search snippets" }).fill("kept across reloads");
    await page
      .getByRole("region", { name: "Results" })
      .getByRole("button", { name: "Kept across reloads", exact: true })
      .waitFor();
  });

  it("shows every problem of a broken library file with its path, and changes nothing", async () => {
    const broken = {
      format: "sectionsmith/library@1",
      name: "Broken clauses",
      snippets: [
        { id: "e2e-fine", title: "Fine", body: "Fine." },
        { id: "Bad Id", title: "Bad id", body: "Text" },
        { id: "e2e-untitled", body: "Text" },
        {
          id: "e2e-bad-variable",
          title: "Bad variable",
          variables: [{ name: "x", type: "colour" }],
          body: "{{x}}",
        },
        { id: "e2e-bad-status", title: "Bad status", status: "retired", version: 0, body: "Text" },
      ],
    };
    // What the engine finds in it: every one of these must be on the page.
    const expected = validateLibrary(broken, { source: "broken.json" }).problems.filter(
      (p) => p.severity === "error",
    );
    expect(expected.length).toBeGreaterThanOrEqual(5);

    await openManage(page);
    const before = await manageRows(page);
    await page.getByLabel("Import library file").setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(broken, null, 2)),
    });
    const report = page.getByRole("region", { name: "Import report for broken.json" });
    await report.waitFor();
    const text = (await report.textContent()) ?? "";
    for (const p of expected) {
      expectWithMessage(text, `${p.path}: ${p.message}`).toContain(p.path);
      expectWithMessage(text, `${p.path}: ${p.message}`).toContain(p.message);
    }
    for (const path of [
      "snippets[1].id",
      "snippets[2].title",
      "snippets[3].variables[0].type",
      "snippets[4].status",
    ])
      expect(text).toContain(path);
    await report.getByText("Nothing can be imported until the file is fixed: nothing was changed.").waitFor();
    expect(await report.getByRole("button", { name: "Import all" }).isDisabled()).toBe(true);
    await report.getByRole("button", { name: "Cancel" }).click();
    expect(await manageRows(page)).toEqual(before);

    // Still nothing after a reload: the store was not touched.
    await page.reload();
    await page.getByRole("searchbox", { name: "Search snippets" }).waitFor({ timeout: 30_000 });
    await openManage(page);
    expect(await manageRows(page)).toEqual(before);
    expect(before.some((r) => r.includes("e2e-fine"))).toBe(false);
  });

  it("asks before adding a deprecated snippet, focused on opening its successor; Tab stays in the dialog", async () => {
    await tab(page, "Library").click();
    await page.getByRole("searchbox", { name: "Search snippets" }).fill("one-way");
    await page
      .getByRole("region", { name: "Results" })
      .getByRole("button", { name: "Non-disclosure agreement (one-way)", exact: true })
      .click();
    const form = page.getByRole("form");
    await form.getByRole("textbox", { name: "First party", exact: true }).fill("Northwind");
    await form.getByRole("textbox", { name: "Second party", exact: true }).fill("Fabrikam");
    await form.getByRole("textbox", { name: "Purpose", exact: true }).fill("a pilot");
    await page.getByRole("button", { name: "Add to document" }).click();

    const dialog = page.getByRole("dialog", { name: "“Non-disclosure agreement (one-way)” is deprecated" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("“Mutual non-disclosure agreement” (nda-mutual-v2@1)");
    const openSuccessor = dialog.getByRole("button", { name: "Open “Mutual non-disclosure agreement”" });
    await poll(() => openSuccessor.evaluate((b) => b === document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const add = page.getByRole("button", { name: "Add to document" });
    await poll(() => add.evaluate((b) => b === document.activeElement)).toBe(true); // focus is back
    expect(await tab(page, "Document").textContent()).not.toMatch(/\(\d+\)/); // nothing added: no "(1)"

    await add.click(); // opens again after a cancel
    await poll(() => openSuccessor.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 2, name: /^Mutual non-disclosure agreement/ }).waitFor();
    expect(await form.getByRole("textbox", { name: "First party", exact: true }).inputValue()).toBe(
      "Northwind",
    );
    expect(await form.getByRole("textbox", { name: "Purpose", exact: true }).inputValue()).toBe("a pilot");
  });
});

describe("Capture from the simulated Word", () => {
  it("turns Word desktop's selection HTML into the expected Markdown in a new draft", async () => {
    const page = await pane("word");
    const item = (level: number, marker: string, text: string) =>
      `<p class=MsoListParagraphCxSpMiddle style='margin-left:${36 * level}.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level${level} lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>\n`;
    const numbered = (n: number, text: string) =>
      `<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>${n}.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>\n`;
    await setSelectionHtml(
      page,
      `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset=utf-8><style><!-- p.MsoNormal{margin:0} --></style></head><body lang=EN-GB><div class=WordSection1>
<h2>Delivery</h2>
<p class=MsoNormal>1. This line starts with a number but is <b>not</b> a list.<o:p></o:p></p>
<p class=MsoNormal>- Neither is this one.<o:p></o:p></p>
${item(1, "·", "Hardware")}${item(2, "o", "Servers")}${item(2, "o", "<i>Racks</i>")}${item(1, "·", "Software")}
<p class=MsoNormal>Steps:<o:p></o:p></p>
${numbered(1, "Order")}${numbered(2, "Install")}
<p class=MsoNormal>See <a href="https://example.com/terms">the terms</a>.<o:p></o:p></p>
</div></body></html>`,
    );

    await openManage(page);
    await page.getByRole("button", { name: "Capture from Word" }).click();
    await page.getByRole("heading", { level: 2, name: "New snippet" }).waitFor();
    await page.getByText(/^Captured the selection as a new draft/).waitFor();
    expect(await page.getByRole("textbox", { name: "Body (Markdown)" }).inputValue()).toBe(
      [
        "## Delivery",
        "1\\. This line starts with a number but is **not** a list.",
        "\\- Neither is this one.",
        "- Hardware\n  - Servers\n  - *Racks*\n- Software",
        "Steps:",
        "1. Order\n2. Install",
        "See [the terms](https://example.com/terms).",
      ].join("\n\n"),
    );
    const calls = await wordCalls(page);
    expect(calls.filter((c) => c.method === "getHtml")).toHaveLength(1);
  });
});

describe("Document inventory in the simulated Word", () => {
  let page: Page;
  const payment = SECTIONS[1] as SectionPlan; // payment-terms version 2, "Payment period (days)": 45

  beforeAll(async () => {
    page = await pane("word");
  });

  it("finds the outdated and deprecated snippets and updates one in place with the outline's values, asked once", async () => {
    const old = await addContentControl(page, {
      text: "The Customer shall pay each undisputed invoice within 30 days of the invoice date.",
      tag: "sectionsmith:payment-terms@1",
      title: "Payment terms",
    });
    await addContentControl(page, { text: "Old NDA", tag: "sectionsmith:nda-one-way@1", title: "NDA" });
    await addContentControl(page, {
      text: "Parties",
      tag: "sectionsmith:contract-parties@1",
      title: "Parties",
    });
    await addContentControl(page, { text: "Theirs", tag: "other-addin:thing", title: "Not ours" });
    // The user's outline has the new version filled in (45 days): the update must use those values.
    await addSection(page, payment);

    await tab(page, "Document").click();
    const list = page.getByRole("list", { name: "Snippets in this document" });
    await list.waitFor();
    const labels = await list
      .locator(":scope > li")
      .evaluateAll((lis) => lis.map((li) => li.getAttribute("aria-label")));
    expect(labels).toEqual(["Payment terms, Newer version", "NDA, Deprecated", "Parties, Current"]);
    await page.getByText("3 snippets in this document, 2 need attention.").waitFor();
    const nda = list.getByRole("listitem", { name: /^NDA,/ });
    expect(await nda.textContent()).toContain(
      "Deprecated: replaced by “Mutual non-disclosure agreement” (nda-mutual-v2).",
    );
    await nda
      .getByRole("button", { name: "Open Mutual non-disclosure agreement, which replaces NDA" })
      .waitFor();

    // Updating as tracked changes is the default (pane-tracked-update.test.ts); this is the silent replace.
    await page.getByRole("radio", { name: "Replace silently" }).check();
    const before = await wordCallCount(page);
    await list.getByRole("button", { name: "Update Payment terms to version 2" }).click();
    // The section was inserted without its values stored in the document (an older insert): the pane
    // asks once, with the outline's values filled in (pane-section-values.test.ts covers the rest).
    const form = page.getByRole("form", { name: "Values for Payment terms" });
    await form.waitFor();
    expect(
      await form.getByRole("spinbutton", { name: "Payment period (days)", exact: true }).inputValue(),
    ).toBe("45");
    await form.getByRole("button", { name: "Update to version 2" }).click();
    await page.getByText("Updated “Payment terms” to version 2.").waitFor();
    const calls = await wordCalls(page, before);
    const files = inserts(calls);
    expect(files.map((c) => [c.target, c.args[1]])).toEqual([[old, "Replace"]]);
    const text = await expectPayload(files[0]!.args[0], [payment], "fragment");
    expect(text).toContain("within 45 days of the invoice date");
    expect(calls.filter((c) => c.method === "set tag")).toEqual([
      { target: old, method: "set tag", args: ["sectionsmith:payment-terms@2"] },
    ]);

    const blocks = await wordBlocks(page);
    const updated = blocks.find((b) => b.tag === "sectionsmith:payment-terms@2");
    expect(updated?.base64).toBe(files[0]!.args[0]);
    expect(blocks.filter((b) => b.tag === "sectionsmith:payment-terms@1")).toEqual([]);
    expect(blocks.map((b) => b.text)).toContain("Old NDA"); // the others are untouched

    // Read again after the update: now current.
    await list.getByRole("listitem", { name: "Payment terms, Current" }).waitFor();
    await page.getByText("3 snippets in this document, 1 needs attention.").waitFor();
  });
});

// Runs last: nothing above may raise page or console errors.
it("raised no page or console errors", () => {
  expect(panes.length).toBeGreaterThan(0);
  expect(panes.flatMap((p) => p.errors)).toEqual([]);
});
