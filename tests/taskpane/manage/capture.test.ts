/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from "@jest/globals";
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

// ---- Paragraphs that look like Markdown blocks, and Word desktop's list HTML ----------------------------

import type { List, ListItem, Paragraph, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { parseMarkdown } from "../../../src/engine/markdown/parse";

/** What the Markdown means: block types at the top level, as the engine's parser reads them. */
const blocks = (markdown: string): Root["children"] => parseMarkdown(markdown).children;

/** A list as nested [text, ordered, children] so nesting and kind are checked, not just the string. */
type Shape = { text: string; ordered: boolean; children: Shape[] };
function shape(list: List): Shape[] {
  return list.children.map((item: ListItem) => {
    const nested = item.children.filter((c): c is List => c.type === "list");
    return {
      text: item.children
        .filter((c) => c.type !== "list")
        .map((c) => toString(c))
        .join(" "),
      ordered: list.ordered === true,
      children: nested.flatMap(shape),
    };
  });
}

/** What Word desktop (Windows) gives for a selection: list paragraphs with conditional marker spans. */
function msoItem(level: number, marker: string, text: string, list = "l0", font = "Symbol"): string {
  const first = level === 1 ? "CxSpFirst" : "CxSpMiddle";
  return `<p class=MsoListParagraph${first} style='margin-left:${36 * level}.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:${list} level${level} lfo1'><![if !supportLists]><span style='font-family:${font};mso-fareast-font-family:${font}'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-GB>${text}<o:p></o:p></span></p>\n`;
}

const wordPage = (body: string) =>
  `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset=utf-8><style><!-- p.MsoNormal {margin:0cm} --></style></head><body lang=EN-GB><div class=WordSection1>\n${body}</div></body></html>`;

describe("htmlToMarkdown: paragraphs stay paragraphs", () => {
  const starts = [
    "1. First",
    "1) First",
    "- dash",
    "+ plus",
    "* star",
    "# hash",
    "> quote",
    "2026. A year",
    "= equals",
  ];

  it.each(starts)("keeps “%s” a paragraph", (text) => {
    const { markdown } = htmlToMarkdown(`<p class=MsoNormal>${text.replace(">", "&gt;")}</p><p>Next</p>`);
    const parsed = blocks(markdown);
    expect(parsed.map((b) => b.type)).toEqual(["paragraph", "paragraph"]);
    expect(toString(parsed[0]!)).toBe(text);
  });

  it("escapes a list-like start after a hard line break too", () => {
    const { markdown } = htmlToMarkdown("<p>Steps:<br>1. open<br>- close</p>");
    const parsed = blocks(markdown);
    expect(markdown).toBe("Steps:\\\n1\\. open\\\n\\- close");
    expect(parsed.map((b) => b.type)).toEqual(["paragraph"]);
    const inline = (parsed[0] as Paragraph).children;
    expect(inline.map((c) => (c.type === "text" ? c.value : c.type))).toEqual([
      "Steps:",
      "break",
      "1. open",
      "break",
      "- close",
    ]);
  });

  it("does not escape ordinary text or generated emphasis", () => {
    expect(htmlToMarkdown("<p><b>1.</b> Bold start</p>").markdown).toBe("**1.** Bold start");
    expect(htmlToMarkdown("<p>Version 1.2 - final</p>").markdown).toBe("Version 1.2 - final");
  });
});

describe("htmlToMarkdown: Word desktop lists (MsoListParagraph, mso-list)", () => {
  it("turns bullet paragraphs nested by level into a nested Markdown list", () => {
    const html = wordPage(
      "<p class=MsoNormal>Before<o:p></o:p></p>\n" +
        msoItem(1, "·", "Apples") +
        msoItem(2, "o", "Green", "l0", '"Courier New"') +
        msoItem(2, "o", "Red", "l0", '"Courier New"') +
        msoItem(3, "§", "Very red", "l0", "Wingdings") +
        msoItem(1, "·", "Pears") +
        "<p class=MsoNormal>After<o:p></o:p></p>",
    );
    const { markdown, lost } = htmlToMarkdown(html);
    expect(markdown).toBe(
      ["Before", "- Apples\n  - Green\n  - Red\n    - Very red\n- Pears", "After"].join("\n\n"),
    );
    const parsed = blocks(markdown);
    expect(parsed.map((b) => b.type)).toEqual(["paragraph", "list", "paragraph"]);
    expect(shape(parsed[1] as List)).toEqual([
      {
        text: "Apples",
        ordered: false,
        children: [
          { text: "Green", ordered: false, children: [] },
          { text: "Red", ordered: false, children: [{ text: "Very red", ordered: false, children: [] }] },
        ],
      },
      { text: "Pears", ordered: false, children: [] },
    ]);
    expect(markdown).not.toMatch(/[·§]|mso|Ignore/);
    expect(lost).toEqual([]);
  });

  it("turns numbered paragraphs into an ordered list, keeping the start number and nested bullets", () => {
    const html = wordPage(
      msoItem(1, "3.", "Third") +
        msoItem(2, "·", "Detail") +
        msoItem(1, "4.", "Fourth") +
        msoItem(2, "a.", "Sub a") +
        msoItem(2, "b.", "Sub b"),
    );
    const { markdown, lost } = htmlToMarkdown(html);
    expect(markdown).toBe("3. Third\n   - Detail\n4. Fourth\n   1. Sub a\n   2. Sub b");
    const list = blocks(markdown)[0] as List;
    expect(list.type).toBe("list");
    expect(list.start).toBe(3);
    expect(shape(list)).toEqual([
      { text: "Third", ordered: true, children: [{ text: "Detail", ordered: false, children: [] }] },
      {
        text: "Fourth",
        ordered: true,
        children: [
          { text: "Sub a", ordered: true, children: [] },
          { text: "Sub b", ordered: true, children: [] },
        ],
      },
    ]);
    expect(lost).toEqual(["Letter and roman list numbering (plain numbers are used)"]);
  });

  it("indents under a wide number by the number's width, and keeps emphasis inside items", () => {
    const html = wordPage(msoItem(1, "10.", "<b>Ten</b>") + msoItem(2, "·", "Under ten"));
    const { markdown } = htmlToMarkdown(html);
    expect(markdown).toBe("10. **Ten**\n    - Under ten");
    expect(shape(blocks(markdown)[0] as List)[0]!.children).toEqual([
      { text: "Under ten", ordered: false, children: [] },
    ]);
  });

  it("reads markers given only as mso-list:Ignore spans (no conditional comments)", () => {
    const html =
      "<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span>One</p>" +
      "<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><span style='mso-list:Ignore'>2.<span>&nbsp; </span></span>Two</p>";
    expect(htmlToMarkdown(html).markdown).toBe("1. One\n2. Two");
  });

  it("ends the list at an ordinary paragraph and escapes list-like text inside items", () => {
    const html = wordPage(
      msoItem(1, "·", "1. not a sub-list") + "<p class=MsoNormal>- plain</p>" + msoItem(1, "·", "Again"),
    );
    const { markdown } = htmlToMarkdown(html);
    const parsed = blocks(markdown);
    expect(parsed.map((b) => b.type)).toEqual(["list", "paragraph", "list"]);
    expect(shape(parsed[0] as List)).toEqual([{ text: "1. not a sub-list", ordered: false, children: [] }]);
    expect(toString(parsed[1] as RootContent)).toBe("- plain");
  });

  it("drops the typed-in number of a numbered Word heading", () => {
    const html =
      "<h1 style='mso-list:l2 level1 lfo3'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp;</span></span><![endif]>Scope</h1>";
    expect(htmlToMarkdown(html).markdown).toBe("# Scope");
  });
});
