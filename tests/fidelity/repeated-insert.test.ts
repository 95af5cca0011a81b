// Issue 27 on the Word insertion model (tests/fidelity/support/insertion-model.ts — a MODEL of Word's
// documented insert rules, not Word): the pane's Insert, clicked twice on an unchanged outline, hands Word
// two packages that can live in one document. The packages come from the pane's own build path
// (src/taskpane/hooks/build-pieces.ts: built ahead, taken by an Insert, replaced for the next) with the
// real engine; both are merged into a drafter's document at the cursor, one after the other, and the
// result must pass the whole check — the Word rules among it: no bookmark name twice (WORD_BOOKMARK_NAME:
// Word keeps one, and the second table of contents points at the first insert's headings) and no content
// control id twice (WORD_SDT_ID: Word keeps only the last control of a repeated id). The same package
// inserted twice is the counter-example, and the check must catch it.

import { beforeAll, describe, expect, it } from "@jest/globals";
import * as engine from "../../src/engine";
import { buildInsert, prebuildFragments } from "../../src/taskpane/hooks/build-pieces";
import { DEFAULT_SETTINGS, type DocumentState } from "../../src/taskpane/model/document";
import { checkDocx, type DocxCheckResult } from "../support/ooxml-check";
import { outlineSection, starterCatalogue, titlePage } from "../support/outline";
import { hostDocx } from "./support/host-docx";
import { insertFragment } from "./support/insertion-model";


/** A title page with a table of contents, and two clauses with headings (its _Toc… bookmarks). */
const doc: DocumentState = {
  settings: DEFAULT_SETTINGS,
  sections: [
    titlePage("k1"),
    outlineSection("k2", "notices", {}),
    outlineSection("k3", "entire-agreement", {}),
  ],
};

const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
const codes = (r: DocxCheckResult) => r.wordRules.map((f) => f.code);

let twoInserts: DocxCheckResult;
let samePackageTwice: DocxCheckResult;

beforeAll(async () => {
  const catalogue = starterCatalogue();
  const ctx = { engine, catalogue, doc, lookup: () => undefined, onProgress: () => undefined };
  await prebuildFragments(ctx, () => false); // as the pane does while the user reads the outline
  const first = await buildInsert(ctx, undefined);
  const second = await buildInsert(ctx, undefined);
  expect(first.pieces).toHaveLength(1);
  expect(second.pieces).toHaveLength(1);
  const a = bytesOf(first.pieces[0]!.base64);
  const b = bytesOf(second.pieces[0]!.base64);

  const host = await hostDocx();
  const once = (await insertFragment(host, a)).bytes;
  twoInserts = await checkDocx((await insertFragment(once, b)).bytes);
  samePackageTwice = await checkDocx((await insertFragment(once, a)).bytes);
});

describe("two Inserts of one outline into one document (insertion model)", () => {
  it("the check catches the same package inserted twice", () => {
    expect(codes(samePackageTwice)).toContain("WORD_SDT_ID");
    expect(codes(samePackageTwice)).toContain("WORD_BOOKMARK_NAME");
  });

  it("the pane's two packages leave no bookmark name or content-control id twice", () => {
    expect(twoInserts.wordRules).toEqual([]);
    expect(twoInserts.errors).toEqual([]);
  });
});
