// Clause references in the built pane, in headless Chromium inside the simulated Word (fake-office.js,
// issue 32). An outline whose sections refer to each other: a snippet's preview shows the numbers the
// outline gives the clauses it refers to, and the new ones once the sections are reordered; Insert hands
// Word REF fields with those numbers already in place. Across Inserts: a section inserted later refers
// to a clause an earlier Insert put in the document (its bookmark, read from Word, with its number as
// Word shows it); an Update in place of that clause keeps its bookmark names, so the reference still
// finds it; repeated Inserts never repeat a bookmark name; and the document put together from what Word
// was handed passes the schema and Word rules checks. Seen at 320 and 400 px (tests/e2e/.output/).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addToDocument,
  documentXml,
  openSnippet,
  outline,
  outlineItem,
  outlineTitles,
  tab,
} from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { shotsAtPaneWidths } from "./support/team-pane";
import { decode, inserts, wordBlocks, wordBookmarks, wordCalls } from "./support/word";
import { poll } from "../support/poll";
import { checkDocx } from "../support/ooxml-check";
import { hostDocx } from "../fidelity/support/host-docx";
import { insertFragment } from "../fidelity/support/insertion-model";

const SHOTS = join(__dirname, ".output");

const snippet = (id: string, version: number, title: string, body: string) => ({
  id,
  version,
  title,
  status: "approved",
  tags: ["reference demo"],
  body,
});
const FEES = "Fees (reference demo)";
const NOTICES = "Notices (reference demo)";
const TERM = "Term (reference demo)";
const feesBody = (heading: string) =>
  `# ${heading}\n\nFees are due monthly.\n\n## Late payment {{anchor "xref-late"}}\n\nLate fees accrue daily.`;
const LIBRARY = {
  format: "sectionsmith/library@1",
  name: "Reference demo",
  snippets: [
    snippet("xref-fees", 1, FEES, feesBody("Fees")),
    snippet(
      "xref-notices",
      1,
      NOTICES,
      '# Notices\n\nNotices about fees (clause {{ref "xref-fees"}}) and late payment (clause {{ref "xref-late"}}) are given in writing.',
    ),
    snippet(
      "xref-term",
      1,
      TERM,
      '# Term\n\nEither party may end this agreement by notice under clause {{ref "xref-notices"}}.',
    ),
  ],
};
/** Version 2 of the fees clause: a new heading, the same anchor. */
const FEES_V2 = {
  format: "sectionsmith/library@1",
  name: "Reference demo 2",
  snippets: [snippet("xref-fees", 2, FEES, feesBody("Fees and charges"))],
};

let session: PaneSession;
const panes: OpenPane[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startPane();
}, 600_000);

afterAll(async () => {
  await session?.close();
});

async function wordPane(): Promise<Page> {
  const opened = await openPane(session, { office: { wordApi: "1.5", platform: "PC" } });
  panes.push(opened);
  return opened.page;
}

async function importLibrary(page: Page, name: string, library: object) {
  await tab(page, "Library").click();
  await page
    .getByLabel("Import library (.json)")
    .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(library)) });
  // A new version of a snippet the library has is shown in an import report first.
  const report = page.getByRole("region", { name: `Import report for ${name}` });
  const imported = page.getByText(new RegExp(`^Imported ${name.replace(/\./g, "\\.")}`));
  await report.or(imported).first().waitFor();
  if (await report.isVisible()) await report.getByRole("button", { name: "Import all" }).click();
  await imported.waitFor();
}

async function add(page: Page, title: string) {
  await openSnippet(page, { query: "reference demo", title });
  await addToDocument(page, title);
}

async function legalNumbers(page: Page) {
  await tab(page, "Document").click();
  await page.getByRole("button", { name: "Document settings" }).click();
  const legal = page.getByRole("switch", { name: /Legal clause numbers/ });
  if (!(await legal.isChecked())) await legal.check();
}

const preview = (page: Page): FrameLocator =>
  page.getByRole("group", { name: "Preview pages" }).locator("iframe").contentFrame();
const previewText = async (page: Page) =>
  ((await preview(page).locator("body").textContent()) ?? "").replace(/\s+/g, " ");

/** Clicks Insert into Word (and Insert anyway when warnings come first); the file Word was handed. */
async function insert(page: Page, expectWarning?: RegExp): Promise<string> {
  await tab(page, "Document").click();
  const before = (await wordCalls(page)).length;
  await page.getByRole("button", { name: "Insert into Word" }).click();
  if (expectWarning) {
    await page.getByText(expectWarning).waitFor();
    await page.getByRole("button", { name: "Insert anyway" }).click();
  }
  await page
    .getByText(/^Inserted \d+ sections? into Word\./)
    .waitFor()
    .catch(async (e) => {
      await page.screenshot({ path: join(SHOTS, "cross-refs-debug.png") });
      throw e;
    });
  const files = inserts(await wordCalls(page, before));
  expect(files).toHaveLength(1);
  return files[0]!.args[0] as string;
}

/** Each REF field of a package as "REF <bookmark> <switches> → <result as written>", in order. */
async function fields(base64: string): Promise<string[]> {
  const xml = await documentXml(decode(base64));
  return [
    ...xml.matchAll(
      /<w:instrText[^>]*>([^<]*)<\/w:instrText>[\s\S]*?w:fldCharType="separate"\/><\/w:r><w:r>(?:<w:rPr>[\s\S]*?<\/w:rPr>)?<w:t[^>]*>([^<]*)<\/w:t>/g,
    ),
  ].map((m) => `${m[1]!.trim()} → ${m[2]}`);
}

describe("an outline with references, reordered", () => {
  let page: Page;

  beforeAll(async () => {
    page = await wordPane();
    await importLibrary(page, "reference-demo.json", LIBRARY);
    await legalNumbers(page);
    for (const title of [FEES, NOTICES, TERM]) await add(page, title);
  });

  it("the preview shows the numbers the outline gives, and the new ones after a reorder", async () => {
    await openSnippet(page, { query: "reference demo", title: NOTICES });
    await poll(() => previewText(page)).toContain(
      "Notices about fees (clause 1) and late payment (clause 1.1)",
    );

    await tab(page, "Document").click();
    await outlineItem(page, FEES).getByRole("button", { name: "Move down" }).click();
    await outlineItem(page, FEES).getByRole("button", { name: "Move down" }).click();
    await poll(() => outlineTitles(page)).toEqual([NOTICES, TERM, FEES]);
    await page.mouse.move(0, 0); // no tooltip of the last Move down over the picture
    await shotsAtPaneWidths(page, SHOTS, "cross-refs-outline", outline(page));

    await openSnippet(page, { query: "reference demo", title: NOTICES });
    await poll(() => previewText(page)).toContain(
      "Notices about fees (clause 3) and late payment (clause 3.1)",
    );
    expect(await previewText(page)).not.toMatch(/REF |Error!|\[clause not included\]/);
    await shotsAtPaneWidths(
      page,
      SHOTS,
      "cross-refs-preview",
      page.getByRole("group", { name: "Preview pages" }),
    );
  });

  it("Insert hands Word REF fields to the inserted headings with the reordered numbers in place", async () => {
    const file = await insert(page);
    const found = await fields(file);
    const bookmark = (name: string) => new RegExp(`^_Ref_${name}_[0-9a-z]+$`);
    expect(found.map((f) => f.replace(/_[0-9a-z]+(?= \\)/, ""))).toEqual([
      "REF _Ref_xref_fees \\w \\h → 3",
      "REF _Ref_xref_late \\w \\h → 3.1",
      "REF _Ref_xref_notices \\w \\h → 1",
    ]);
    // Every field names a bookmark Word now has, with the number Word shows for that heading.
    const marks = await wordBookmarks(page);
    for (const f of found) {
      const [, name, result] = /^REF (\S+) .* → (.*)$/.exec(f)!;
      expect(name).toMatch(bookmark("xref_[a-z]+"));
      expect(marks.find((m) => m.name === name)?.listString).toBe(result);
    }
  });
});

describe("references across Inserts, and an Update in place", () => {
  let page: Page;
  let feesFile: string;
  let noticesFile: string;

  beforeAll(async () => {
    page = await wordPane();
    await importLibrary(page, "reference-demo.json", LIBRARY);
    await legalNumbers(page);
  });

  it("a section inserted later refers to the clause an earlier Insert put in the document", async () => {
    await add(page, FEES);
    feesFile = await insert(page);
    const [fees, late] = await wordBookmarks(page);
    expect(fees).toMatchObject({ text: "Fees", listString: "1", tag: "sectionsmith:xref-fees@1" });
    expect(late).toMatchObject({ text: "Late payment", listString: "1.1", tag: "sectionsmith:xref-fees@1" });

    // The outline now holds the notices clause alone: its references are to the document's clauses.
    await tab(page, "Document").click();
    await outlineItem(page, FEES).getByRole("button", { name: "Remove" }).click();
    await add(page, NOTICES);
    noticesFile = await insert(page);
    expect(await fields(noticesFile)).toEqual([
      `REF ${fees!.name} \\w \\h → 1`,
      `REF ${late!.name} \\w \\h → 1.1`,
    ]);
  });

  it("Inserting again never repeats a bookmark name", async () => {
    await insert(page);
    const names = (await wordBookmarks(page)).map((b) => b.name);
    expect(names).toHaveLength(4); // fees, late payment, notices twice
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it("an Update in place of the clause keeps its bookmark names: the reference still finds it", async () => {
    const before = (await wordBookmarks(page)).filter((b) => b.tag === "sectionsmith:xref-fees@1");
    await importLibrary(page, "reference-demo-2.json", FEES_V2);
    await tab(page, "Document").click();
    const update = page.getByRole("button", { name: `Update ${FEES} to version 2` });
    await update.waitFor();
    await update.click();
    const asked = page.getByRole("form", { name: `Values for ${FEES}` });
    const done = page.getByText(new RegExp(`^Updated “${FEES.replace(/[()]/g, "\\$&")}” to version 2`));
    await asked.or(done).first().waitFor();
    if (await asked.isVisible()) await asked.getByRole("button", { name: "Update to version 2" }).click();
    await done.waitFor();
    await shotsAtPaneWidths(page, SHOTS, "cross-refs-updated", done);

    const after = (await wordBookmarks(page)).filter((b) => b.tag === "sectionsmith:xref-fees@2");
    expect(after.map((b) => b.name)).toEqual(before.map((b) => b.name));
    expect(after[0]!.text).toBe("Fees and charges");

    // The document as Word now holds it: the updated clause, then the notices that refer to it.
    const updated = (await wordBlocks(page))
      .flatMap((b) => b.controls ?? [])
      .find((c) => c.tag === "sectionsmith:xref-fees@2")?.base64;
    expect(updated).toBeDefined();
    let document = await hostDocx();
    for (const file of [updated!, noticesFile])
      document = (await insertFragment(document, decode(file))).bytes;
    const check = await checkDocx(document);
    expect(check.errors).toEqual([]);
    const xml = await documentXml(document);
    for (const b of before) expect(xml).toContain(`w:name="${b.name}"`);
    expect(feesFile).not.toBe(updated);
  });
});

// Runs last: nothing above may raise page or console errors.
it("raised no page or console errors", () => {
  expect(panes.length).toBeGreaterThan(0);
  expect(panes.flatMap((p) => p.errors)).toEqual([]);
});
