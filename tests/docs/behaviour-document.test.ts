import { describe, expect, test } from "@jest/globals";
import { assembly, build, buildProblems, library, paragraphs } from "./helpers";

// The "Behaviour" notes of docs/file-formats.md about values, headers and footers, sections, drafting
// notes and the generated document, one claim per test.

describe("file-formats.md › values, headers and footers", () => {
  test("section values win over assembly values, which win over defaults; unknown section values warn", async () => {
    const lib = library({
      body: "{{a}}-{{b}}-{{c}}",
      variables: [
        { name: "a", type: "text", default: "da" },
        { name: "b", type: "text", default: "db" },
        { name: "c", type: "text", default: "dc" },
      ],
    });
    const built = await build(
      lib,
      assembly([{ snippet: "s1", values: { a: "sa", zz: 1 } }], { values: { a: "aa", b: "ab", yy: 2 } }),
    );
    expect(built.text).toContain("sa-ab-dc");
    expect(built.warnings.map((w) => `${w.code} ${w.path}`)).toEqual(["VALUE_UNKNOWN sections[0].values.zz"]);
  });

  test('a required value of only spaces is missing; "" for an optional one shows nothing, not the default', async () => {
    const lib = library({
      body: "[{{o}}]",
      variables: [
        { name: "r", type: "text", required: true },
        { name: "o", type: "text", default: "dflt" },
      ],
    });
    expect(await buildProblems(lib, assembly([{ snippet: "s1", values: { r: "  " } }]))).toEqual([
      expect.stringContaining("VALUE_REQUIRED sections[0].values.r"),
    ]);
    const built = await build(lib, assembly([{ snippet: "s1", values: { r: "x", o: "" } }]));
    expect(built.text).toContain("[]");
  });

  test("list items: field defaults, required fields and unknown keys", async () => {
    const lib = library({
      body: "{{#each items}}\n- {{a}}/{{b}}\n{{/each}}",
      variables: [
        {
          name: "items",
          type: "list",
          fields: [
            { name: "a", type: "text", required: true },
            { name: "b", type: "text", default: "B" },
          ],
        },
      ],
    });
    expect(await buildProblems(lib, assembly([{ snippet: "s1", values: { items: [{ b: "x" }] } }]))).toEqual([
      expect.stringContaining("VALUE_REQUIRED sections[0].values.items[0]"),
    ]);
    const built = await build(lib, assembly([{ snippet: "s1", values: { items: [{ a: "one", q: 1 }] } }]));
    expect(built.text).toContain("one/B");
    expect(built.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      "VALUE_UNKNOWN sections[0].values.items[0].q",
    ]);
  });

  test("inline header/footer text may use any assembly value, shown by its JSON type", async () => {
    const built = await build(
      library({ body: "Body {{x}}", variables: [{ name: "x", type: "text" }] }),
      assembly([{ snippet: "s1", values: { x: "sec" } }], {
        locale: "de-DE",
        values: { d: "2026-11-22", n: 1234.5, b: true },
        header: { text: "{{d}} {{n}} {{b}} {{page}}" },
      }),
    );
    expect(await built.part("word/header1.xml")).toMatch(/2026-11-22 1\.234,5 Yes /);
    expect(
      await buildProblems(
        library({ body: "x" }),
        assembly([{ snippet: "s1", values: {} }], { header: { text: "{{x}}" } }),
      ),
    ).toEqual([expect.stringContaining("TEMPLATE_UNKNOWN_VARIABLE header.text:1:3")]);
  });

  test("headers and footers drop drafting notes and the table of contents", async () => {
    const built = await build(
      library(
        { id: "body", body: "Text" },
        { id: "foot", kind: "footer", notes: "footer note", body: 'F {{#note "inline"}}x{{/note}}' },
      ),
      assembly([{ snippet: "body" }], {
        header: { text: 'H {{#note "n"}}y{{/note}}\n\n{{toc}}' },
        footer: { snippet: "foot" },
        options: { draftingNotes: true },
      }),
    );
    expect(built.warnings).toEqual([]);
    const header = (await built.part("word/header1.xml"))!;
    const footer = (await built.part("word/footer1.xml"))!;
    for (const part of [header, footer]) {
      expect(part).not.toContain("commentReference");
      expect(part).not.toContain("TOC");
    }
    expect(header).toContain("H y");
    expect(built.files).not.toContain("word/comments.xml");
  });

  test("a snippet of another kind may be used, with SNIPPET_KIND_MISMATCH", async () => {
    const built = await build(
      library({ id: "body", body: "Text" }, { id: "head", kind: "header", body: "Head" }),
      assembly([{ snippet: "head" }], { header: { snippet: "body" } }),
    );
    expect(built.warnings.map((w) => `${w.code} ${w.path}`).sort()).toEqual([
      "SNIPPET_KIND_MISMATCH header.snippet",
      "SNIPPET_KIND_MISMATCH sections[0].snippet",
    ]);
  });
});

describe("file-formats.md › sections: headings, numbering, page breaks", () => {
  test("headingOffset shifts headings and is capped at Heading 9", async () => {
    const built = await build(
      library({ body: "# One\n\n###### Six" }),
      assembly([{ snippet: "s1", headingOffset: 4 }]),
    );
    expect(paragraphs(built.document).map((p) => p.style)).toEqual(["Heading5", "Heading9"]);
  });

  test("continue: only the section's first top-level numbered list carries on, from the last one before it", async () => {
    const built = await build(
      library(
        { id: "a", body: "1. one\n2. two\n\nText\n\n1. other\n" },
        { id: "b", body: "Intro\n\n- bullet\n\n7. three\n8. four\n\nMore\n\n1. again\n" },
        { id: "c", body: "No list here." },
        { id: "d", body: "1. five\n" },
      ),
      assembly([
        { snippet: "a" },
        { snippet: "b", numbering: "continue" },
        { snippet: "c" },
        { snippet: "d", numbering: "continue" },
      ]),
    );
    const byText = new Map(paragraphs(built.document).map((p) => [p.text, p.numId]));
    expect(byText.get("one")).toBe(byText.get("two"));
    expect(byText.get("other")).not.toBe(byText.get("one")); // a second list in a section restarts
    expect(byText.get("three")).toBe(byText.get("other")); // continues the last list before it, ignoring its "7."
    expect(byText.get("four")).toBe(byText.get("other"));
    expect(byText.get("again")).not.toBe(byText.get("three")); // the section's later lists restart
    expect(byText.get("five")).toBe(byText.get("again")); // across a section without lists
  });

  test("a restarting list keeps its start number", async () => {
    const built = await build(library({ body: "3. three\n4. four" }), assembly([{ snippet: "s1" }]));
    const numbering = (await built.part("word/numbering.xml"))!;
    const numId = paragraphs(built.document)[0]!.numId!;
    expect(numbering).toMatch(
      new RegExp(
        `<w:num w:numId="${numId}"><w:abstractNumId w:val="\\d+"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"/>`,
      ),
    );
  });

  test("page breaks are 'page break before' on the next paragraph; before a table, a paragraph with a break", async () => {
    const built = await build(
      library(
        { id: "a", body: "Before\n\n{{pagebreak}}\n\nAfter" },
        { id: "t", body: "| h |\n|---|\n| c |" },
      ),
      assembly([
        { snippet: "a" },
        { snippet: "a", pageBreakBefore: true },
        { snippet: "t", pageBreakBefore: true },
      ]),
    );
    const flagged = paragraphs(built.document)
      .filter((p) => p.pageBreakBefore)
      .map((p) => p.text);
    expect(flagged).toEqual(["After", "Before", "After"]);
    expect(built.document).toMatch(/<w:br w:type="page"\/><\/w:r><\/w:p><w:tbl>/);
  });
});

describe("file-formats.md › drafting notes and the generated document", () => {
  const lib = {
    format: "sectionsmith/library@1",
    snippets: [
      {
        id: "a",
        title: "A",
        status: "approved",
        owner: "Jane Roe",
        notes: "Section note",
        body: 'Text {{#note "Check"}}this{{/note}}.\n\n{{> inc}}',
      },
      {
        id: "inc",
        title: "I",
        status: "approved",
        notes: "Included note",
        body: 'Inc {{#note "Inner"}}x{{/note}}',
      },
      { id: "h", title: "H", status: "approved", kind: "header", body: "Head" },
      { id: "f", title: "F", status: "approved", kind: "footer", body: "Foot" },
    ],
  };
  const asm = (draftingNotes: boolean) =>
    assembly([{ snippet: "a" }, { snippet: "a" }], {
      header: { snippet: "h" },
      footer: { snippet: "f" },
      options: { draftingNotes },
    });

  test("notes become comments by the snippet's owner; included snippets' notes do not, their {{#note}} do", async () => {
    const built = await build(lib, asm(true));
    const comments = (await built.part("word/comments.xml"))!;
    expect(comments.match(/w:author="([^"]+)"/g)!.every((a) => a === 'w:author="Jane Roe"')).toBe(true);
    for (const text of ["Section note", "Check", "Inner"]) expect(comments).toContain(text);
    expect(comments).not.toContain("Included note");
  });

  // Documented limitations: when the engine changes here, the page must change with it.
  test("a section that is only a table still gets its notes, on a paragraph before the table", async () => {
    const built = await build(
      library({ notes: "Table note", body: "| h |\n|---|\n| c |" }),
      assembly([{ snippet: "s1" }], { options: { draftingNotes: true } }),
    );
    expect((await built.part("word/comments.xml")) ?? "").toContain("Table note");
  });

  test("an included snippet gets its status and review warnings, at the section that includes it", async () => {
    const built = await build(
      {
        format: "sectionsmith/library@1",
        snippets: [
          { id: "outer", title: "o", status: "approved", body: "Outer {{> inner}}" },
          { id: "inner", title: "i", status: "deprecated", reviewBy: "2020-01-01", body: "inner" },
        ],
      },
      assembly([{ snippet: "outer" }]),
    );
    expect(built.snippets).toEqual(["outer@1", "inner@1"]);
    expect(built.warnings.map((w) => w.code).sort()).toEqual(["SNIPPET_DEPRECATED", "SNIPPET_STALE"]);
  });

  test("without draftingNotes there are no comments, and the noted text stays", async () => {
    const built = await build(lib, asm(false));
    expect(built.files).not.toContain("word/comments.xml");
    expect(built.text).toContain("Text this.");
  });

  test("provenance: header, footer, then each section with its includes; repeated sections repeat", async () => {
    const built = await build(lib, asm(false));
    expect(built.snippets).toEqual(["h@1", "f@1", "a@1", "inc@1", "a@1", "inc@1"]);
    expect(await built.part("docProps/custom.xml")).toContain(
      'name="sectionsmith.snippets"><vt:lpwstr>h@1, f@1, a@1, inc@1, a@1, inc@1</vt:lpwstr>',
    );
  });

  test("the fragment has no page setup, header or footer, and only the styles it uses", async () => {
    const doc = await build(lib, asm(false));
    const fragment = await build(lib, asm(false), { shape: "fragment" });
    expect(fragment.snippets).toEqual(["a@1", "inc@1", "a@1", "inc@1"]);
    expect(doc.document).toContain("<w:sectPr");
    expect(fragment.document).not.toContain("<w:sectPr");
    expect(fragment.files.filter((f) => /header|footer/.test(f))).toEqual([]);
    const styleCount = async (b: typeof doc) =>
      ((await b.part("word/styles.xml"))!.match(/<w:style /g) ?? []).length;
    expect(await styleCount(fragment)).toBeLessThan(await styleCount(doc));
    expect(await fragment.part("word/styles.xml")).not.toContain('w:styleId="Heading9"');
  });

  test("properties: author defaults to Sectionsmith; keywords are joined; company goes to the app properties", async () => {
    const plainDoc = await build(library({ body: "x" }), assembly([{ snippet: "s1" }]));
    expect(await plainDoc.part("docProps/core.xml")).toContain("<dc:creator>Sectionsmith</dc:creator>");
    const withProps = await build(
      library({ body: "x" }),
      assembly([{ snippet: "s1" }], {
        properties: { keywords: ["a", "b"], company: "Contoso", category: "Contracts" },
      }),
    );
    expect(await withProps.part("docProps/core.xml")).toContain("<cp:keywords>a, b</cp:keywords>");
    expect(await withProps.part("docProps/core.xml")).toContain("<cp:category>Contracts</cp:category>");
    expect(await withProps.part("docProps/app.xml")).toContain("<Company>Contoso</Company>");
  });

  test("updateFieldsOnOpen defaults to whether there is a table of contents", async () => {
    const settings = async (body: string, options = {}) =>
      (await (
        await build(library({ body }), assembly([{ snippet: "s1" }], { options }))
      ).part("word/settings.xml"))!;
    expect(await settings("{{toc}}\n\n# H")).toContain("<w:updateFields");
    expect(await settings("No contents")).not.toContain("<w:updateFields");
    expect(await settings("No contents", { updateFieldsOnOpen: true })).toContain("<w:updateFields");
  });
});
