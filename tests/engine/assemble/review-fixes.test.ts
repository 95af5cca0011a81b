import { describe, expect, it } from "@jest/globals";
import { assembly, bodyText, build, library, paragraphs } from "../support";

// Found in review of the docs against the engine; each test fails on the behaviour it replaced.
describe("review fixes", () => {
  it("warns about a draft, deprecated or stale snippet that is only included", async () => {
    const lib = library(
      { id: "main", body: "Intro\n\n{{> old}}\n\n{{> draft}}" },
      { id: "old", status: "deprecated", reviewBy: "2020-01-01", body: "Old words" },
      { id: "draft", status: "draft", body: "New words" },
    );
    const b = await build(lib, assembly([{ snippet: "main" }]));
    const warnings = b.warnings.map((w) => `${w.code} ${w.path}`).sort();
    expect(warnings).toEqual([
      "SNIPPET_DEPRECATED sections[0].snippet",
      "SNIPPET_DRAFT sections[0].snippet",
      "SNIPPET_STALE sections[0].snippet",
    ]);
    expect(b.warnings.every((w) => w.message.includes('included by "main"'))).toBe(true);
  });

  it("keeps a snippet's note when its body is only a table", async () => {
    const lib = library({ id: "t", notes: "Check the rates.", body: "| a | b |\n|---|---|\n| 1 | 2 |" });
    const b = await build(lib, assembly([{ snippet: "t" }], { options: { draftingNotes: true } }));
    expect(await b.part("word/comments.xml")).toContain("Check the rates.");
    expect(b.document).toMatch(/<w:commentReference w:id="0"\/>[\s\S]*<w:tbl>/);
  });

  it("ignores {{pagebreak}} and {{toc}} in header and footer text", async () => {
    const lib = library({ id: "s", body: "Body" });
    const b = await build(
      lib,
      assembly([{ snippet: "s" }], {
        header: { text: "Top\n\n{{pagebreak}}\n\nStill top" },
        footer: { text: "{{toc}}\n\nFoot" },
      }),
    );
    const header = await b.part("word/header1.xml");
    expect(header).not.toContain("pageBreakBefore");
    expect(paragraphs(header).map(bodyText)).toEqual(["Top", "Still top"]);
    expect(await b.part("word/footer1.xml")).not.toContain("TOC");
  });

  it("does not continue a header's numbered list into the body", async () => {
    const lib = library({ id: "s", body: "1. body one\n2. body two" });
    const b = await build(
      lib,
      assembly([{ snippet: "s", numbering: "continue" }], { header: { text: "1. header item" } }),
    );
    const headerNum = /<w:numId w:val="(\d+)"\/>/.exec(await b.part("word/header1.xml"))![1];
    const bodyNum = /<w:numId w:val="(\d+)"\/>/.exec(b.document)![1];
    expect(bodyNum).not.toBe(headerNum);
  });

  it("requires names used in a body to be declared, even when a shared value has that name", async () => {
    const { problemsOf } = await import("../support");
    const problems = await problemsOf(
      library({ id: "s", body: "Dear {{client}}" }),
      assembly([{ snippet: "s" }], { values: { client: "Fabrikam" } }),
    );
    expect(problems.map((p) => `${p.code} ${p.path}:${p.line}:${p.column}`)).toEqual([
      "TEMPLATE_UNKNOWN_VARIABLE snippets[0].body:1:8",
    ]);
  });
});
