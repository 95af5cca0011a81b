import { describe, expect, it } from "@jest/globals";
import { assembly, build, library, problemsOf } from "../support";

// Issue 14: schema-valid files LibreOffice cannot load — a footnote that references a footnote (itself,
// another, a chain), a footnote in header or footer text, a {{#note}} inside a footnote with drafting
// notes on. The first two are MARKDOWN_FOOTNOTE_PLACE; a note inside a footnote is moved round the
// footnote's reference in the body (warning MARKDOWN_NOTE_IN_FOOTNOTE), so no comment is in footnotes.xml.

const codes = async (body: string, extra: Record<string, unknown> = {}) =>
  (await problemsOf(library({ id: "s1", body }), assembly([{ snippet: "s1" }], extra))).map((p) => `${p.code} ${p.path}`);

describe("footnotes only where Word and LibreOffice take them", () => {
  it("a footnote referencing itself, another or a chain is MARKDOWN_FOOTNOTE_PLACE", async () => {
    expect(await codes("Claim.[^a]\n\n[^a]: See [^a].")).toEqual(["MARKDOWN_FOOTNOTE_PLACE snippets[0].body"]);
    expect(await codes("Claim.[^a]\n\n[^a]: See [^b].\n\n[^b]: Source.")).toEqual(["MARKDOWN_FOOTNOTE_PLACE snippets[0].body"]);
    expect(await codes("Claim.[^a] More.[^b]\n\n[^a]: See [^b].\n\n[^b]: See [^c].\n\n[^c]: End.")).toContain("MARKDOWN_FOOTNOTE_PLACE snippets[0].body");
  });

  it("a footnote in header or footer text is MARKDOWN_FOOTNOTE_PLACE", async () => {
    for (const which of ["header", "footer"]) {
      const found = await codes("Body", { [which]: { text: "Top.[^1]\n\n[^1]: In the margin." } });
      expect(found).toEqual([`MARKDOWN_FOOTNOTE_PLACE ${which}.text`]);
    }
  });

  it("a drafting note inside a footnote goes round the footnote's reference, with a warning", async () => {
    const lib = library({ id: "s1", body: 'Claim.[^a] Rest.\n\n[^a]: {{#note "check the source"}}Source{{/note}}, p. 4.' });
    const built = await build(lib, assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
    expect(built.warnings.map((w) => w.code)).toEqual(["MARKDOWN_NOTE_IN_FOOTNOTE"]);
    const footnotes = await built.part("word/footnotes.xml");
    expect(footnotes).not.toMatch(/commentRange|commentReference/);
    expect(footnotes).toContain("Source");
    expect(built.document).toMatch(/<w:commentRangeStart w:id="(\d+)"\/>.*<w:footnoteReference w:id="1"\/>.*<w:commentRangeEnd w:id="\1"\/>/s);
    expect(await built.part("word/comments.xml")).toContain("check the source");
  });

  it("footnotes referenced from the body still work, also twice", async () => {
    const built = await build(library({ id: "s1", body: "One.[^a] Two.[^b] Again.[^a]\n\n[^a]: First.\n\n[^b]: Second." }), assembly([{ snippet: "s1" }]));
    expect(built.document.match(/<w:footnoteReference/g)).toHaveLength(3);
  });
});
