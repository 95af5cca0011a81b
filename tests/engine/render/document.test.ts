import { describe, expect, it } from "@jest/globals";
import { assembly, build, buildBody, library, paragraphs, bodyText } from "../support";

describe("document settings", () => {
  it("sets page size, orientation and margins in the section properties", async () => {
    const b = await buildBody("Text", {
      assembly: {
        page: {
          size: "Letter",
          orientation: "landscape",
          margins: { top: "1in", bottom: "20mm", left: "2.5cm", right: "36pt" },
        },
      },
    });
    // Letter is 12240 × 15840 twips; landscape swaps them.
    expect(b.document).toMatch(/<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"\/>/);
    expect(b.document).toMatch(/<w:pgMar w:top="1440" w:right="720" w:bottom="1134" w:left="1417"/);
  });

  it("defaults to portrait on the locale's paper: A4 for en-GB, Letter for the default en-US", async () => {
    const gb = await buildBody("Text", { assembly: { locale: "en-GB" } });
    expect(gb.document).toMatch(/<w:pgSz w:w="11906" w:h="16838" w:orient="portrait"\/>/);
    const us = await buildBody("Text");
    expect(us.document).toMatch(/<w:pgSz w:w="12240" w:h="15840" w:orient="portrait"\/>/);
  });

  it("applies the theme's font, size and heading font and colour", async () => {
    const b = await buildBody("# Title\n\nBody", {
      assembly: { theme: { font: "Georgia", fontSize: 12, headingFont: "Arial", headingColor: "#aa0000" } },
    });
    const styles = await b.part("word/styles.xml");
    expect(styles).toMatch(
      /<w:docDefaults>[\s\S]*<w:rFonts w:ascii="Georgia"[\s\S]*<w:sz w:val="24"\/>[\s\S]*<\/w:docDefaults>/,
    );
    expect(styles).toMatch(
      /w:styleId="Heading1"[\s\S]*?<w:rFonts w:ascii="Arial"[\s\S]*?<w:color w:val="AA0000"\/>/,
    );
  });

  it("writes header and footer from text or a snippet, with PAGE and NUMPAGES fields", async () => {
    const lib = library(
      { id: "body", body: "Body text" },
      {
        id: "letterhead",
        kind: "header",
        body: "**{{company}}** letterhead",
        variables: [{ name: "company", type: "text", required: true }],
      },
    );
    const b = await build(
      lib,
      assembly([{ snippet: "body" }], {
        header: { snippet: "letterhead", values: { company: "Contoso" } },
        footer: { text: "{{client}} · Page {{page}} of {{pages}}" },
        values: { client: "Fabrikam" },
      }),
    );
    const header = await b.part("word/header1.xml");
    expect(bodyText(header)).toBe("Contoso letterhead");
    const footer = await b.part("word/footer1.xml");
    expect(footer).toContain('<w:instrText xml:space="preserve">PAGE</w:instrText>');
    expect(footer).toContain('<w:instrText xml:space="preserve">NUMPAGES</w:instrText>');
    expect(bodyText(footer)).toBe("Fabrikam · Page  of ");
    expect(b.snippets).toEqual(["letterhead@1", "body@1"]);
  });

  it("records provenance and document properties", async () => {
    const lib = library({ id: "intro", version: 2, body: "Hi {{> sig}}" }, { id: "sig", body: "Bye" });
    const b = await build(
      lib,
      assembly([{ snippet: "intro" }, { snippet: "sig" }], {
        properties: {
          title: "MSA",
          subject: "Services",
          author: "Contoso Legal",
          description: "Draft",
          keywords: ["msa", "contoso"],
          category: "Contracts",
          company: "Contoso",
        },
      }),
    );
    const custom = await b.part("docProps/custom.xml");
    expect(custom).toMatch(
      /name="sectionsmith\.snippets"[\s\S]*<vt:lpwstr>intro@2, sig@1, sig@1<\/vt:lpwstr>/,
    );
    const core = await b.part("docProps/core.xml");
    for (const piece of [
      "<dc:title>MSA</dc:title>",
      "<dc:subject>Services</dc:subject>",
      "<dc:creator>Contoso Legal</dc:creator>",
      "<cp:keywords>msa, contoso</cp:keywords>",
      "<dc:description>Draft</dc:description>",
      "<cp:category>Contracts</cp:category>",
    ]) {
      expect(core).toContain(piece);
    }
    expect(await b.part("docProps/app.xml")).toContain("<Company>Contoso</Company>");
  });

  it("turns snippet notes and {{#note}} ranges into comments only when drafting notes are on", async () => {
    const lib = library({
      id: "s1",
      notes: "Check the term with Legal.",
      body: 'First paragraph.\n\nSecond {{#note "Confirm the amount"}}£100{{/note}} paid.',
    });
    const on = await build(lib, assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
    const comments = await on.part("word/comments.xml");
    expect(comments).toContain("Check the term with Legal.");
    expect(comments).toContain("Confirm the amount");
    const [first, second] = paragraphs(on.document);
    expect(first).toMatch(
      /<w:commentRangeStart w:id="0"\/>[\s\S]*First paragraph\.[\s\S]*<w:commentRangeEnd w:id="0"\/>/,
    );
    expect(second).toMatch(
      /<w:commentRangeStart w:id="1"\/>[\s\S]*£100[\s\S]*<w:commentRangeEnd w:id="1"\/><w:r><w:commentReference w:id="1"\/>/,
    );

    const off = await build(lib, assembly([{ snippet: "s1" }]));
    expect(off.has("word/comments.xml")).toBe(false);
    expect(off.document).not.toContain("commentRange");
    expect(bodyText(off.document)).toBe("First paragraph.Second £100 paid.");
  });

  it("keeps a comment's author within Word's 255 UTF-16 code units, never splitting a character", async () => {
    // An owner of 128 emoji is 256 code units: the validator refused it (issue 29's fuzz, seed 121994144).
    const owner = "\u{1F600}".repeat(128);
    const lib = library({ id: "s1", owner, notes: "Check the term.", body: "Text." });
    const built = await build(lib, assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }));
    const author = /w:author="([^"]*)"/.exec(await built.part("word/comments.xml"))![1]!;
    expect(author).toBe("\u{1F600}".repeat(127));
    const short = await build(
      library({ id: "s1", owner: "Ann Lee", notes: "Check.", body: "Text." }),
      assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }),
    );
    expect(await short.part("word/comments.xml")).toContain('w:author="Ann Lee"');
  });

  it("adds a table of contents and asks Word to update fields on open", async () => {
    const b = await buildBody("{{toc}}\n\n# One\n\n## Two");
    expect(b.document).toContain("TOC \\h \\o &quot;1-3&quot;");
    expect(b.document).toMatch(/w:anchor="_Toc1"[\s\S]*>One</);
    expect(await b.part("word/settings.xml")).toMatch(/<w:updateFields(?: w:val="(?:true|1)")?\/>/); // on/off: no val means true
    const none = await buildBody("# One");
    expect(await none.part("word/settings.xml")).not.toContain("updateFields");
  });

  it("starts a section on a new page, and turns {{pagebreak}} into a page break without an empty paragraph", async () => {
    const lib = library({ id: "a", body: "A text" }, { id: "b", body: "B one\n\n{{pagebreak}}\n\nB two" });
    const b = await build(lib, assembly([{ snippet: "a" }, { snippet: "b", pageBreakBefore: true }]));
    const ps = paragraphs(b.document);
    expect(ps.map(bodyText)).toEqual(["A text", "B one", "B two"]);
    expect(ps[1]).toContain("<w:pageBreakBefore/>");
    expect(ps[2]).toContain("<w:pageBreakBefore/>");
    expect(ps[0]).not.toContain("pageBreakBefore");
  });
});
