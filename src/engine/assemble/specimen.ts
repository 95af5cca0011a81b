// The specimen document (issue 15; docs/decisions.md "A specimen document keeps docx's hidden classes").
//
// keep-alive.ts holds one instance of each of the engine's per-build classes so that a full garbage
// collection between builds does not free their hidden classes ("maps") and drop the optimized code built
// on them. docx's objects have the same problem, on a larger scale: every paragraph, run, property, table
// cell and footnote of a build is garbage once the build is packed, so after the next full collection
// (the pane's idle-time ones; the benchmark's forced one before each timed build) V8 deoptimizes ~25 of
// docx's hottest functions (its constructors, prepForXml, the section-properties lookup) and, as they get
// hot again during the next build, recompiles 40–70 functions on its compiler thread — ~80 ms of CPU per
// 100-section build, measured (bench/analysis.md). A docx Document holds instances of all those classes,
// so the engine builds this one small document once, with the constructs a build usually has, and holds
// it for its life: a few hundred small objects, no user content. It is made at the second build of a
// process (docx-side.ts), so a process that builds once — the CLI — never pays for it. It has no pictures
// or bookmarks, whose ids come from counters docx keeps per process: later documents are byte for byte
// what they would be without it (tests/engine/assemble/specimen.test.ts).

export const SPECIMEN_BODY = [
  "# Heading",
  "Text with **bold**, *italic*, ***both***, ~~struck~~, `code`, <u>underlined</u>, <sup>up</sup>, <sub>down</sub>, " +
    "<mark>marked</mark>, a [link](https://example.com), a line  \nbreak and {{value}}.[^n]",
  "## Lists",
  "1. One\n   - two\n     1. three\n2. Four",
  "- Five\n- Six",
  "| Item | Qty | Price |\n|:--|:-:|--:|\n| A | 1 | 2.00 |\n| B | 3 | 4.00 |",
  "> A quote.",
  "    preformatted",
  "---",
  "[^n]: A footnote.",
].join("\n\n");

export const SPECIMEN_LIBRARY = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "specimen",
      version: 1,
      title: "Specimen",
      status: "approved",
      variables: [{ name: "value", type: "text" }],
      body: SPECIMEN_BODY,
    },
  ],
};

export const SPECIMEN_ASSEMBLY = {
  format: "sectionsmith/assembly@1",
  locale: "en-GB",
  header: { text: "Specimen" },
  footer: { text: "Page {{page}} of {{pages}}" },
  sections: [{ snippet: "specimen", values: { value: "a value" } }],
};

/** A fixed day and content-control number: the specimen's build is the same every time. */
export const SPECIMEN_OPTIONS = { today: new Date(Date.UTC(2026, 0, 1)), nonce: 1 };
