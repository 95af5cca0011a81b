// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../../src/taskpane/capture/html-to-markdown";

describe("htmlToMarkdown (Capture from Word)", () => {
  it("carries headings, paragraphs, emphasis, lists, tables and links", () => {
    const html = `<html><head><style>p{}</style></head><body>
      <h2>Scope</h2>
      <p class="MsoNormal">The <b>supplier</b> shall <i>promptly</i> <span style="font-weight:bold">deliver</span> {{x}}.<o:p></o:p></p>
      <ul><li>One</li><li>Two<ol><li>Deep</li></ol></li></ul>
      <table><tr><th>Item</th><th>Price</th></tr><tr><td>A</td><td>1</td></tr></table>
      <p>See <a href="https://example.com/terms">terms</a> or <a href="file:///c:/x.doc">this</a>.</p>
    </body></html>`;
    const { markdown, lost } = htmlToMarkdown(html);
    expect(markdown).toBe(
      [
        "## Scope",
        "The **supplier** shall *promptly* **deliver** \\{{x}}.",
        "- One\n- Two\n   1. Deep",
        "| Item | Price |\n| --- | --- |\n| A | 1 |",
        "See [terms](https://example.com/terms) or this.",
      ].join("\n\n"),
    );
    expect(lost).toEqual([expect.stringContaining('Link to "file:///c:/x.doc"')]);
  });

  it("lists what it cannot carry", () => {
    const { lost } = htmlToMarkdown(
      '<table><tr><td colspan="2">x</td></tr></table><p><img src="http://x/y.png"><span style="color:red">red</span></p>',
    );
    expect(lost).toEqual(
      expect.arrayContaining([
        "Merged table cells",
        "Pictures that are not embedded PNG, JPEG or GIF data",
        "Fonts, sizes and colours (the document's styles apply instead)",
      ]),
    );
  });
});
