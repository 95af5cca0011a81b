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
import { fastable } from "./fastable";
import { parseFast } from "./parse-fast";

// CommonMark + the GFM parts the contract names (tables, strikethrough, footnotes) and task lists.
// The reference is micromark, the reference-grade parser behind remark: its trees are positioned, so
// every Markdown problem can be reported at its line and column in the snippet body (through the
// template source map). The hot path is markdown-it (parse-fast.ts), ten times faster, converted to the
// same tree without positions; what it does not reproduce goes to micromark (fastable.ts, Fallback),
// and a problem's place is looked up in micromark's tree of the same text (position.ts).
//
// Not GFM autolink literals (bare www.… and e-mail addresses): the contract does not ask for them, and
// their whole-tree find-and-replace pass cost 7% of a build. Links are written [text](url) or <url>.
// The extensions are built once: building them per call was another 1%.
const extensions = [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()];
const mdastExtensions = [
  gfmFootnoteFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTableFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
];

/** The reference tree: micromark + mdast-util-from-markdown, every node positioned. */
export function parseReference(markdown: string): Root {
  return fromMarkdown(markdown, { extensions, mdastExtensions });
}

/** The text of each markdown-it tree, for the error path's positions (position.ts). */
const texts = new WeakMap<Root, string>();

/** The Markdown a tree without positions was parsed from. */
export function unpositionedText(root: Root): string | undefined {
  return texts.get(root);
}

/** The Markdown's tree: markdown-it's when it reproduces micromark's for this text (no positions), else micromark's. */
export function parseMarkdown(markdown: string): Root {
  if (!fastable(markdown)) return parseReference(markdown);
  let root: Root;
  try {
    root = parseFast(markdown);
  } catch {
    // A shape the converter does not reproduce (Fallback), or anything else markdown-it met: the
    // reference decides, errors included (a stack overflow becomes LIMIT_MARKDOWN_NESTING in read.ts).
    return parseReference(markdown);
  }
  texts.set(root, markdown);
  return root;
}
