// The Document tab's update as tracked changes in the built pane, inside the simulated Word
// (fake-office.js) with the user's Track Changes on: the document holds payment-terms version 1 as the
// pane inserted it, with its values; Update puts in a redline of version 1 against 2 — one insertFileFromBase64 into the
// content control, Track Changes switched off around it and set back to the user's mode — and the
// pane says how many tracked changes to review. Seen at 320 and 400 px (tests/e2e/.output/).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeSectionValues } from "../../src/office/section-values";
import { tab } from "./support/flow";
import { openPane, startPane, type PaneSession } from "./support/pane";
import { decode, insertedPaymentTermsText, inserts, wordCalls } from "./support/word";

const ROOT = join(__dirname, "..", "..");
const SHOTS = join(ROOT, "tests/e2e/.output");

let session: PaneSession;
/** What Word reads in the control holding version 1 as the pane inserts it (defaults, en-US). */
let insertedText: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startPane();
  insertedText = await insertedPaymentTermsText(30);
}, 600_000);

afterAll(async () => {
  await session?.close();
});

describe.each([320, 400])("update as tracked changes at %i px", (width) => {
  it("switches Track Changes off around one insert, sets the user's mode back, and says what to review", async () => {
    const { page } = await openPane(session, {
      viewport: { width, height: 800 },
      office: {
        wordApi: "1.5",
        trackingMode: "TrackAll",
        contentControls: [
          { tag: "sectionsmith:payment-terms@1", title: "Payment terms", text: insertedText },
        ],
        // The values it was built with, stored by the insert (tests/e2e/pane-section-values.test.ts).
        customXmlParts: [encodeSectionValues({ "sectionsmith:payment-terms@1": { paymentDays: 30 } })],
      },
    });
    await tab(page, "Document").click();
    const row = page.getByRole("listitem", { name: /^Payment terms, Newer version/ });
    await row.waitFor();
    const tracked = page.getByRole("radio", { name: "Update as tracked changes (review in Word)" });
    expect(await tracked.isChecked()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `tracked-update-before-${width}.png`) });

    const before = (await wordCalls(page)).length;
    await page.getByRole("button", { name: "Update Payment terms to version 2" }).click();
    await page.getByText(/Updated “Payment terms” to version 2 as \d+ tracked changes/).waitFor();
    await page.screenshot({ path: join(SHOTS, `tracked-update-done-${width}.png`) });

    const calls = await wordCalls(page, before);
    const order = calls
      .filter((c) => c.method === "set changeTrackingMode" || c.method === "insertFileFromBase64")
      .map((c) => (c.method === "insertFileFromBase64" ? "insert" : `mode ${String(c.args[0])}`));
    expect(order).toEqual(["mode Off", "insert", "mode TrackAll"]);
    const [file] = inserts(calls);
    expect(file!.args[1]).toBe("Replace");
    const zip = await JSZip.loadAsync(decode(file!.args[0]));
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="legal@example.com" w:date="[^"]+Z">/);
    expect(xml).toMatch(/<w:del w:id="\d+" w:author="legal@example.com"[^>]*>[\s\S]*?<w:delText/);
    // Read again after the update: the control now carries version 2.
    await page.getByRole("listitem", { name: /^Payment terms, Current/ }).waitFor();
    // Nothing wider than the pane.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
