import type { ParagraphChild } from "docx";
import type { Heading, PhrasingContent } from "mdast";
import { anchorsIn, S_ANCHOR, SENTINEL_RANGE, withoutAnchorMarks } from "../markdown/sentinels";
import type { SectionState } from "./context";
import { plainText } from "./fill-in";
import { renderInline } from "./inline";

/**
 * A heading's runs; inside a bookmark when a reference can point at it: the section's first heading
 * (named by the snippet id) and a heading with {{anchor "name"}} (cross-refs.ts).
 */
export function headingRuns(node: Heading, number: string | undefined, s: SectionState): ParagraphChild[] {
  const raw = plainText(node.children);
  const anchors = raw.includes(S_ANCHOR) ? anchorsIn(raw) : [];
  const content = anchors.length > 0 ? withoutAnchors(node.children) : node.children;
  const children = renderInline(content, s);
  const text = plainText(content).replace(SENTINEL_RANGE, "").trim();
  const bySnippet = s.pendingTarget;
  if (s.part === "body") s.pendingTarget = undefined;
  if (s.part !== "body" || (anchors.length === 0 && bySnippet === undefined)) return children;
  const refs = s.doc.refs;
  const bookmark = refs.bookmarkFor(anchors[0] ?? bySnippet ?? "heading");
  const target = { bookmark, text, ...(number ? { number } : {}) };
  const at = s.locate(node.position?.start.offset ?? 0);
  if (bySnippet !== undefined) refs.name(bySnippet, target, false, at, s.doc.problems);
  for (const name of anchors) refs.name(name, target, true, at, s.doc.problems);
  return refs.bookmarkAround(bookmark, children);
}

/**
 * A heading's content with its {{anchor}} marks taken out, and the spaces around them: the bookmark
 * holds the heading's words only, so a REF to its text shows "Fees", not "Fees ".
 */
function withoutAnchors(children: readonly PhrasingContent[]): PhrasingContent[] {
  const out = children.map((c) => (c.type === "text" ? { ...c, value: withoutAnchorMarks(c.value) } : c));
  const first = out[0];
  if (first?.type === "text") out[0] = { ...first, value: first.value.trimStart() };
  const last = out.at(-1);
  if (last?.type === "text") out[out.length - 1] = { ...last, value: last.value.trimEnd() };
  return out.filter((c) => c.type !== "text" || c.value !== "");
}
