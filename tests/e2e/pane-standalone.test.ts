// The built task pane in a plain browser (office.js loads but there is no Office: standalone mode). A user
// searches the starter library, fills in three snippets, reorders the outline and downloads the .docx; the
// file passes the OOXML check and says what was typed, in the chosen order. Then the pane is reloaded and
// the outline and its values are still there.
//
// The tests in this file share one page and run in order: each picks up where the previous one stopped.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import {
  addSection,
  download,
  docxText,
  field,
  outlineItem,
  outlineTitles,
  searchBox,
  SECTIONS,
  showDocument,
  tab,
} from "./support/flow";
import { openPane, startPane, waitForLibrary, type OpenPane, type PaneSession } from "./support/pane";
import { poll } from "../support/poll";
import { expectWithMessage } from "../support/expect-message";

let session: PaneSession;
let pane: OpenPane;
let page: Page;

beforeAll(async () => {
  session = await startPane();
  pane = await openPane(session);
  page = pane.page;
});

afterAll(async () => {
  await session?.close();
});

const [parties, payment, signature] = SECTIONS as [
  (typeof SECTIONS)[0],
  (typeof SECTIONS)[0],
  (typeof SECTIONS)[0],
];

/** Where each expected phrase starts in the text, failing with the text when one is missing. */
function positions(text: string, phrases: string[]): number[] {
  return phrases.map((phrase) => {
    const at = text.indexOf(phrase);
    expectWithMessage(at, `"${phrase}" in:\n${text}`).toBeGreaterThanOrEqual(0);
    return at;
  });
}

describe("standalone pane (no Word)", () => {
  it("says it is standalone and offers no insert", async () => {
    await poll(() => page.getByText(/^Not running inside Word/).isVisible()).toBe(true);
    await tab(page, "Document").click();
    await page.getByText(/^No sections yet\./).waitFor();
    await poll(() => page.getByRole("button", { name: "Insert into Word" }).isDisabled()).toBe(true);
    await poll(() => page.getByRole("button", { name: "Download .docx" }).isDisabled()).toBe(true);
  });

  it("search narrows the library as you type", async () => {
    await tab(page, "Library").click();
    const count = page.getByRole("status").filter({ hasText: /snippets?$/ });
    const all = Number((await count.textContent())?.match(/\d+/)?.[0]);
    expect(all).toBeGreaterThanOrEqual(15);
    await searchBox(page).fill("signature");
    await poll(async () => Number((await count.textContent())?.match(/\d+/)?.[0])).toBeLessThan(all);
    const results = page.getByRole("region", { name: "Results" });
    await poll(() => results.getByRole("button", { name: "Signature block", exact: true }).count())
      .toBe(1);
    await poll(() => results.getByRole("button", { name: "Payment terms" }).count()).toBe(0);
    await searchBox(page).fill("");
  });

  it("assembles three filled-in snippets", async () => {
    for (const plan of SECTIONS) await addSection(page, plan);
    await tab(page, "Document (3)").waitFor();
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual(SECTIONS.map((s) => s.title));
  });

  it("reorders a section with its Move up button", async () => {
    await outlineItem(page, payment.title).getByRole("button", { name: "Move up" }).click();
    await poll(() => outlineTitles(page)).toEqual([payment.title, parties.title, signature.title]);
  });

  it("downloads a valid .docx with the typed values, in the outline's order", async () => {
    const file = await download(page);
    expect(file.name).toMatch(/\.docx$/);
    await page.getByText(`Downloaded ${file.name}.`).waitFor();
    await expectValidDocx(file.bytes);
    const text = await docxText(file.bytes);
    const [paymentAt, partiesAt, signatureAt] = [payment, parties, signature].map((plan) =>
      Math.min(...positions(text, plan.expect)),
    ) as [number, number, number];
    expect(paymentAt).toBeLessThan(partiesAt);
    expect(partiesAt).toBeLessThan(signatureAt);
  });

  it("keeps the outline and its values after a reload", async () => {
    await page.reload();
    await waitForLibrary(page);
    await tab(page, "Document (3)").waitFor();
    await showDocument(page);
    expect(await outlineTitles(page)).toEqual([payment.title, parties.title, signature.title]);

    await outlineItem(page, parties.title).getByRole("button", { name: "Edit values" }).click();
    for (const [label, value] of Object.entries(parties.values))
      expectWithMessage(await field(page, label).inputValue(), label).toBe(value);

    await showDocument(page);
    const text = await docxText((await download(page)).bytes);
    for (const plan of SECTIONS) positions(text, plan.expect);
  });

  it("raised no page errors", () => {
    expect(pane.errors).toEqual([]);
  });
});
