// What a user does in the pane, as reusable steps (found by role and accessible name, as a screen reader
// user would), and the three sections the end-to-end tests assemble from the built-in starter library.

import JSZip from "jszip";
import type { Download, Page } from "playwright-core";

export type SectionPlan = {
  query: string;
  /** The snippet's title: its button in the results and its name in the outline. */
  title: string;
  id: string;
  version: number;
  /** Field label → what the user types. */
  values: Record<string, string>;
  /** Text the built document must then contain. */
  expect: string[];
};

/** Three approved snippets from assets/starter-library.json: text, date and number fields. */
export const SECTIONS: readonly SectionPlan[] = [
  {
    query: "parties",
    title: "Parties",
    id: "contract-parties",
    version: 1,
    values: {
      "Effective date": "2026-12-01",
      "First party": "Northwind Traders Ltd",
      "First party’s address": "1 Harbour Road, Leith",
      "Second party": "Fabrikam & Sons GmbH",
      "Second party’s address": "Hauptstraße 5, Berlin",
    },
    expect: [
      "as of December 1, 2026",
      "Northwind Traders Ltd, with its principal place of business at 1 Harbour Road, Leith",
      "Fabrikam & Sons GmbH, with its principal place of business at Hauptstraße 5, Berlin",
    ],
  },
  {
    query: "payment",
    title: "Payment terms",
    id: "payment-terms",
    version: 2,
    values: { "Payment period (days)": "45" },
    expect: ["within 45 days of the invoice date", "$5,000.00"],
  },
  {
    query: "signature",
    title: "Signature block",
    id: "signature-block",
    version: 1,
    values: {
      Signatory: "Ada Lovelace",
      "Signatory’s title": "Managing Director",
      "Your company": "Northwind Traders Ltd",
    },
    expect: ["Name: Ada Lovelace", "Title: Managing Director", "For and on behalf of Northwind Traders Ltd"],
  },
];

export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search snippets" });

/** A tab by the start of its name: "Document" also finds "Document (3)". */
export const tab = (page: Page, name: string) =>
  page.getByRole("tab", { name: new RegExp(`^${escapeRegExp(name)}`) });

/** Library → search → open the snippet (its title button among the results). */
export async function openSnippet(page: Page, plan: Pick<SectionPlan, "query" | "title">): Promise<void> {
  await tab(page, "Library").click();
  await searchBox(page).fill(plan.query);
  const results = page.getByRole("region", { name: "Results" });
  await results.getByRole("button", { name: plan.title, exact: true }).click();
  await page.getByRole("heading", { level: 2, name: new RegExp(`^${escapeRegExp(plan.title)}`) }).waitFor();
}

/**
 * The form control labelled `label`, by accessible name (the visible label also holds the required
 * marker "*", which is hidden from assistive technology, so getByLabel's exact match would miss it).
 */
export const field = (page: Page, label: string) => {
  const form = page.getByRole("form");
  const by = (role: "textbox" | "spinbutton" | "combobox" | "switch") =>
    form.getByRole(role, { name: label, exact: true });
  return by("textbox").or(by("spinbutton")).or(by("combobox")).or(by("switch"));
};

/** Types each value into the field labelled with the variable's label. */
export async function fillValues(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const input = field(page, label);
    await input.fill(value);
    const now = await input.inputValue();
    if (now !== value) throw new Error(`${label}: typed "${value}", the field holds "${now}"`);
  }
}

export async function addToDocument(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "Add to document" }).click();
  await page.getByText(`Added “${title}” to the document.`).waitFor();
}

/** Search, open, fill and add one section. */
export async function addSection(page: Page, plan: SectionPlan): Promise<void> {
  await openSnippet(page, plan);
  await fillValues(page, plan.values);
  await addToDocument(page, plan.title);
}

export const outline = (page: Page) => page.getByRole("list", { name: "Document outline" });

/** The outline's section titles, in order (from each item's accessible name "Title, section i of n"). */
export async function outlineTitles(page: Page): Promise<string[]> {
  const items = outline(page).locator(":scope > li");
  const labels = await items.evaluateAll((lis) => lis.map((li) => li.getAttribute("aria-label") ?? ""));
  return labels.map((l) => l.replace(/, section \d+ of \d+$/, ""));
}

export const outlineItem = (page: Page, title: string) =>
  outline(page).getByRole("listitem", { name: new RegExp(`^${escapeRegExp(title)}, section`) });

export async function showDocument(page: Page): Promise<void> {
  await tab(page, "Document").click();
  await outline(page).waitFor();
}

/** Clicks "Download .docx" and returns the file's name and bytes. */
export async function download(page: Page): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .docx" }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await downloadBytes(file) };
}

async function downloadBytes(file: Download): Promise<Uint8Array> {
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** word/document.xml of a .docx. */
export async function documentXml(bytes: Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file("word/document.xml")?.async("string");
  if (xml === undefined) throw new Error("no word/document.xml in the package");
  return xml;
}

/**
 * The document's text, one line per paragraph: the <w:t> runs of each <w:p> joined, entities decoded,
 * <w:br/> as a space, so a value split across runs (bold party names) still reads as typed.
 */
export function paragraphsOf(xml: string): string[] {
  const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
  return paragraphs.map((p) =>
    [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:(br|tab)\b[^>]*\/>/g)]
      .map((m) => (m[2] ? " " : decodeXml(m[1] ?? "")))
      .join(""),
  );
}

export async function docxText(bytes: Uint8Array): Promise<string> {
  return paragraphsOf(await documentXml(bytes)).join("\n");
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (e in named) return named[e]!;
    return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
