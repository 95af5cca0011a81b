import { micromark } from "micromark";
import { gfmFootnote, gfmFootnoteHtml } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough, gfmStrikethroughHtml } from "micromark-extension-gfm-strikethrough";
import { gfmTable, gfmTableHtml } from "micromark-extension-gfm-table";
import { gfmTaskListItem, gfmTaskListItemHtml } from "micromark-extension-gfm-task-list-item";
import { buildMarkdown } from "../../support/word-structure/build-markdown";
import { structureOfHtml } from "../../support/word-structure/from-html";
import { LINK_PREFIX, linkTarget, rewriteLinks } from "../../support/word-structure/rewrite-links";
import type { Example } from "../../support/word-structure/spec-examples";
import { blockLines, type Block, type Inline } from "../../support/word-structure/structure";
import { expectWithMessage } from "../../support/expect-message";
import { deviationOf } from "./spec-deviations";

// One spec example through the whole document build, compared with its expected HTML reduced to Word
// structure (tests/support/word-structure/), or with its entry in the deviations table.

export async function checkExample(example: Example): Promise<void> {
  const { markdown, autolinks } = rewriteLinks(example.markdown);
  const reduce = (html: string): Block[] =>
    structureOfHtml(html, {
      linkTarget,
      linkText: (text) => (autolinks.has(text) ? LINK_PREFIX + text : text),
    });
  const deviation = deviationOf(example.key);
  const about = `${example.key} (${example.section})\nMarkdown: ${JSON.stringify(markdown)}`;
  let reference = reduce(example.html);
  if (deviation && "reference" in deviation) {
    const own = reduce(micromarkHtml(example.markdown));
    expectWithMessage(
      blockLines(own),
      `${about}\nlisted for micromark's HTML, but it agrees with the suite's`,
    ).not.toEqual(blockLines(reference));
    reference = own;
  }
  const built = await buildMarkdown(markdown);
  if (deviation && "refused" in deviation) {
    expectWithMessage(built.built, `${about}\nlisted as refused, but it builds`).toBe(false);
    if (built.built) return;
    expectWithMessage([...new Set(built.problems.map((p) => p.code))].sort(), about).toEqual(
      [...deviation.refused].sort(),
    );
    return;
  }
  const problems = built.built ? built.warnings : built.problems;
  expectWithMessage(
    problems.map((p) => `${p.code} ${p.message}`),
    `${about}\nproblems`,
  ).toEqual([]);
  if (!built.built) return;
  let expected = reference;
  if (deviation && "linksAsText" in deviation) {
    expected = withoutLinks(reference);
    expectWithMessage(
      blockLines(expected),
      `${about}\nlisted as links as text, but the reference has none`,
    ).not.toEqual(blockLines(reference));
  }
  expectWithMessage(blockLines(built.blocks), about).toEqual(blockLines(expected));
}

/** micromark's own HTML for the example, with the GFM extensions the engine parses with. */
const micromarkHtml = (markdown: string): string =>
  micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()],
    htmlExtensions: [gfmFootnoteHtml(), gfmStrikethroughHtml(), gfmTableHtml(), gfmTaskListItemHtml()],
  });

function withoutLinks(blocks: Block[]): Block[] {
  const inline = (pieces: Inline[]): Inline[] =>
    pieces.map((piece) => {
      const rest = { ...piece };
      delete rest.link;
      return rest.kind === "note" ? { ...rest, blocks: withoutLinks(rest.blocks) } : rest;
    });
  return blocks.map((b) =>
    b.kind === "table"
      ? { ...b, header: b.header.map(inline), rows: b.rows.map((r) => r.map(inline)) }
      : { ...b, inline: inline(b.inline) },
  );
}
