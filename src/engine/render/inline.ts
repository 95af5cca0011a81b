import type { ParagraphChild } from "docx";
import type { Html, Node, PhrasingContent } from "mdast";
import { SENTINEL_RANGE } from "../markdown/sentinels";
import { report, type SectionState } from "./context";
import { footnoteReference } from "./footnotes";
import { fitBox, readDataUri } from "./image";
import { ESTIMATE_BYTES, formatBytes, formatCount, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "../limits";
import { append } from "../append";
import { linkTarget } from "./link-target";
import { textRuns, type Format } from "./runs";

// Markdown inline content (mdast "phrasing") → the children of a <w:p>: runs (runs.ts), hyperlinks
// (<w:hyperlink>), pictures, footnote references (footnotes.ts) and comment ranges (comments.ts).

export { runOptions, textRuns, type Format } from "./runs";

type HtmlTag = "u" | "sup" | "sub" | "mark";
const TAG_FORMAT: Record<HtmlTag, keyof Format> = {
  u: "underline",
  sup: "superScript",
  sub: "subScript",
  mark: "highlight",
};
const INLINE_TAG = /^<(\/?)(u|sup|sub|mark)\s*>$/i;
const BREAK_TAG = /^<br\s*\/?>$/i;
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

// The relationship's Target must be a URI (RFC 3986; Word and LibreOffice reject the document or the
// link otherwise): "%" only before two hex digits, and no character URIs never hold — blanks, controls,
// " < > \ ^ ` { | } — nor "[" "]" outside an IPv6 host. Non-ASCII letters (IRIs) are kept: Word encodes
// them itself.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const BAD_URI_CHAR = /[\x00-\x20"<>\\^`{|}\x7f]/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;

/** Why `href` is not a valid URI, or undefined when it is. */
function uriFault(href: string): string | undefined {
  const bad = BAD_URI_CHAR.exec(href);
  if (bad) return `${JSON.stringify(bad[0])} cannot appear in one (percent-encode it, e.g. a space as %20)`;
  if (BAD_PERCENT.test(href)) return '"%" must be followed by two hexadecimal digits (write a percent sign as %25)';
  const host = AUTHORITY.exec(href)?.[1] ?? "";
  const rest = href.slice(href.indexOf(host) + host.length);
  const hostBrackets = host.replace(/^(?:[^@]*@)?\[[0-9A-Fa-f:.]+\](?::\d*)?$/, "");
  if (/[[\]]/.test(hostBrackets) || /[[\]]/.test(AUTHORITY.test(href) ? rest : href))
    return '"[" and "]" may only enclose an IPv6 address (percent-encode them as %5B and %5D)';
  return undefined;
}

export function renderInline(
  nodes: readonly PhrasingContent[],
  s: SectionState,
  base: Format = {},
): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let fmt: Format = { ...base };
  const open: Array<{ tag: HtmlTag; node: Html }> = [];
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        append(out, textRuns(node.value, fmt, s));
        break;
      case "emphasis":
        append(out, renderInline(node.children, s, { ...fmt, italics: true }));
        break;
      case "strong":
        append(out, renderInline(node.children, s, { ...fmt, bold: true }));
        break;
      case "delete":
        append(out, renderInline(node.children, s, { ...fmt, strike: true }));
        break;
      case "inlineCode":
        append(out, textRuns(node.value, { ...fmt, code: true }, s));
        break;
      case "break":
        out.push(new s.doc.docx.TextRun({ break: 1 }));
        break;
      case "link":
        append(out, link(node.url, node.children, node, fmt, s));
        break;
      case "linkReference": {
        const def = s.definitions.get(node.identifier);
        if (def) append(out, link(def.url, node.children, node, fmt, s));
        else append(out, renderInline(node.children, s, fmt));
        break;
      }
      case "image":
        append(out, image(node.url, node.alt ?? "", node.title ?? undefined, node, s));
        break;
      case "imageReference": {
        const def = s.definitions.get(node.identifier);
        append(out, image(def?.url ?? "", node.alt ?? "", def?.title ?? undefined, node, s));
        break;
      }
      case "footnoteReference":
        append(out, footnoteReference(node, fmt, s));
        break;
      case "html":
        fmt = inlineHtml(node, s, out, open, fmt, base);
        break;
      default:
        break;
    }
  }
  if (open.length > 0) reportUnclosed(open, s);
  return out;
}

// The inline HTML cases and their problems live apart from renderInline, which runs for every paragraph:
// V8 optimizes a function only after it has run an amount of bytecode that grows with the function's
// size, rare branches included (bench/analysis.md, "10 sections, session 22").

/** An inline HTML node: a format tag opens or closes (the format that follows), <br> breaks, else a problem. */
function inlineHtml(
  node: Html,
  s: SectionState,
  out: ParagraphChild[],
  open: Array<{ tag: HtmlTag; node: Html }>,
  fmt: Format,
  base: Format,
): Format {
  const value = node.value.trim();
  const m = INLINE_TAG.exec(value);
  if (m) {
    const tag = m[2]!.toLowerCase() as HtmlTag;
    if (m[1] === "") {
      open.push({ tag, node });
      return { ...fmt, [TAG_FORMAT[tag]]: true };
    }
    if (open.length > 0 && open[open.length - 1]!.tag === tag) {
      open.pop();
      const next: Format = { ...base };
      for (const o of open) next[TAG_FORMAT[o.tag]] = true;
      return next;
    }
    report(s, node, "MARKDOWN_HTML_UNBALANCED", `</${tag}> closes a tag that is not open here.`);
  } else if (BREAK_TAG.test(value)) {
    out.push(new s.doc.docx.TextRun({ break: 1 }));
  } else if (!onlyHtmlComments(value)) {
    report(
      s,
      node,
      "MARKDOWN_HTML",
      `Raw HTML ${JSON.stringify(clip(value))} is not allowed: only <u>, <sup>, <sub>, <mark> and <br> are.`,
    );
  }
  return fmt;
}

/**
 * Whether raw HTML is nothing but comments (and blanks), which are left out. A comment ends at the first
 * "-->", and "<!-->" and "<!--->" are comments too (CommonMark 0.31.2, as HTML parses them).
 */
export function onlyHtmlComments(html: string): boolean {
  let rest = html.trim();
  if (rest === "") return false;
  while (rest.startsWith("<!--")) {
    const body = rest.slice(4);
    let end: number;
    if (body.startsWith(">")) end = 1;
    else if (body.startsWith("->")) end = 2;
    else {
      const close = body.indexOf("-->");
      if (close < 0) return false;
      end = close + 3;
    }
    rest = body.slice(end).trimStart();
  }
  return rest === "";
}

function reportUnclosed(open: ReadonlyArray<{ tag: HtmlTag; node: Html }>, s: SectionState): void {
  for (const o of open) {
    report(
      s,
      o.node,
      "MARKDOWN_HTML_UNBALANCED",
      `<${o.tag}> is not closed in the same paragraph: add </${o.tag}>.`,
    );
  }
}

function link(
  url: string,
  children: readonly PhrasingContent[],
  node: Node,
  fmt: Format,
  s: SectionState,
): ParagraphChild[] {
  const href = url.replace(SENTINEL_RANGE, "").trim();
  if (s.doc.options.rawTemplate && href.includes("{{")) return renderInline(children, s, fmt);
  if (!SAFE_LINK.test(href)) {
    report(
      s,
      node,
      "MARKDOWN_LINK_SCHEME",
      `The link ${JSON.stringify(clip(href))} must start with http://, https:// or mailto:.`,
    );
    return renderInline(children, s, fmt);
  }
  const invalid = uriFault(href);
  if (invalid !== undefined) {
    report(s, node, "MARKDOWN_LINK_INVALID", `The link ${JSON.stringify(clip(href))} is not a valid address: ${invalid}.`);
    return renderInline(children, s, fmt);
  }
  // <w:hyperlink r:id> with an external relationship; runs use the built-in "Hyperlink" style.
  const runs = renderInline(children, s, { ...fmt, link: true });
  return [new s.doc.docx.ExternalHyperlink({ link: linkTarget(href), children: runs })];
}

function image(
  url: string,
  alt: string,
  title: string | undefined,
  node: Node,
  s: SectionState,
): ParagraphChild[] {
  if (s.doc.options.rawTemplate && url.includes("{{")) return [];
  if (s.doc.sizeReported) return []; // the document is already over its size limit: decode nothing more
  const read = readDataUri(url);
  if (!read.ok) {
    if (read.reason === "too-large") {
      report(
        s,
        node,
        "LIMIT_IMAGE_SIZE",
        `The embedded image${alt ? ` "${clip(alt)}"` : ""} is ${formatBytes(read.bytes)}; an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}. Make it smaller (fewer pixels, or JPEG for photos) and embed it again.`,
      );
    } else if (read.reason === "source") {
      report(
        s,
        node,
        "MARKDOWN_IMAGE_SOURCE",
        `The image ${JSON.stringify(clip(url))} must be embedded as a data:image/png, image/jpeg or image/gif base64 URI.`,
      );
    } else {
      report(
        s,
        node,
        "MARKDOWN_IMAGE_INVALID",
        `The embedded image${alt ? ` "${alt}"` : ""} cannot be read as the type its data URI states.`,
      );
    }
    return [];
  }
  const { type, data, width, height } = read.image;
  // Every use of a picture stores its data again (docx writes one media file per ImageRun).
  s.doc.estimatedBytes += data.length + ESTIMATE_BYTES.image;
  s.doc.imageBytes += data.length + ESTIMATE_BYTES.image;
  if (s.doc.estimatedBytes > MAX_DOCUMENT_BYTES) {
    s.doc.sizeReported = true;
    report(
      s,
      node,
      "LIMIT_DOCUMENT_SIZE",
      `With this image the document would be larger than ${formatCount(MAX_DOCUMENT_BYTES / 1_000_000)} MB before compression; each use of a picture is stored again, so use smaller images or fewer copies, or split the document.`,
    );
    return [];
  }
  const maxPx = Math.floor(s.doc.options.contentWidthTwips / 15); // 15 twips per pixel at 96 dpi
  const maxHeightPx = Math.floor(
    (s.doc.options.contentHeightTwips ?? s.doc.options.contentWidthTwips * 1.5) / 15,
  );
  const text = alt.replace(SENTINEL_RANGE, "");
  // <w:drawing><wp:inline> with <wp:docPr descr> carrying the alt text.
  return [
    new s.doc.docx.ImageRun({
      type,
      data,
      transformation: fitBox({ width, height }, maxPx, maxHeightPx),
      altText: {
        name: text || "Image",
        description: text,
        title: title?.replace(SENTINEL_RANGE, "") ?? text,
      },
    }),
  ];
}

// Word takes one <w:footnoteReference> per footnote: a second reference to the same note makes it
// repair the file (dolanmiu/docx#1554, shinjukunian/DocX#55). So a label referenced again in the body
// gets a note of its own with the same content (its problems were reported with the first).
const clip = (text: string): string => (text.length > 60 ? text.slice(0, 57) + "…" : text);
