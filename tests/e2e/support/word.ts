// Reading what the simulated Word (fake-office.js) was asked to do, and checking the files it was given.

import { expect } from "@jest/globals";
import type { Page } from "playwright-core";
import { expectValidDocx } from "../../support/ooxml-check";
import { documentXml, paragraphsOf, type SectionPlan } from "./flow";
import { expectWithMessage } from "../../support/expect-message";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exportRedline } from "../../../src/engine";
import { buildAssembly } from "../../../src/taskpane/model/assembly";
import { DEFAULT_SETTINGS } from "../../../src/taskpane/model/document";

export type WordCall = { target: string; method: string; args: unknown[] };
/** A block of the simulated document; `controls`: the content controls inside an inserted package. */
export type WordBlock = {
  text: string;
  base64?: string;
  tag?: string;
  title?: string;
  controls?: Array<{
    tag: string;
    title: string;
    text: string;
    /** Its paragraphs, list side: list id (1000 + the file's w:numId, or the host list's), level and type. */
    paragraphs: Array<{ text: string; list?: number; level?: number; type?: "Number" | "Bullet" }>;
  }>;
};

type FakeWordWindow = {
  __fakeWord: {
    calls: WordCall[];
    blocks(): WordBlock[];
    setSelectionHtml(html: string): void;
    addContentControl(control: { text: string; tag: string; title: string }): string;
  };
};

/** Every call the pane made to Word so far (from index `since`). */
export function wordCalls(page: Page, since = 0): Promise<WordCall[]> {
  return page.evaluate((from) => (window as unknown as FakeWordWindow).__fakeWord.calls.slice(from), since);
}

export async function wordCallCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as FakeWordWindow).__fakeWord.calls.length);
}

/** The simulated document now: original paragraphs, the cursor, and one block per inserted file. */
export function wordBlocks(page: Page): Promise<WordBlock[]> {
  return page.evaluate(() => (window as unknown as FakeWordWindow).__fakeWord.blocks());
}

/** What the simulated Word's selection holds from now on, as Range.getHtml() gives it. */
export function setSelectionHtml(page: Page, html: string): Promise<void> {
  return page.evaluate((h) => (window as unknown as FakeWordWindow).__fakeWord.setSelectionHtml(h), html);
}

/** Adds a paragraph in a content control at the end of the simulated document; returns its name ("cc#4"). */
export function addContentControl(
  page: Page,
  control: { text: string; tag: string; title: string },
): Promise<string> {
  return page.evaluate((c) => (window as unknown as FakeWordWindow).__fakeWord.addContentControl(c), control);
}

export const inserts = (calls: WordCall[]) => calls.filter((c) => c.method === "insertFileFromBase64");

export const decode = (base64: unknown): Uint8Array => {
  expect(typeof base64).toBe("string");
  return new Uint8Array(Buffer.from(base64 as string, "base64"));
};

/** Valid .docx, with the plan's values in it; fragments (cursor, start, end) carry no section properties. */
export async function expectPayload(
  base64: unknown,
  plans: readonly SectionPlan[],
  shape: "fragment" | "document",
): Promise<string> {
  const bytes = decode(base64);
  await expectValidDocx(bytes);
  const xml = await documentXml(bytes);
  if (shape === "fragment") expectWithMessage(xml, "a fragment has no <w:sectPr>").not.toMatch(/<w:sectPr\b/);
  else expect(xml).toMatch(/<w:sectPr\b/);
  const text = paragraphsOf(xml).join("\n");
  for (const plan of plans)
    for (const phrase of plan.expect) expectWithMessage(text, `${plan.title}: "${phrase}"`).toContain(phrase);
  return text;
}

export const tagOf = (plan: SectionPlan) => `sectionsmith:${plan.id}@${plan.version}`;

export type PackageControl = { tag: string; title: string; text: string };

/**
 * The block-level content controls inside an inserted package (one per section since one Insert is one
 * package): each one's w:tag, w:alias and text, in document order.
 */
export async function packageControls(base64: unknown): Promise<PackageControl[]> {
  const xml = await documentXml(decode(base64));
  return [...xml.matchAll(/<w:sdt>([\s\S]*?)<\/w:sdt>/g)].map((m) => {
    const props = /<w:sdtPr>([\s\S]*?)<\/w:sdtPr>/.exec(m[1]!)?.[1] ?? "";
    return {
      tag: /<w:tag w:val="([^"]*)"/.exec(props)?.[1] ?? "",
      title: decodeEntities(/<w:alias w:val="([^"]*)"/.exec(props)?.[1] ?? ""),
      text: paragraphsOf(m[1]!).join("\n"),
    };
  });
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What Word reads in the control holding the starter library's payment-terms version 1 built with these days. */
export async function insertedPaymentTermsText(paymentDays: number): Promise<string> {
  const root = join(__dirname, "..", "..", "..");
  const starter = JSON.parse(readFileSync(join(root, "assets", "starter-library.json"), "utf8"));
  const section = {
    key: "k0",
    snippet: "payment-terms",
    version: 1,
    title: "Payment terms",
    values: { paymentDays },
    headingOffset: 0,
    pageBreakBefore: false,
    numbering: "restart" as const,
  };
  const v1 = buildAssembly([section], DEFAULT_SETTINGS, { whole: false });
  return (await exportRedline(starter, v1, v1, { as: "buffer", shape: "fragment" })).text.before;
}
