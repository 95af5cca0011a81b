// The .docx import (issue 30) under generated input: real agreements with bytes flipped, parts cut short
// or XML text mutated, and bodies assembled at random from WordprocessingML's vocabulary (paragraphs, runs,
// tables in tables, content controls, fields, tracked changes, lists, breaks). Every case either imports
// — and then its snippets make a valid library — or is refused with coded problems: never an uncoded
// exception. FUZZ_SEED=<seed> replays a run; FUZZ_SCALE scales the number of cases.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { strToU8, unzipSync, zipSync } from "fflate";
import { applyImport, importDocx, PROBLEM_CODES } from "../../src/engine";
import { makeDocx, NUMBERING, STYLES } from "../engine/import-docx/make-docx";

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() ^ (Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED);
const runs = (n: number) => Math.max(5, Math.round(n * SCALE));
const AGREEMENTS = join(import.meta.dirname, "..", "fixtures", "agreements");
const documents = readdirSync(AGREEMENTS).filter((f) => f.endsWith(".docx")).map((f) => new Uint8Array(readFileSync(join(AGREEMENTS, f))));

/** Imports and checks the property; returns whether it imported. */
function property(bytes: Uint8Array): boolean {
  const result = importDocx(bytes, { fileName: "fuzz.docx" });
  for (const p of result.problems) expect(PROBLEM_CODES[p.code]).toBeDefined();
  if (!result.ok) {
    expect(result.problems.filter((p) => p.severity === "error")).toHaveLength(1);
    return false;
  }
  const applied = applyImport([result.value]);
  if (!applied.ok) throw new Error(`an import made an invalid library: ${applied.problems.filter((p) => p.severity === "error").map((p) => `${p.code} ${p.path} ${p.message}`).join("; ")}`);
  return true;
}

describe(`the .docx import (seed ${SEED})`, () => {
  it("real agreements, damaged at random: imported, or refused with a code", () => {
    fc.assert(
      fc.property(fc.nat(documents.length - 1), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 8 }), fc.option(fc.nat()), (which, flips, cut) => {
        const bytes = documents[which]!.slice();
        for (const [at, value] of flips) bytes[at % bytes.length] = value;
        property(cut === null ? bytes : bytes.subarray(0, cut % bytes.length));
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it("real agreements with their document.xml's text mutated: imported, or refused with a code", () => {
    fc.assert(
      fc.property(fc.nat(documents.length - 1), fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 6 }), (which, edits) => {
        const parts = unzipSync(documents[which]!);
        let xml = new TextDecoder().decode(parts["word/document.xml"]!);
        for (const [at, text] of edits) {
          const i = at % xml.length;
          xml = xml.slice(0, i) + text + xml.slice(i + text.length);
        }
        parts["word/document.xml"] = strToU8(xml);
        property(zipSync(parts));
      }),
      { seed: SEED + 1, numRuns: runs(300) },
    );
  });

  it("bodies made at random from WordprocessingML's vocabulary: imported into a valid library, or refused with a code", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("[Company Name]", "[●]", "{party}", "{{x}}", "____", "[A/B]", "[Drafting note: x]", "1.1 ", "(a) ", "**", "|", "<b>", "&amp;", "\\", "{{#if}}"),
    );
    const escape = (s: string) => s.replace(/&(?!amp;)/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const inline: fc.Arbitrary<string> = fc.oneof(
      text.map((t) => `<w:r><w:t xml:space="preserve">${escape(t)}</w:t></w:r>`),
      fc.tuple(fc.constantFrom("<w:b/>", "<w:i/>", '<w:u w:val="single"/>', '<w:highlight w:val="yellow"/>', "<w:caps/>", "<w:vanish/>"), text).map(
        ([rPr, t]) => `<w:r><w:rPr>${rPr}</w:rPr><w:t>${escape(t)}</w:t></w:r>`,
      ),
      fc.constantFrom(
        '<w:r><w:br w:type="page"/></w:r>',
        "<w:r><w:br/></w:r>",
        "<w:r><w:tab/></w:r>",
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        '<w:ins w:id="1"><w:r><w:t>ins</w:t></w:r></w:ins><w:del w:id="2"><w:r><w:delText>del</w:delText></w:r></w:del>',
        '<w:sdt><w:sdtPr><w:tag w:val="t"/><w14:checkbox/></w:sdtPr><w:sdtContent><w:r><w:t>☐</w:t></w:r></w:sdtContent></w:sdt>',
        '<w:sdt><w:sdtPr><w:dropDownList><w:listItem w:displayText="A"/></w:dropDownList></w:sdtPr><w:sdtContent><w:r><w:t>A</w:t></w:r></w:sdtContent></w:sdt>',
        '<w:hyperlink r:id="nope"><w:r><w:t>link</w:t></w:r></w:hyperlink>',
        '<w:r><w:footnoteReference w:id="9"/></w:r>',
      ),
    );
    const pPr = fc.constantFrom("", '<w:pStyle w:val="Heading1"/>', '<w:pStyle w:val="Heading3"/>', '<w:pStyle w:val="Quote"/>', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>', '<w:numPr><w:ilvl w:val="4"/><w:numId w:val="3"/></w:numPr>', '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="2"/></w:numPr>');
    const paragraph = fc.tuple(pPr, fc.array(inline, { maxLength: 6 })).map(([props, runs]) => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${runs.join("")}</w:p>`);
    const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>((tie) => ({
      block: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        paragraph,
        fc.array(fc.array(tie("block"), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }).map(
          (rows) => `<w:tbl>${rows.map((cells) => `<w:tr>${cells.map((c) => `<w:tc>${c}<w:p/></w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`,
        ),
      ),
    })).block;
    let imported = 0;
    let cases = 0;
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 12 }), (blocks) => {
        cases++;
        if (property(makeDocx({ body: blocks.join(""), styles: STYLES, numbering: NUMBERING }))) imported++;
      }),
      { seed: SEED + 2, numRuns: runs(400) },
    );
    expect(imported).toBeGreaterThan(cases * 0.5);
  });
});
