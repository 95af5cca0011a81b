import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  ExternalHyperlink,
  FootnoteReferenceRun,
  ImageRun,
  PageNumber,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from "docx";
import type { FootnoteReference, Html, Node, PhrasingContent } from "mdast";
import { problem } from "../errors/problem";
import type { ProblemCode } from "../errors/codes";
import { splitSentinels, SENTINEL_RANGE } from "../markdown/sentinels";
import type { SectionState } from "./context";
import { fitBox, readDataUri } from "./image";
import { ESTIMATE_BYTES, formatBytes, formatCount, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "../limits";
import { append } from "../append";
import { linkTarget } from "./link-target";

// Markdown inline content (mdast "phrasing") → the children of a <w:p>: runs (<w:r>), hyperlinks
// (<w:hyperlink>), footnote references, comment ranges and PAGE/NUMPAGES fields.

export type Format = {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  underline?: boolean;
  superScript?: boolean;
  subScript?: boolean;
  highlight?: boolean;
  code?: boolean;
  link?: boolean;
};

type HtmlTag = "u" | "sup" | "sub" | "mark";
const TAG_FORMAT: Record<HtmlTag, keyof Format> = {
  u: "underline",
  sup: "superScript",
  sub: "subScript",
  mark: "highlight",
};
const INLINE_TAG = /^<(\/?)(u|sup|sub|mark)\s*>$/i;
const BREAK_TAG = /^<br\s*\/?>$/i;
const HTML_COMMENT = /^<!--[\s\S]*-->$/;
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const LINE_ENDING = /\r\n?|\n/g;

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

export function report(s: SectionState, node: Node | undefined, code: ProblemCode, message: string): void {
  const at = s.locate(node?.position?.start.offset ?? 0);
  s.doc.problems.push(problem({ code, message, path: at.path, line: at.line, column: at.column }));
}

export function runOptions(fmt: Format): IRunOptions {
  // Only the keys that are set: docx builds a run about 3× slower from options carrying undefined keys
  // (measured: 75,000 runs in 1.4 s with them, 0.4 s without), and a long document has tens of thousands.
  const opts: { -readonly [K in keyof IRunOptions]: IRunOptions[K] } = {};
  // <w:rStyle>: built-in character styles, so the host document's own definitions apply on insert.
  if (fmt.link) opts.style = "Hyperlink";
  else if (fmt.code) opts.style = "HTMLCode";
  if (fmt.bold) opts.bold = true;
  if (fmt.italics) opts.italics = true;
  if (fmt.strike) opts.strike = true;
  if (fmt.underline) opts.underline = {};
  if (fmt.superScript) opts.superScript = true;
  if (fmt.subScript) opts.subScript = true;
  if (fmt.highlight) opts.highlight = "yellow";
  return opts;
}

/** Text that may carry sentinels → runs, breaks (<w:br/>), fields and drafting-note ranges. */
export function textRuns(value: string, fmt: Format, s: SectionState): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  const opts = runOptions(fmt);
  for (const piece of splitSentinels(value)) {
    // A paragraph of a million line breaks stops here; renderBlocks reports the size at the next block.
    if (s.doc.estimatedBytes > MAX_DOCUMENT_BYTES) break;
    s.doc.estimatedBytes += ESTIMATE_BYTES.run;
    switch (piece.kind) {
      case "text":
        s.doc.estimatedBytes += piece.text.length;
        // A line ending inside text is a Markdown soft break: a space, as CommonMark renders it. Word
        // repairs a <w:t> holding a line feed (anthropics/skills#1569); hard breaks are <w:br/> below.
        out.push(new TextRun({ ...opts, text: piece.text.replace(LINE_ENDING, " ") }));
        break;
      case "break":
        out.push(new TextRun({ ...opts, break: 1 }));
        break;
      case "page":
        out.push(new TextRun({ ...opts, children: [PageNumber.CURRENT] }));
        break;
      case "pages":
        out.push(new TextRun({ ...opts, children: [PageNumber.TOTAL_PAGES] }));
        break;
      case "note-start":
        if (s.doc.options.draftingNotes && !s.noteComments.has(piece.index)) {
          if (s.part.startsWith("footnote:")) {
            if (!s.movedNotes.includes(piece.index)) s.movedNotes.push(piece.index);
            break;
          }
          const id = s.doc.addComment(s.notes[piece.index] ?? "", s.commentAuthor);
          s.noteComments.set(piece.index, id);
          s.noteParts.set(piece.index, s.part);
          out.push(new CommentRangeStart(id)); // <w:commentRangeStart>
        }
        break;
      case "note-end":
        if (s.doc.options.draftingNotes && !s.notesClosed.has(piece.index)) {
          if (s.movedNotes.includes(piece.index)) break; // closed round the footnote's reference
          const started = s.noteComments.get(piece.index);
          // An end in another part than the start (a note around a footnote's text) is left for the
          // end of the start's own part (section.ts: closeOpenNotes).
          if (started !== undefined && s.noteParts.get(piece.index) !== s.part) break;
          s.notesClosed.add(piece.index);
          // A range whose start was lost (e.g. it began inside a link address) still gets its comment,
          // anchored at this point, so the note is never silently dropped.
          const id = started ?? s.doc.addComment(s.notes[piece.index] ?? "", s.commentAuthor);
          if (started !== undefined) out.push(new CommentRangeEnd(id)); // <w:commentRangeEnd>
          out.push(new TextRun({ children: [new CommentReference(id)] })); // <w:commentReference>
        }
        break;
    }
  }
  return out;
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
        out.push(new TextRun({ break: 1 }));
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
        append(out, footnote(node, fmt, s));
        break;
      case "html": {
        const value = node.value.trim();
        const m = INLINE_TAG.exec(value);
        if (m) {
          const tag = m[2]!.toLowerCase() as HtmlTag;
          if (m[1] === "") {
            open.push({ tag, node });
            fmt = { ...fmt, [TAG_FORMAT[tag]]: true };
          } else if (open.length > 0 && open[open.length - 1]!.tag === tag) {
            open.pop();
            fmt = { ...base };
            for (const o of open) fmt[TAG_FORMAT[o.tag]] = true;
          } else {
            report(s, node, "MARKDOWN_HTML_UNBALANCED", `</${tag}> closes a tag that is not open here.`);
          }
        } else if (BREAK_TAG.test(value)) {
          out.push(new TextRun({ break: 1 }));
        } else if (!HTML_COMMENT.test(value)) {
          report(
            s,
            node,
            "MARKDOWN_HTML",
            `Raw HTML ${JSON.stringify(clip(value))} is not allowed: only <u>, <sup>, <sub>, <mark> and <br> are.`,
          );
        }
        break;
      }
      default:
        break;
    }
  }
  for (const o of open) {
    report(
      s,
      o.node,
      "MARKDOWN_HTML_UNBALANCED",
      `<${o.tag}> is not closed in the same paragraph: add </${o.tag}>.`,
    );
  }
  return out;
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
  return [new ExternalHyperlink({ link: linkTarget(href), children: runs })];
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
    new ImageRun({
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
function footnote(node: FootnoteReference, fmt: Format, s: SectionState): ParagraphChild[] {
  const { identifier } = node;
  const label = node.label ?? identifier;
  const def = s.footnoteDefinitions.get(identifier);
  if (def && s.part !== "body") {
    // A footnote reference inside a footnote (itself, another, a chain) or in a header or footer is
    // schema-valid, but LibreOffice cannot load such a file and Word drops or mangles the note.
    const where = s.part.startsWith("footnote:") ? "inside another footnote" : `in the ${s.part}`;
    report(s, node, "MARKDOWN_FOOTNOTE_PLACE", `The footnote [^${label}] is referenced ${where}; footnotes can only be referenced from the body text.`);
    return textRuns(`[^${label}]`, fmt, s);
  }
  if (!def) return textRuns(`[^${label}]`, fmt, s);
  const repeat = s.footnoteIds.has(identifier);
  const id = s.doc.reserveFootnote();
  s.footnoteIds.set(identifier, id);
  const problemsBefore = s.doc.problems.length;
  const from = s.movedNotes.length;
  s.doc.setFootnote(id, s.renderFootnote(def));
  if (repeat) s.doc.problems.length = problemsBefore;
  const ref = new FootnoteReferenceRun(id); // <w:footnoteReference w:id>
  const moved = s.movedNotes.splice(from);
  if (moved.length === 0) return [ref];
  // Drafting notes that began inside the footnote: comments round the reference, in document.xml.
  if (!repeat) report(s, node, "MARKDOWN_NOTE_IN_FOOTNOTE", `A drafting note inside the footnote [^${label}] is attached to the footnote's reference in the text: a comment cannot be placed inside a footnote.`);
  const ids = moved.map((index) => {
    s.notesClosed.add(index);
    return s.doc.addComment(s.notes[index] ?? "", s.commentAuthor);
  });
  return [
    ...ids.map((c) => new CommentRangeStart(c)),
    ref,
    ...ids.map((c) => new CommentRangeEnd(c)),
    ...ids.map((c) => new TextRun({ children: [new CommentReference(c)] })),
  ];
}

const clip = (text: string): string => (text.length > 60 ? text.slice(0, 57) + "…" : text);
