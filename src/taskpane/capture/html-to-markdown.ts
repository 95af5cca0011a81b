// "Capture from Word": the selection's HTML (Range.getHtml(), which differs by platform) → the contract's
// Markdown. Parsed with the browser's DOMParser (the pane runs in a webview), never with string hacks.
// Headings, paragraphs, bold/italic/underline/strike/sup/sub, lists, tables and links are carried;
// anything else is listed in `lost` so the user knows what to redo by hand.
// Word desktop's list paragraphs (MsoListParagraph, mso-list) are handled in word-lists.ts.

import { listParagraph, stripListMarkers, wordList, type WordListItem } from "./word-lists";

export type Capture = { markdown: string; lost: string[] };

const SKIP = new Set(["style", "script", "meta", "link", "title", "head", "xml", "o:p"]);
const HEADING = /^h([1-6])$/;

/** Escapes text so it stays literal in Markdown and in the template ({{ → \{{). */
export function escapeText(text: string): string {
  return text.replace(/([\\`*_[\]#<>|~])/g, "\\$1").replace(/\{\{/g, "\\{{");
}

/**
 * A paragraph's text must stay a paragraph: text that begins like a list item ("1." "1)" "-" "+"), a
 * setext underline ("=") or a heading/quote/emphasis ("#" ">" "*", already escaped by escapeText) gets
 * its marker backslash-escaped, on every line (a hard break starts a new line).
 */
export function escapeBlockStart(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) =>
      line.replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, "$1$2\\$3").replace(/^(\s*)([-+=])/, "$1\\$2"),
    )
    .join("\n");
}

export function htmlToMarkdown(html: string, parser: DOMParser = new DOMParser()): Capture {
  const doc = parser.parseFromString(html, "text/html");
  const lost = new Set<string>();
  stripListMarkers(doc);
  const blocks = blockChildren(doc.body, lost, 0);
  const markdown = blocks
    .filter((b) => b.trim() !== "")
    .join("\n\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { markdown, lost: [...lost] };
}

function blockChildren(parent: Node, lost: Set<string>, depth: number): string[] {
  const out: string[] = [];
  let inline = "";
  let items: WordListItem[] = [];
  const flushList = () => {
    if (items.length > 0) out.push(wordList(items, lost));
    items = [];
  };
  const flush = () => {
    flushList();
    if (inline.trim() !== "") out.push(escapeBlockStart(inline.trim()));
    inline = "";
  };
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) {
      const text = node.textContent ?? "";
      // Between two list paragraphs Word writes line breaks: they must not end the list.
      if (items.length > 0 && text.trim() === "") continue;
      flushList();
      inline += escapeText(collapse(text));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (SKIP.has(tag)) continue;
    const listed = listParagraph(el, lost);
    if (listed) {
      const item = { ...listed, text: escapeBlockStart(inlineOf(el, lost).trim()) };
      if (inline.trim() !== "") flush();
      inline = "";
      items.push(item);
      continue;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      flush();
      out.push(`${"#".repeat(Number(heading[1]))} ${inlineOf(el, lost).trim()}`);
    } else if (tag === "p") {
      flush();
      out.push(escapeBlockStart(inlineOf(el, lost).trim()));
    } else if (tag === "ul" || tag === "ol") {
      flush();
      out.push(listOf(el, lost, depth));
    } else if (tag === "table") {
      flush();
      out.push(tableOf(el, lost));
    } else if (tag === "blockquote") {
      flush();
      out.push(
        blockChildren(el, lost, depth)
          .map((b) => b.replace(/^/gm, "> "))
          .join("\n>\n"),
      );
    } else if (tag === "hr") {
      flush();
      out.push("---");
    } else if (tag === "div" || tag === "section" || tag === "article" || tag === "body") {
      flush();
      out.push(...blockChildren(el, lost, depth));
    } else {
      flushList();
      inline += inlineElement(el, lost);
    }
  }
  flush();
  return out;
}

function inlineOf(el: Element, lost: Set<string>): string {
  return Array.from(el.childNodes)
    .map((n) =>
      n.nodeType === 3
        ? escapeText(collapse(n.textContent ?? ""))
        : n.nodeType === 1
          ? inlineElement(n as Element, lost)
          : "",
    )
    .join("");
}

function inlineElement(el: Element, lost: Set<string>): string {
  const tag = el.tagName.toLowerCase();
  if (SKIP.has(tag)) return "";
  const inner = () => inlineOf(el, lost);
  const wrap = (mark: string, text: string) => {
    const trimmed = text.trim();
    if (trimmed === "") return text;
    const lead = text.slice(0, text.length - text.trimStart().length);
    const tail = text.slice(text.trimEnd().length);
    return `${lead}${mark}${trimmed}${mark}${tail}`;
  };
  switch (tag) {
    case "b":
    case "strong":
      return wrap("**", inner());
    case "i":
    case "em":
      return wrap("*", inner());
    case "s":
    case "strike":
    case "del":
      return wrap("~~", inner());
    case "u":
      return `<u>${inner()}</u>`;
    case "sup":
      return `<sup>${inner()}</sup>`;
    case "sub":
      return `<sub>${inner()}</sub>`;
    case "code":
      return `\`${(el.textContent ?? "").replace(/`/g, "")}\``;
    case "br":
      return "\\\n";
    case "a": {
      const href = el.getAttribute("href") ?? "";
      if (/^(https?:|mailto:)/i.test(href))
        return `[${inner()}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
      if (href !== "")
        lost.add(`Link to "${href}" (only http, https and mailto links are kept; its text is kept)`);
      return inner();
    }
    case "img": {
      const src = el.getAttribute("src") ?? "";
      if (/^data:image\/(png|jpeg|gif);base64,/i.test(src))
        return `![${escapeText(el.getAttribute("alt") ?? "")}](${src})`;
      lost.add("Pictures that are not embedded PNG, JPEG or GIF data");
      return "";
    }
    case "span":
    case "font": {
      // Word's HTML often says bold/italic through style rather than <b>/<i>.
      const style = (el.getAttribute("style") ?? "").toLowerCase();
      let text = inner();
      if (/font-weight:\s*(bold|[6-9]00)/.test(style)) text = wrap("**", text);
      if (/font-style:\s*italic/.test(style)) text = wrap("*", text);
      if (/color:|background|font-family|font-size/.test(style))
        lost.add("Fonts, sizes and colours (the document's styles apply instead)");
      return text;
    }
    default:
      lost.add(`<${tag}> content (kept as plain text)`);
      return inner();
  }
}

function listOf(list: Element, lost: Set<string>, depth: number): string {
  if (depth >= 9) lost.add("List levels deeper than 9");
  const ordered = list.tagName.toLowerCase() === "ol";
  const start = Number(list.getAttribute("start") ?? "1") || 1;
  const indent = "   ".repeat(depth);
  const items = Array.from(list.children).filter((c) => c.tagName.toLowerCase() === "li");
  return items
    .map((li, k) => {
      const marker = ordered ? `${start + k}. ` : "- ";
      const nested: string[] = [];
      const own = list.ownerDocument.createElement("div");
      for (const child of Array.from(li.childNodes)) {
        const t = child.nodeType === 1 ? (child as Element).tagName.toLowerCase() : "";
        if (t === "ul" || t === "ol") nested.push(listOf(child as Element, lost, depth + 1));
        else own.append(child.cloneNode(true));
      }
      const text = blockChildren(own, lost, depth).join(" ").trim();
      return [`${indent}${marker}${text}`, ...nested].join("\n");
    })
    .join("\n");
}

function tableOf(table: Element, lost: Set<string>): string {
  const rows = Array.from(table.querySelectorAll("tr")).filter((tr) => tr.closest("table") === table);
  if (rows.length === 0) return "";
  if (table.querySelector("table")) lost.add("Tables inside tables (the inner table is flattened to text)");
  const cells = rows.map((tr) =>
    Array.from(tr.children)
      .filter((c) => /^t[dh]$/i.test(c.tagName))
      .map((cell) => {
        if (cell.hasAttribute("colspan") || cell.hasAttribute("rowspan")) lost.add("Merged table cells");
        return blockChildren(cell, lost, 0).join(" ").replace(/\n/g, " ").trim();
      }),
  );
  const width = Math.max(...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? "").join(" | ")} |`;
  return [
    line(cells[0]!),
    `| ${Array.from({ length: width }, () => "---").join(" | ")} |`,
    ...cells.slice(1).map(line),
  ].join("\n");
}

const collapse = (text: string) => text.replace(/\s+/g, " ");
