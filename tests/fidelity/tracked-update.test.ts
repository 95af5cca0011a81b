// The pane's update as tracked changes (src/taskpane/hooks/build-redline.ts) read back by LibreOffice:
// the fragment WordHost puts into the content control, accepted, is the new version's fragment as an
// untracked update would insert it; rejected, the old one's — text, styles, list levels and tables.

import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import * as engine from "../../src/engine";
import { buildTrackedUpdate } from "../../src/taskpane/hooks/build-redline";
import { buildAssembly } from "../../src/taskpane/model/assembly";
import { DEFAULT_SETTINGS, type OutlineSection } from "../../src/taskpane/model/document";
import { checkDocxAll, formatDocxErrors, type DocxCheckResult } from "../support/ooxml-check";
import { reviewDocx, type Review } from "../support/review-changes";
import { starter } from "./support/redline-cases";

const section = (snippet: string, version: number, values: OutlineSection["values"]): OutlineSection => ({
  key: "k0",
  snippet,
  version,
  title: snippet,
  values,
  headingOffset: 0,
  pageBreakBefore: false,
  numbering: "restart",
});

const CASES = [
  { name: "payment-terms 1 → 2", id: "payment-terms", values: {} as OutlineSection["values"] },
  { name: "confidentiality 1 → 2", id: "confidentiality", values: {} },
  {
    name: "signature-block 1 → 2 (values kept)",
    id: "signature-block",
    values: {
      signerName: "Ann Smith",
      signerTitle: "Director",
      companyName: "Northwind Ltd",
      electronic: true,
    },
  },
];

type Outcome = { check: DocxCheckResult; old: Review; new: Review; accepted: Review; rejected: Review };
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  const settings = { ...DEFAULT_SETTINGS, locale: "en-GB" };
  const catalogue = engine.loadLibraries([starter]);
  const built = [];
  for (const c of CASES) {
    const before = section(c.id, 1, c.values);
    const after = section(c.id, 2, c.values);
    const update = await buildTrackedUpdate({
      engine,
      catalogue,
      settings,
      before,
      after,
      author: "Pane Test",
      tag: `sectionsmith:${c.id}@2`,
      title: c.id,
    });
    const plain = (s: OutlineSection) =>
      exportDocument(catalogue, buildAssembly([s], settings, { whole: false }), {
        as: "buffer",
        shape: "fragment",
        contentControls: false,
      });
    const [old, now] = await Promise.all([plain(before), plain(after)]);
    built.push({
      redline: new Uint8Array(Buffer.from(update.piece.base64, "base64")),
      old: old.output,
      now: now.output,
    });
  }
  const jobs = built.flatMap((b) => [
    { docx: b.old, mode: "none" as const },
    { docx: b.now, mode: "none" as const },
    { docx: b.redline, mode: "accept" as const },
    { docx: b.redline, mode: "reject" as const },
  ]);
  const [reviews, checks] = await Promise.all([reviewDocx(jobs), checkDocxAll(built.map((b) => b.redline))]);
  CASES.forEach((c, k) => {
    const [old, now, accepted, rejected] = reviews.slice(k * 4, k * 4 + 4) as [
      Review,
      Review,
      Review,
      Review,
    ];
    outcomes.set(c.name, { check: checks[k]!, old, new: now, accepted, rejected });
  });
}, 600_000);

describe.each(CASES.map((c) => c.name))("the pane's tracked update: %s", (name) => {
  const outcome = () => outcomes.get(name)!;
  it("passes the schema and Word rules checks", () => {
    if (!outcome().check.ok) throw new Error(formatDocxErrors(outcome().check));
  });
  it("Accept All gives the new version's fragment", () => {
    expect(outcome().accepted.found).toBeGreaterThan(0);
    expect(outcome().accepted.left).toBe(0);
    expect(outcome().accepted.lines).toEqual(outcome().new.lines);
  });
  it("Reject All gives the old version's fragment", () => {
    expect(outcome().rejected.left).toBe(0);
    expect(outcome().rejected.lines).toEqual(outcome().old.lines);
  });
});
