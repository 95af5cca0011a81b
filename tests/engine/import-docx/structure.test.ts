// What the text means survives the import: headings, lists with their levels, kinds and numbers (Word's
// numbering and typed numbers), formatting, links, tables with their header row, footnotes, quotes and page
// breaks; what cannot be kept (text boxes, tracked changes, comments) is listed at its place; and the
// document is split where the user chose or where its structure says.

import { describe, expect, it } from "@jest/globals";
import { importDocx, type DocxImport, type SplitMode } from "../../../src/engine";
import { makeDocx, num, NUMBERING, p, r, STYLES, style } from "./make-docx";

function imported(body: string, split?: SplitMode, extra: Partial<Parameters<typeof makeDocx>[0]> = {}): DocxImport {
  const result = importDocx(makeDocx({ styles: STYLES, numbering: NUMBERING, ...extra, body }), { fileName: "bank.docx", ...(split ? { split } : {}) });
  if (!result.ok) throw new Error(result.problems.map((x) => x.message).join("; "));
  return result.value;
}

const bodies = (imp: DocxImport) => imp.snippets.map((s) => s.snippet.body);
const warned = (imp: DocxImport, pattern: RegExp) =>
  [...imp.warnings, ...imp.snippets.flatMap((s) => s.warnings)].filter((w) => pattern.test(w.message));

describe("splitting", () => {
  const doc = [
    p("Precedent bank", style("Heading1")),
    p("Confidentiality", style("Heading2")),
    p("Each party keeps the other's information secret."),
    p("Exceptions", style("Heading3")),
    p("Public information is not confidential."),
    p("Term", style("Heading2")),
    p("This agreement lasts two years."),
    p("Notices", style("Heading2")),
    p("Notices are in writing."),
  ].join("");

  it("by default at the shallowest heading level used more than twice, with the headings above as the category", () => {
    const imp = imported(doc);
    expect(imp.split).toEqual({ by: "heading", level: 2 });
    expect(imp.snippets.map((s) => s.snippet.title)).toEqual(["Precedent bank", "Confidentiality", "Term", "Notices"]);
    expect(imp.snippets[1]!.snippet).toMatchObject({ category: "Precedent bank", status: "draft", id: "bank.confidentiality" });
    expect(bodies(imp)[1]).toBe("# Confidentiality\n\nEach party keeps the other's information secret.\n\n## Exceptions\n\nPublic information is not confidential.");
    expect(imp.snippets[1]!.headingOffset).toBe(1);
    expect(imp.snippets[1]!.snippet.description).toBe("Imported from bank.docx, paragraphs 2–5.");
  });

  it("at the level the user picks, or as one snippet", () => {
    expect(imported(doc, { by: "heading", level: 3 }).snippets.map((s) => s.snippet.title)).toEqual(["Precedent bank", "Exceptions"]);
    expect(imported(doc, { by: "document" }).snippets).toHaveLength(1);
    expect(imported(doc).choices.map((c) => [c.label, c.snippets])).toEqual([
      ["Each Heading 1", 1],
      ["Each Heading 2", 4],
      ["Each Heading 3", 2],
      ["The whole document as one snippet", 1],
    ]);
  });

  it("at each top-level numbered clause, titled by its lead-in, when there are no headings", () => {
    const imp = imported(
      [
        p("Agreement"),
        p(`${r("Definitions", "<w:b/>")}${r(". In this agreement words mean what they say.")}`, num(1)),
        p("Sub-clause one.", num(1, 1)),
        p(`${r("Term", "<w:b/>")}${r(". It lasts a year and then ends unless renewed in writing.")}`, num(1)),
      ].join(""),
    );
    expect(imp.split).toEqual({ by: "clause" });
    expect(imp.snippets.map((s) => s.snippet.title)).toEqual(["Agreement", "Definitions", "Term"]);
    expect(bodies(imp)[1]).toBe("1. **Definitions**. In this agreement words mean what they say.\n   1. Sub-clause one.");
    expect(bodies(imp)[2]).toBe("2. **Term**. It lasts a year and then ends unless renewed in writing.");
  });
});

describe("lists and numbering", () => {
  it("keeps levels, kinds and start numbers, and lists labels the library numbers otherwise", () => {
    const imp = imported(
      [
        p("Intro"),
        p("One", num(1)),
        p("Two", num(1)),
        p("Two a", num(1, 1)),
        p("Two a i", num(1, 2)),
        p("Between"),
        p("Three", num(1)),
        p("Bullet", num(2)),
        p("Sub bullet", num(2, 1)),
        p("Legal one", num(3)),
        p("Legal one one", num(3, 1)),
      ].join(""),
      { by: "document" },
    );
    expect(bodies(imp)[0]).toBe(
      "Intro\n\n1. One\n2. Two\n   1. Two a\n      1. Two a i\n\nBetween\n\n3. Three\n- Bullet\n  - Sub bullet\n1. Legal one\n   1. Legal one one",
    );
    expect(warned(imp, /“1\.1”; the library numbers it “a\.”/)).toHaveLength(1);
  });

  it("recognises typed numbers at paragraph starts, removes them and makes them numbering", () => {
    const imp = imported([p("1. Scope of the services"), p("1.1 The supplier provides them."), p("(a) on time;"), p("2. Price")].join(""), { by: "document" });
    expect(bodies(imp)[0]).toBe("1. Scope of the services\n   1. The supplier provides them.\n      1. on time;\n2. Price");
    expect(warned(imp, /typed number “1\.1” becomes automatic numbering/)).toHaveLength(1);
  });
});

describe("text and formatting", () => {
  const imp = imported(
    [
      p(`${r("Bold", "<w:b/>")}${r(" and ")}${r("italic", "<w:i/>")}${r(" and ")}${r("underlined", '<w:u w:val="single"/>')}${r(" and ")}${r("struck", "<w:strike/>")}${r(" text, x")}${r("2", '<w:vertAlign w:val="superscript"/>')}${r(".")}`),
      p(`${r("See ")}<w:hyperlink r:id="rLink">${r("the terms")}</w:hyperlink>${r(" and ")}<w:hyperlink w:anchor="_Toc1">${r("clause 2")}</w:hyperlink>${r(".")}`),
      p("A quotation of the statute.", style("Quote")),
      p(`${r("Text with a note")}<w:r><w:footnoteReference w:id="2"/></w:r>${r(".")}`),
      p(`${r("Before the break")}<w:r><w:br w:type="page"/></w:r>${r("after the break")}`),
      `<w:tbl><w:tr><w:trPr><w:tblHeader/></w:trPr><w:tc>${p("Party")}</w:tc><w:tc>${p("Role")}</w:tc></w:tr><w:tr><w:tc>${p("Acme | Co")}</w:tc><w:tc>${p("Supplier")}${p("and agent")}</w:tc></w:tr></w:tbl>`,
      p(`${r("Kept ")}<w:ins w:id="1" w:author="A">${r("inserted ")}</w:ins><w:del w:id="2" w:author="A"><w:r><w:delText>deleted </w:delText></w:r></w:del>${r("text.")}`),
      p(`${r("Look at this")}<w:r><w:commentReference w:id="7"/></w:r>`),
      p(`${r("A box: ")}<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Box"/><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>${p("Boxed words")}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`),
      p("Special: *stars*, _under_, # hash, <angle> and {{ 1 + 1 }}."),
    ].join(""),
    { by: "document" },
    {
      rels: [["rLink", "hyperlink", "https://example.com/terms", true]],
      footnotes: `<w:footnote w:type="separator" w:id="-1">${p("")}</w:footnote><w:footnote w:id="2">${p("The footnote text.")}</w:footnote>`,
      comments: `<w:comment w:id="7" w:author="Jo">${p("Check with the client.")}</w:comment>`,
    },
  );
  const body = bodies(imp)[0]!;

  it("keeps formatting, links, quotes, footnotes and page breaks", () => {
    expect(body).toContain("**Bold** and *italic* and <u>underlined</u> and ~~struck~~ text, x<sup>2</sup>.");
    expect(body).toContain("See [the terms](https://example.com/terms) and clause 2.");
    expect(body).toContain("> A quotation of the statute.");
    expect(body).toContain("Text with a note[^1].");
    expect(body).toContain("Before the break\n\n{{pagebreak}}\n\nafter the break");
    expect(body.endsWith("[^1]: The footnote text.")).toBe(true);
  });

  it("keeps tables with their header row, cell paragraphs as line breaks", () => {
    expect(body).toContain("| Party | Role |\n| --- | --- |\n| Acme \\| Co | Supplier<br>and agent |");
  });

  it("escapes what would be Markdown or a template tag", () => {
    expect(body).toContain("Special: \\*stars\\*, \\_under\\_, \\# hash, \\<angle\\> and \\{{ 1 + 1 }}.");
  });

  it("accepts tracked changes, makes comments notes, and lists what is not kept by place", () => {
    expect(body).toContain("Kept inserted text.");
    expect(imp.snippets[0]!.snippet.notes).toBe("Jo: Check with the client.");
    expect(warned(imp, /tracked deletion is accepted.*"deleted"/)[0]).toMatchObject({ code: "DOCX_CHANGED", path: "paragraph 11" });
    expect(warned(imp, /link to a place in the document/)[0]).toMatchObject({ path: "paragraph 2" });
    expect(warned(imp, /text box is not kept; it reads "Boxed words"/)[0]).toMatchObject({ code: "DOCX_NOT_KEPT", path: "paragraph 13" });
    expect(body).not.toContain("Boxed words");
  });
});
