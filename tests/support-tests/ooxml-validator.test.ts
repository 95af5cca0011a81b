// The long-lived xmllint worker behind checkDocx: it hands work to a fresh worker when it runs out
// of file slots, and the package's one-shot validateXML (the fallback) gives the same verdicts.

import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { checkDocxAll, type DocxCheckResult } from "../support/ooxml-check";
import { restartValidator, validatorStats } from "../support/ooxml/schemas";
import { mustReplace, rewriteParts } from "../support/docx-zip";
import { sampleDocx } from "../support/sample-docx";

let docs: { valid: Uint8Array; bogus: Uint8Array; w14: Uint8Array };
let reference: DocxCheckResult[];

beforeAll(async () => {
  const valid = await sampleDocx();
  docs = {
    valid,
    bogus: await rewriteParts(valid, {
      "word/document.xml": (xml) => mustReplace(xml, "<w:body>", "<w:body><w:p><w:bogus/></w:p>"),
    }),
    // w14 no longer ignorable: its attribute becomes a schema error.
    w14: await rewriteParts(valid, {
      "word/document.xml": (xml) =>
        mustReplace(
          mustReplace(xml, /mc:Ignorable="[^"]*"/, 'mc:Ignorable="w15 wp14"'),
          "<w:body>",
          '<w:body><w:p w14:paraId="1A2B3C4D"/>',
        ),
    }),
  };
  restartValidator();
  reference = await checkDocxAll([docs.valid, docs.bogus, docs.w14]);
}, 120_000);

afterAll(() => restartValidator());

describe("schema validator worker", () => {
  it("gives the verdicts the checker tests rely on", () => {
    expect(reference[0]!.errors).toEqual([]);
    expect(reference[1]!.errors).toEqual([
      expect.stringMatching(/^word\/document\.xml: \/w:document\/w:body\/w:p\[1\]\/w:bogus: /),
    ]);
    expect(reference[2]!.errors).toEqual([expect.stringMatching(/attribute 'w14:paraId' is not allowed/)]);
  });

  it("moves on to a fresh worker when one runs out of file slots", async () => {
    restartValidator({ slots: 12 }); // a document has ~17 validated parts: two need 3 workers
    const before = validatorStats();
    const again = await checkDocxAll([docs.valid, docs.bogus]);
    expect(validatorStats().workersStarted - before.workersStarted).toBeGreaterThanOrEqual(3);
    expect(validatorStats().oneShotRuns).toBe(before.oneShotRuns);
    expect(again.map((r) => r.errors)).toEqual([reference[0]!.errors, reference[1]!.errors]);
  });

  it("falls back to the package's one-shot validateXML with the same verdicts", async () => {
    restartValidator({ oneRun: true });
    const before = validatorStats();
    const again = await checkDocxAll([docs.valid, docs.bogus, docs.w14]);
    expect(again.map((r) => r.errors)).toEqual(reference.map((r) => r.errors));
    expect(validatorStats().oneShotRuns - before.oneShotRuns).toBe(3);
    expect(validatorStats().workersStarted).toBe(before.workersStarted);
  });
});
