// Duplicates and near-duplicates against the library and within the import, with a word-level difference,
// and the three choices (skip / new version of the other / new snippet) applied all or nothing.

import { describe, expect, it } from "@jest/globals";
import { applyImport, importDocx, type DocxImport } from "../../../src/engine";
import { DuplicateIndex, wordDiff } from "../../../src/engine/import-docx/duplicates";
import { makeDocx, p, STYLES, style } from "./make-docx";

const CONFIDENTIAL =
  "Each party shall keep the other party's confidential information secret and use it only to perform this agreement, for five years after it ends.";
const NEARLY = CONFIDENTIAL.replace("five years", "three years");
const TERM = "This agreement starts on the effective date and continues until either party ends it by written notice.";

const library = {
  format: "sectionsmith/library@1",
  snippets: [
    { id: "confidentiality", version: 2, title: "Confidentiality", status: "approved", body: `# Confidentiality\n\n${CONFIDENTIAL}` },
    { id: "term", title: "Term", status: "approved", body: `# Term\n\n${TERM}` },
  ],
};

function imported(sections: Array<[string, string]>): DocxImport {
  const body = sections.map(([title, text]) => p(title, style("Heading1")) + p(text)).join("");
  const result = importDocx(makeDocx({ body, styles: STYLES }), { fileName: "bank.docx", library: library.snippets });
  if (!result.ok) throw new Error(result.problems[0]!.message);
  return result.value;
}

describe("duplicates", () => {
  const imp = imported([
    ["Term", TERM],
    ["Confidentiality", NEARLY],
    ["Secrecy", NEARLY],
    ["Payment", "Invoices are payable within thirty days of receipt, in pounds sterling."],
  ]);
  const [term, conf, secrecy, payment] = imp.snippets;

  it("finds identical text in the library", () => {
    expect(term!.duplicate).toMatchObject({ of: "library", id: "term", identical: true, similarity: 1 });
    expect(term!.warnings.find((w) => w.code === "DOCX_DUPLICATE")?.message).toContain("the same words as the library's");
  });

  it("finds a near-duplicate with its word difference", () => {
    expect(conf!.duplicate).toMatchObject({ of: "library", id: "confidentiality", version: 2, identical: false });
    expect(conf!.duplicate!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(conf!.duplicate!.diff.filter((d) => d.op !== "same")).toEqual([
      { op: "removed", text: "five" },
      { op: "added", text: "three" },
    ]);
  });

  it("compares with the rest of the import too", () => {
    // Secrecy is as close to the library's Confidentiality as to the import's: the best match is kept.
    expect(secrecy!.duplicate?.id).toMatch(/confidentiality$/);
    expect(payment!.duplicate).toBeUndefined();
  });

  it("applies the default choices: identical skipped, near the library a new version", () => {
    const applied = applyImport([imp], {}, library);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.skipped).toEqual([term!.snippet.id]);
    expect(applied.added).toContainEqual({ id: "confidentiality", version: 3, title: "Confidentiality" });
    expect(applied.library.snippets).toHaveLength(2 + 3);
  });

  it("applies the user's choices", () => {
    const applied = applyImport([imp], { duplicates: { [term!.snippet.id]: "new", [conf!.snippet.id]: "skip" } }, library);
    if (!applied.ok) throw new Error("not applied");
    expect(applied.skipped).toEqual([conf!.snippet.id]);
    expect(applied.added.map((a) => a.id)).toContain(term!.snippet.id);
  });

  it("applies nothing when the result would not be a valid library", () => {
    const broken = { format: "sectionsmith/library@1", snippets: [{ id: "Bad Id", title: "x", body: "" }] };
    const applied = applyImport([imp], {}, broken);
    expect(applied.ok).toBe(false);
    expect(applied.problems.some((x) => x.code === "ID_INVALID")).toBe(true);
  });

  it("changes a variable's type everywhere when the user does", () => {
    const withVariable = importDocx(makeDocx({ body: p("Fee: [Fee]. Again [Fee].") }), { fileName: "v.docx" });
    if (!withVariable.ok) throw new Error("no import");
    const applied = applyImport([withVariable.value], { types: { fee: "number" } });
    if (!applied.ok) throw new Error("not applied");
    expect(applied.library.snippets[0]!.variables).toEqual([{ name: "fee", label: "Fee", type: "number" }]);
  });
});

describe("the index", () => {
  it("misses nothing at the threshold that a full comparison finds", () => {
    const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `w${(i * 7 + seed) % 97}`).join(" ");
    const texts = Array.from({ length: 60 }, (_, k) => ({ key: String(k), text: words(40 + (k % 5), k) }));
    const index = new DuplicateIndex(texts);
    for (const t of texts.slice(0, 10)) {
      const changed = t.text.split(" ");
      changed[3] = "different";
      expect(index.best(changed.join(" "))?.key).toBe(t.key);
    }
  });

  it("shows a word difference with spacing kept", () => {
    expect(wordDiff("pay in five days", "pay in ten days")).toEqual([
      { op: "same", text: "pay in " },
      { op: "removed", text: "five" },
      { op: "added", text: "ten" },
      { op: "same", text: " days" },
    ]);
  });
});
