// The values a section was built with travel with it in the document (a custom XML part of Sectionsmith's
// namespace, src/office/section-values.ts), in the built pane inside the simulated Word (fake-office.js):
// Insert stores them; the Document tab's Update as tracked changes finds them and never asks; a section
// inserted without them (an older version of Sectionsmith) is asked for once, in a small form, and the
// answer is stored with the updated section. The form is seen at 320 and 400 px (tests/e2e/.output/).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { decodeSectionValues, encodeSectionValues } from "../../src/office/section-values";
import { addSection, SECTIONS, showDocument, tab } from "./support/flow";
import { openPane, startPane, type PaneSession } from "./support/pane";
import { shotsAtPaneWidths } from "./support/team-pane";
import { expectValidDocx } from "../support/ooxml-check";
import { decode, insertedPaymentTermsText, inserts, tagOf, wordCalls } from "./support/word";

const ROOT = join(__dirname, "..", "..");
const SHOTS = join(ROOT, "tests/e2e/.output");
const V1 = "sectionsmith:payment-terms@1";
const V2 = "sectionsmith:payment-terms@2";

let session: PaneSession;
/** What Word reads in the control holding version 1 built with 45 days. */
let insertedText: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startPane();
  insertedText = await insertedPaymentTermsText(45);
}, 600_000);

afterAll(async () => {
  await session?.close();
});

type PartsWindow = { __fakeWord: { customXmlParts(): Array<{ id: string; xml: string }> } };
const storedValues = async (page: Page) => {
  const parts = await page.evaluate(() => (window as unknown as PartsWindow).__fakeWord.customXmlParts());
  expect(parts).toHaveLength(1);
  const read = decodeSectionValues(parts[0]!.xml);
  expect(read.warnings).toEqual([]);
  return read.sections;
};

async function documentWithVersion1(page: Page) {
  await tab(page, "Document").click();
  const row = page.getByRole("listitem", { name: /^Payment terms, Newer version/ });
  await row.waitFor();
  return row;
}

/** Waits for the tracked update; the file Word was given passes the schema and Word rules checks. */
async function updatedFile(page: Page, since: number) {
  await page.getByText(/Updated “Payment terms” to version 2 as \d+ tracked changes/).waitFor();
  const [file] = inserts(await wordCalls(page, since));
  await expectValidDocx(decode(file!.args[0]));
}

describe("values stored with each section", () => {
  it("Insert stores the values of every section it put in, by its tag", async () => {
    const { page } = await openPane(session, { office: { wordApi: "1.5" } });
    for (const plan of SECTIONS) await addSection(page, plan);
    await showDocument(page);
    await page.getByRole("button", { name: "Insert into Word" }).click();
    await page.getByText("Inserted 3 sections into Word.").waitFor();
    const stored = await storedValues(page);
    expect(Object.keys(stored).sort()).toEqual(SECTIONS.map(tagOf).sort());
    expect(stored["sectionsmith:contract-parties@1"]).toMatchObject({
      partyA: "Northwind Traders Ltd",
      partyB: "Fabrikam & Sons GmbH",
    });
    await page.context().close();
  });

  it("Update as tracked changes uses the stored values: no form, the values kept under the new tag", async () => {
    const { page } = await openPane(session, {
      office: {
        wordApi: "1.5",
        trackingMode: "TrackAll",
        contentControls: [{ tag: V1, title: "Payment terms", text: insertedText }],
        customXmlParts: [encodeSectionValues({ [V1]: { paymentDays: 45 } })],
      },
    });
    await documentWithVersion1(page);
    const before = (await wordCalls(page)).length;
    await page.getByRole("button", { name: "Update Payment terms to version 2" }).click();
    await updatedFile(page, before);
    expect(await page.getByRole("form", { name: /^Values for/ }).count()).toBe(0);
    const stored = await storedValues(page);
    expect(stored[V2]).toMatchObject({ paymentDays: 45 });
    await page.getByRole("listitem", { name: /^Payment terms, Current/ }).waitFor();
    await page.context().close();
  });

  it("a section inserted without values is asked for once, and the answer is stored", async () => {
    const { page } = await openPane(session, {
      office: {
        wordApi: "1.5",
        trackingMode: "TrackAll",
        contentControls: [{ tag: V1, title: "Payment terms", text: insertedText }],
      },
    });
    await documentWithVersion1(page);
    const before = (await wordCalls(page)).length;
    await page.getByRole("button", { name: "Update Payment terms to version 2" }).click();
    const form = page.getByRole("form", { name: "Values for Payment terms" });
    await form.waitFor();
    // Nothing went to Word while the form waits.
    expect(inserts(await wordCalls(page, before))).toEqual([]);
    const days = form.getByRole("spinbutton", { name: "Payment period (days)", exact: true });
    // Keyboard users land in the form's first field.
    expect(await days.evaluate((el) => el === document.activeElement)).toBe(true);
    await days.fill("45");
    await shotsAtPaneWidths(page, SHOTS, "section-values-ask", form);
    await form.getByRole("button", { name: "Update to version 2" }).click();
    await updatedFile(page, before);
    expect(await form.count()).toBe(0);
    const stored = await storedValues(page);
    expect(stored[V2]).toMatchObject({ paymentDays: 45 });
    await page.context().close();
  });

  it("a second update of a section whose values were given once does not ask", async () => {
    // The document as the previous test left it: the section still on version 1 (the user rejected the
    // tracked changes in Word, say) and its values stored once.
    const { page } = await openPane(session, {
      office: {
        wordApi: "1.5",
        trackingMode: "TrackAll",
        contentControls: [{ tag: V1, title: "Payment terms", text: insertedText }],
        customXmlParts: [encodeSectionValues({ [V1]: { paymentDays: 45 } })],
      },
    });
    await documentWithVersion1(page);
    const before = (await wordCalls(page)).length;
    await page.getByRole("button", { name: "Update Payment terms to version 2" }).click();
    await updatedFile(page, before);
    expect(await page.getByRole("form", { name: /^Values for/ }).count()).toBe(0);
    await page.context().close();
  });
});
