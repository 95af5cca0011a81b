import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { gfmFootnote } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";

// The one Markdown parser: micromark + mdast-util-from-markdown, CommonMark 0.31.2 exactly, with the GFM
// parts the contract names (tables, strikethrough, footnotes) and task lists. Every node carries its
// position, so a Markdown problem is reported at its line and column in the snippet body (through the
// template source map). tests/engine/markdown/spec-*.test.ts build the CommonMark and GFM suites with it.
//
// Not GFM autolink literals (bare www.… and e-mail addresses): the contract does not ask for them
// (docs/templates.md). Links are written [text](url) or <url>.
// The extensions are built once, not per call.
const extensions = [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()];
const mdastExtensions = [
  gfmFootnoteFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTableFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
];

/** The Markdown's tree, every node positioned. */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions, mdastExtensions });
}
