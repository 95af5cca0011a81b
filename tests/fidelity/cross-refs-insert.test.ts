// Cross-references across Inserts (issue 32, "On insert into an open document"): a section inserted
// on its own refers to a heading an earlier Insert put in the document (outsideTargets: the earlier
// build's targets, as the pane passes them), and an Update in place of the target keeps its bookmark
// name (keepBookmarks), so the reference still finds it. The documents are put together with the
// insertion model and pass the schema and Word rules checks (WORD_REF_TARGET: every REF names a
// bookmark of the document; WORD_BOOKMARK_NAME_FORM: names unique).

import { beforeAll, describe, expect, it } from "@jest/globals";
import JSZip from "jszip";
import { exportDocument, type RefTarget } from "../../src/engine";
import { checkDocxAll, type DocxCheckResult } from "../support/ooxml-check";
import { hostDocx } from "./support/host-docx";
import { insertFragment } from "./support/insertion-model";

const TODAY = new Date("2026-11-22T12:00:00Z");

const library = (feesHeading: string) => ({
  format: "sectionsmith/library@1",
  snippets: [
    { id: "fees", title: "Fees", status: "approved", body: `# ${feesHeading}\n\nFees are due monthly.` },
    {
      id: "notices",
      title: "Notices",
      status: "approved",
      body: '# Notices\n\nNotices about clause {{ref "fees"}} ("{{ref "fees" "text"}}") are in writing.',
    },
  ],
});

const one = (snippet: string) => ({
  format: "sectionsmith/assembly@1",
  options: { headingNumbering: "legal" },
  sections: [{ snippet }],
});

async function fragment(
  lib: object,
  snippet: string,
  nonce: number,
  extra: {
    outsideTargets?: Record<string, RefTarget>;
    keepBookmarks?: string[];
    contentControls?: boolean;
  } = {},
) {
  const r = await exportDocument(lib, one(snippet), {
    as: "buffer",
    today: TODAY,
    shape: "fragment",
    nonce,
    ...extra,
  });
  return { bytes: new Uint8Array(r.output), targets: r.targets, warnings: r.warnings };
}

const documentXml = async (bytes: Uint8Array) =>
  (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
const bookmarkNames = (xml: string) =>
  [...xml.matchAll(/<w:bookmarkStart\b[^>]*\bw:name="([^"]+)"/g)].map((m) => m[1]!);
const fieldCodes = (xml: string) =>
  [...xml.matchAll(/<w:instrText[^>]*>([^<]*)<\/w:instrText>/g)].map((m) => m[1]!.trim());

let feesBookmark: string;
let noticesXml: string;
let updatedXml: string;
let updatedTargets: Record<string, RefTarget>;
let combined: Uint8Array;
let check: DocxCheckResult;

beforeAll(async () => {
  // Insert 1: the target alone. Its result names the bookmark as written into the document.
  const fees = await fragment(library("Fees"), "fees", 101);
  feesBookmark = fees.targets["fees"]!.bookmark;
  // Insert 2: a section that refers to it, built knowing the document's headings.
  const notices = await fragment(library("Fees"), "notices", 202, { outsideTargets: fees.targets });
  noticesXml = await documentXml(notices.bytes);
  // Update in place of the target (a new wording of its heading), taking back its old bookmark name.
  const updated = await fragment(library("Fees and charges"), "fees", 303, {
    keepBookmarks: [feesBookmark],
    contentControls: false,
  });
  updatedXml = await documentXml(updated.bytes);
  updatedTargets = updated.targets;
  // The document after both: the updated target, then the section referring to it.
  const host = await hostDocx();
  combined = (await insertFragment((await insertFragment(host, updated.bytes)).bytes, notices.bytes)).bytes;
  check = (await checkDocxAll([combined]))[0]!;
});

describe("a reference to a heading of an earlier Insert", () => {
  it("is a REF field to the earlier Insert's bookmark, with its number and text already in place", () => {
    expect(feesBookmark).toMatch(/^_Ref_fees_[0-9a-z]+$/);
    expect(fieldCodes(noticesXml)).toEqual([`REF ${feesBookmark} \\w \\h`, `REF ${feesBookmark} \\h`]);
    expect(noticesXml).toContain(">1</w:t>");
    expect(noticesXml).toContain(">Fees</w:t>");
    // The outside heading is not in this package: no bookmark of that name is written here.
    expect(bookmarkNames(noticesXml)).not.toContain(feesBookmark);
  });

  it("fails with REF_TARGET_MISSING when the caller does not know the heading", async () => {
    const failure = await fragment(library("Fees"), "notices", 404).then(
      () => undefined,
      (e: { problems?: Array<{ code: string; line?: number }> }) => e,
    );
    expect(failure?.problems?.map((p) => p.code)).toEqual(["REF_TARGET_MISSING", "REF_TARGET_MISSING"]);
  });
});

describe("an Update in place of the target", () => {
  it("keeps the replaced heading's bookmark name instead of this build's own", () => {
    expect(bookmarkNames(updatedXml)).toEqual([feesBookmark]);
    expect(updatedTargets["fees"]!.bookmark).toBe(feesBookmark);
  });

  it("leaves the other section's reference resolving: the document passes the Word rules check", async () => {
    expect(check.errors).toEqual([]);
    const xml = await documentXml(combined);
    expect(bookmarkNames(xml).filter((n) => n === feesBookmark)).toHaveLength(1);
    expect(fieldCodes(xml)).toContain(`REF ${feesBookmark} \\w \\h`);
  });
});
