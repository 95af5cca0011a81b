// Word desktop's lists in getHtml() output. Word does not write <ul>/<ol>: each item is a
// <p class="MsoListParagraph…"> whose style says `mso-list:l0 level2 lfo1` (list l0, nesting level 2),
// and whose marker ("·", "o", "1.") is written as text inside <![if !supportLists]>…<![endif]> (which an
// HTML parser reads as two comments around ordinary nodes) and/or a <span style="mso-list:Ignore">.
// stripListMarkers takes the markers out of the parsed DOM first; html-to-markdown.ts then gathers runs
// of list paragraphs (listParagraph) and wordList writes them as one nested Markdown list.

/** Where the pre-pass leaves a paragraph's list marker ("·", "o", "1.", "a)") for listParagraph. */
const MARKER_ATTRIBUTE = "data-capture-list-marker";
const BLOCKS = new Set(["p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6"]);

const isIgnoreSpan = (el: Element) => /mso-list\s*:\s*ignore/i.test(el.getAttribute("style") ?? "");
const commentIs = (node: Node, pattern: RegExp) =>
  node.nodeType === 8 && pattern.test((node as Comment).data.trim());
const SUPPORT_LISTS = /^\[if\s+!supportLists\]$/i;
const ENDIF = /^\[endif\]$/i;

/**
 * Takes Word's list markers out of the DOM — the nodes between <![if !supportLists]> and <![endif]> and any
 * <span style="mso-list:Ignore"> — and records their text on the enclosing paragraph. Numbered headings
 * lose their typed-in number this way too (Markdown headings have none).
 */
export function stripListMarkers(doc: Document): void {
  const record = (at: Node, text: string) => {
    let block: Element | null = at.nodeType === 1 ? (at as Element) : at.parentElement;
    while (block && !BLOCKS.has(block.tagName.toLowerCase())) block = block.parentElement;
    const marker = text.replace(/[\s\u00a0]+/g, " ").trim();
    if (block && marker !== "" && !block.hasAttribute(MARKER_ATTRIBUTE))
      block.setAttribute(MARKER_ATTRIBUTE, marker);
  };
  const walker = doc.createTreeWalker(doc, 0x80 /* NodeFilter.SHOW_COMMENT */);
  const starts: Comment[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (commentIs(n, SUPPORT_LISTS)) starts.push(n as Comment);
  for (const start of starts) {
    const region: Node[] = [];
    let end: Node | null = start.nextSibling;
    while (end && !commentIs(end, ENDIF)) {
      region.push(end);
      end = end.nextSibling;
    }
    if (end === null) {
      start.remove(); // no <![endif]> among its siblings: leave the content alone
      continue;
    }
    record(start, region.map((r) => r.textContent ?? "").join(""));
    for (const r of region) r.parentNode?.removeChild(r);
    start.remove();
    end.parentNode?.removeChild(end);
  }
  for (const span of Array.from(doc.querySelectorAll("span[style]")).filter(isIgnoreSpan)) {
    if (!span.isConnected) continue;
    record(span, span.textContent ?? "");
    span.remove();
  }
}

export type WordListItem = { level: number; ordered: boolean; start: number; text: string };

const MSO_LIST = /mso-list\s*:\s*l(\d+)\s+level(\d+)/i;

/**
 * A Word desktop list paragraph's place in its list (the caller renders its text), or undefined for any
 * other element.
 */
export function listParagraph(el: Element, lost: Set<string>): Omit<WordListItem, "text"> | undefined {
  if (el.tagName.toLowerCase() !== "p") return undefined;
  const m = MSO_LIST.exec(el.getAttribute("style") ?? "");
  if (!m) return undefined;
  const level = Math.max(1, Number(m[2]));
  const marker = el.getAttribute(MARKER_ATTRIBUTE) ?? "";
  const number = /^\(?(\d{1,9})[.)]$/.exec(marker);
  const other = /^\(?([a-z]{1,3})[.)]$/i.exec(marker);
  if (other) lost.add("Letter and roman list numbering (plain numbers are used)");
  return {
    level,
    ordered: number !== null || other !== null,
    start: number ? Number(number[1]) : 1,
  };
}

/**
 * Consecutive Word list paragraphs → one Markdown list, nested by their level. Markdown cannot skip a
 * level, so a level deeper than one below its predecessor is pulled up; each nested item is indented by
 * exactly the width of its parents' markers ("- " is 2, "10. " is 4), which CommonMark needs.
 */
export function wordList(items: readonly WordListItem[], lost: Set<string>): string {
  type Open = { level: number; ordered: boolean; next: number; indent: string; width: number };
  const stack: Open[] = [];
  const lines: string[] = [];
  for (const item of items) {
    while (stack.length > 0 && stack[stack.length - 1]!.level > item.level) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.level === item.level && top.ordered !== item.ordered) {
      stack.pop(); // same level, other kind: a new list
      top = stack[stack.length - 1];
    }
    if (!top || top.level < item.level) {
      const parent = top;
      const indent = parent ? parent.indent + " ".repeat(parent.width) : "";
      top = { level: item.level, ordered: item.ordered, next: item.start, indent, width: 0 };
      stack.push(top);
      if (stack.length > 9) lost.add("List levels deeper than 9");
    }
    const marker = top.ordered ? `${top.next}. ` : "- ";
    top.next += 1;
    top.width = marker.length;
    lines.push(`${top.indent}${marker}${item.text}`);
  }
  return lines.join("\n");
}
