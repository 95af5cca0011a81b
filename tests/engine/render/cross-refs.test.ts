import { describe, expect, it } from "@jest/globals";
import { validateFile } from "../../../src/engine";
import { assembly, bodyText, build, library, paragraphs, problemsOf } from "../support";

// Cross-references (issue 32): {{ref}} → REF/PAGEREF fields to bookmarks on headings, with results
// that read right before any field update. Every document here passes the schema and Word rules
// checks (build() in ../support), WORD_REF_TARGET and WORD_FIELD_STRUCTURE among them.

const SNIPPETS = [
  {
    id: "definitions",
    body: 'Definitions\n\n# Definitions\n\nFees are set in clause {{ref "fees"}} of clause {{ref "payment"}}; notices go as clause {{ref "notices"}} says.',
  },
  {
    id: "payment",
    body: '# Payment\n\n## Fees and charges {{anchor "fees"}}\n\nTerms are in clause {{ref "definitions"}} ("{{ref "definitions" "text"}}"), see page {{ref "notices" "page"}}.',
  },
  { id: "notices", body: '# Notices\n\nAs clause {{ref "fees"}} ("{{ref "fees" "text"}}") says.' },
];
const LEGAL = { options: { headingNumbering: "legal" } };
const order = (...ids: string[]) =>
  assembly(
    ids.map((snippet) => ({ snippet })),
    LEGAL,
  );

/** The result each field shows, in document order, with its code. */
function fields(xml: string): Array<{ code: string; result: string }> {
  return [
    ...xml.matchAll(
      /<w:instrText[^>]*>([^<]*)<\/w:instrText>[\s\S]*?w:fldCharType="separate"\/><\/w:r><w:r>(?:<w:rPr>[\s\S]*?<\/w:rPr>)?<w:t[^>]*>([^<]*)<\/w:t>/g,
    ),
  ].map((m) => ({ code: m[1]!.trim(), result: m[2]! }));
}

describe("{{ref}} in a legal-numbered assembly", () => {
  it("points every way (back, forward, into a sub-clause) with the numbers already in place", async () => {
    const b = await build(library(...SNIPPETS), order("definitions", "payment", "notices"));
    expect(fields(b.document)).toEqual([
      { code: "REF _Ref_fees \\w \\h", result: "2.1" },
      { code: "REF _Ref_payment \\w \\h", result: "2" },
      { code: "REF _Ref_notices \\w \\h", result: "3" },
      { code: "REF _Ref_definitions \\w \\h", result: "1" },
      { code: "REF _Ref_definitions \\h", result: "Definitions" },
      { code: "PAGEREF _Ref_notices \\h", result: "1" },
      { code: "REF _Ref_fees \\w \\h", result: "2.1" },
      { code: "REF _Ref_fees \\h", result: "Fees and charges" },
    ]);
    // The bookmark holds the heading's words only: no anchor mark, no space left where it was.
    expect(b.document).toMatch(
      /<w:bookmarkStart w:name="_Ref_fees" w:id="\d+"\/><w:r>(?:<w:rPr>[\s\S]*?<\/w:rPr>)?<w:t xml:space="preserve">Fees and charges<\/w:t><\/w:r><w:bookmarkEnd/,
    );
    expect(bodyText(b.document)).not.toMatch(/[\uFDD0-\uFDEF]/);
    // A page reference is right only once laid out: Word is asked to update fields on open.
    expect(await b.part("word/settings.xml")).toContain("<w:updateFields");
  });

  it("reordered, the same references show the new numbers", async () => {
    const b = await build(library(...SNIPPETS), order("notices", "payment", "definitions"));
    expect(fields(b.document).map((f) => f.result)).toEqual([
      ...["2.1", "Fees and charges"], // notices (1)
      ...["3", "Definitions", "1"], // payment (2), its fees 2.1
      ...["2.1", "2", "1"], // definitions (3)
    ]);
  });

  it("a snippet id names its section's first heading; without legal numbering the text form still works", async () => {
    const lib = library(
      { id: "a", body: '# Scope\n\nSee "{{ref "b" "text"}}".' },
      { id: "b", body: "# Price\n\nText." },
    );
    const b = await build(lib, assembly([{ snippet: "a" }, { snippet: "b" }]));
    expect(fields(b.document)).toEqual([{ code: "REF _Ref_b \\h", result: "Price" }]);
  });

  it("a fragment's bookmarks and the fields that name them get the build's own suffix", async () => {
    const first = await build(library(...SNIPPETS), order("definitions", "payment", "notices"), {
      shape: "fragment",
    });
    const second = await build(library(...SNIPPETS), order("definitions", "payment", "notices"), {
      shape: "fragment",
    });
    const names = (xml: string) => [...xml.matchAll(/w:bookmarkStart w:name="([^"]+)"/g)].map((m) => m[1]!);
    const one = names(first.document);
    expect(one.length).toBe(4);
    for (const n of one) expect(n).toMatch(/^_Ref_[a-z]+_[0-9a-z]+$/);
    expect(names(second.document).some((n) => one.includes(n))).toBe(false);
    for (const f of fields(first.document)) expect(one).toContain(f.code.split(" ")[1]);
  });
});

describe("references that cannot be made", () => {
  const missing = [{ id: "a", body: '# Scope\n\nSubject to clause {{ref "payment-terms"}}.' }];

  it("a target not in the assembly is REF_TARGET_MISSING at the tag's place, and nothing is built", async () => {
    const problems = await problemsOf(library(...missing), assembly([{ snippet: "a" }], LEGAL));
    expect(problems.map((p) => [p.code, p.place?.snippet, p.line, p.column])).toEqual([
      ["REF_TARGET_MISSING", "a", 3, 19],
    ]);
    expect(problems[0]!.message).toContain('{{ref "payment-terms"}} refers to "payment-terms"');
  });

  it("sectionsmith validate finds it too (the check renders without docx)", async () => {
    const result = await validateFile(assembly([{ snippet: "a" }], LEGAL), {
      libraries: [library(...missing)],
    });
    expect(result.problems.map((p) => p.code)).toContain("REF_TARGET_MISSING");
  });

  it('with "missingReferences": "warn", a warning and "[clause not included]" — never Word\'s error text', async () => {
    const b = await build(
      library(...missing),
      assembly([{ snippet: "a" }], { options: { headingNumbering: "legal", missingReferences: "warn" } }),
    );
    expect(b.warnings.map((w) => w.code)).toEqual(["REF_TARGET_NOT_INCLUDED"]);
    const p = paragraphs(b.document).find((x) => x.includes("Subject to"))!;
    expect(bodyText(p)).toBe("Subject to clause [clause not included].");
    expect(p).not.toContain("fldChar");
  });

  it("a clause number with headings not numbered, a doubled anchor, and bad arguments are coded", async () => {
    const notNumbered = await problemsOf(
      library({ id: "a", body: '# Scope\n\nSee {{ref "a"}}.' }),
      assembly([{ snippet: "a" }]),
    );
    expect(notNumbered.map((p) => p.code)).toEqual(["REF_NOT_NUMBERED"]);
    const doubled = await problemsOf(
      library({ id: "a", body: '# One {{anchor "x"}}\n\n# Two {{anchor "x"}}\n\nSee {{ref "x"}}.' }),
      assembly([{ snippet: "a" }], LEGAL),
    );
    expect(doubled.map((p) => [p.code, p.line])).toEqual([["REF_ANCHOR_DUPLICATE", 3]]);
    const args = await problemsOf(
      library({
        id: "a",
        body: '# Scope\n\n{{ref payment}} {{ref "a" "title"}} {{anchor}} {{anchor "a" "b"}}',
      }),
      assembly([{ snippet: "a" }], LEGAL),
    );
    expect(args.map((p) => p.code)).toEqual([
      "TEMPLATE_HELPER_ARGUMENTS",
      "TEMPLATE_HELPER_ARGUMENTS",
      "TEMPLATE_UNKNOWN_VARIABLE",
      "TEMPLATE_HELPER_ARGUMENTS",
    ]);
  });
});

describe("where a reference can stand", () => {
  it("in a footnote it is a field to the body's bookmark; in a header it is TEMPLATE_UNSUPPORTED", async () => {
    const lib = library(
      { id: "a", body: '# Scope\n\nText.[^1]\n\n[^1]: As clause {{ref "b"}} says.' },
      { id: "b", body: "# Price\n\nText." },
    );
    const b = await build(lib, assembly([{ snippet: "a" }, { snippet: "b" }], LEGAL));
    expect(fields(await b.part("word/footnotes.xml"))).toEqual([{ code: "REF _Ref_b \\w \\h", result: "2" }]);
    const inHeader = await problemsOf(
      lib,
      assembly([{ snippet: "a" }, { snippet: "b" }], { ...LEGAL, header: { text: 'See {{ref "b"}}' } }),
    );
    expect(inHeader.map((p) => p.code)).toEqual(["TEMPLATE_UNSUPPORTED"]);
  });
});
