import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

// CommonMark + GFM (tables, strikethrough, footnotes, autolink literals, task lists) through micromark,
// the reference-grade parser behind remark: positioned nodes let every Markdown problem be reported at
// its line and column in the snippet body (through the template source map).
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}
