import fc from "fast-check";
import { anyText, forbiddenChar, longWord, prose, unicodeText } from "./text";

// Markdown fragments. "safe" ones are what the contract allows (they build); "hostile" ones add what
// it forbids or what stresses the parser: raw HTML, script links, unbalanced tags, deep nesting, big
// tables, punctuation soup.

// A real 1×1 PNG, GIF and JPEG.
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const GIF_1X1 = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
// A 1×1 grey baseline JPEG: SOI, DQT, SOF0, DHT (one DC and one AC code), SOS, two bits of scan, EOI.
const JPEG_1X1 = Buffer.from([
  0xff, 0xd8,
  0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1),
  0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00,
  0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...Array<number>(15).fill(0), 0x00,
  0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...Array<number>(15).fill(0), 0x00,
  0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00,
  0x3f,
  0xff, 0xd9,
]).toString("base64");

export const IMAGES = {
  png: `data:image/png;base64,${PNG_1X1}`,
  gif: `data:image/gif;base64,${GIF_1X1}`,
  jpeg: `data:image/jpeg;base64,${JPEG_1X1}`,
};

const cellText = fc.oneof(prose, unicodeText(8).map((s) => s.replace(/[|\n\r\\]/g, " ")), fc.constant(""));

/** A GFM table: up to `maxRows` rows and `maxColumns` columns, alignments included. */
export const table = (maxRows: number, maxColumns: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: maxColumns }), fc.integer({ min: 0, max: maxRows }))
    .chain(([columns, rows]) =>
      fc.tuple(
        fc.array(cellText, { minLength: columns, maxLength: columns }),
        fc.array(fc.constantFrom("---", ":--", "--:", ":-:"), { minLength: columns, maxLength: columns }),
        fc.array(fc.array(cellText, { minLength: 0, maxLength: columns + 1 }), { minLength: rows, maxLength: rows }),
      ),
    )
    .map(([head, align, rows]) =>
      ["\n\n| " + head.join(" | ") + " |", "|" + align.join("|") + "|", ...rows.map((r) => "| " + r.join(" | ") + " |")].join("\n") + "\n\n",
    );

/** Lists nested `depth` levels (bullets or numbers), one item per level. */
const nestedList = (maxDepth: number) =>
  fc.tuple(fc.integer({ min: 1, max: maxDepth }), fc.boolean(), prose).map(
    ([depth, ordered, text]) =>
      "\n\n" + Array.from({ length: depth }, (_, i) => `${"   ".repeat(i)}${ordered ? `${i + 1}.` : "-"} ${text} ${i}`).join("\n") + "\n\n",
  );

const SAFE_TOKENS = [
  "\n\n", "\n", "  \n", " ", "**bold**", "*italic*", "_em_", "~~struck~~", "`code`", "\\*not emphasis\\*",
  "\n\n# Heading\n\n", "\n\n## Sub *heading*\n\n", "\n\n###### Six\n\n", "\n\n- one\n- two\n\n", "\n\n1. first\n2. second\n\n",
  "\n\n3. starts at three\n\n", "\n\n- [ ] task\n- [x] done\n\n", "\n\n> quoted text\n\n", "\n\n> a\n>\n> > nested quote\n\n",
  "\n\n```\ncode block\n  indented\n```\n\n", "\n\n    indented code\n\n", "\n\n---\n\n",
  "[a link](https://example.com/a?b=c&d=e)", "[mail](mailto:someone@example.com)", "<https://example.com>",
  "[ref link][r]\n\n[r]: http://example.com/ref\n\n", "<u>under</u>", "H<sub>2</sub>O", "E=mc<sup>2</sup>", "<mark>marked</mark>",
  "line<br>break", "a<br/>b", "<!-- a comment -->", "&amp; &copy; &#169; &lt;tag&gt;", "text[^n1]\n\n[^n1]: the footnote\n\n",
  `![a png](${IMAGES.png})`, `![a gif](${IMAGES.gif} "title")`, `![a jpeg](${IMAGES.jpeg})`, "![ref image][img]\n\n[img]: " + IMAGES.png + "\n\n",
  "\\", "\\\\", "&nbsp;", "**bold *and italic***",
] as const;

const HOSTILE_TOKENS = [
  "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x]( \tjavascript:alert(1))", "[x](&#106;avascript:alert(1))",
  "[x](java\nscript:alert(1))", "<javascript:alert(1)>", "[x](vbscript:msgbox)", "[x](data:text/html,<script>alert(1)</script>)",
  "[x](file:///etc/passwd)", "[x](/relative)", "[x](#anchor)", "[x]()", "[x](<>)", "[r]\n\n[r]: javascript:alert(1)\n\n",
  "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:x\">x</a>", "<div>", "</div>", "<u>", "</u>",
  "<sup>", "</sub>", "<mark>", "<br>", "<!--", "-->", "<?php ?>", "<![CDATA[x]]>", "![x](http://example.com/a.png)",
  "![x](data:image/svg+xml;base64,PHN2Zz4=)", "![x](data:image/png;base64,AAAA)", "![x](data:image/png;base64,!!!)",
  "![x](data:image/gif;base64,R0lGODlh)", "[^undefined]", "[^a]: b", "[^]", "*", "**", "_", "~", "~~", "`", "```", "~~~",
  "|", "||", "| a |", "#", "####### seven", ">", "- ", "1. ", "999999999. big", "1234567890. too big", "+ ", "* * *",
  "[", "]", "(", ")", "![", "&#0;", "&#xD800;", "&#xFFFE;", "&#x110000;", "&#1114111;", "&bogus;", "\t", "\r", "\r\n", "\u2028",
] as const;

const quoteNest = (max: number) =>
  fc.tuple(fc.integer({ min: 1, max }), prose).map(([n, t]) => "\n\n" + "> ".repeat(n) + t + "\n\n");
const emphasisNest = (max: number) =>
  fc.tuple(fc.integer({ min: 1, max }), prose).map(([n, t]) => "*a ".repeat(n) + t + " b*".repeat(n));

/** A piece of Markdown the contract allows. */
export const safeMarkdown: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: prose },
  { weight: 8, arbitrary: fc.constantFrom(...SAFE_TOKENS) },
  { weight: 2, arbitrary: anyText(20) },
  { weight: 1, arbitrary: table(6, 5) },
  { weight: 1, arbitrary: nestedList(12) },
);

/** A piece of Markdown from anywhere: allowed, forbidden, malformed or deep. */
// Weights are per piece, and a body has up to 20 pieces: the costly ones (big tables, long words) are
// kept rare enough that about one body in ten has one.
export const hostileMarkdown: fc.Arbitrary<string> = fc.oneof(
  { weight: 50, arbitrary: safeMarkdown },
  { weight: 50, arbitrary: fc.constantFrom(...HOSTILE_TOKENS) },
  { weight: 30, arbitrary: anyText(30) },
  { weight: 10, arbitrary: forbiddenChar },
  { weight: 3, arbitrary: table(40, 70) },
  { weight: 5, arbitrary: nestedList(40) },
  { weight: 5, arbitrary: quoteNest(40) },
  { weight: 5, arbitrary: emphasisNest(30) },
  { weight: 2, arbitrary: longWord },
);

/** A whole body of Markdown pieces. */
export const markdownBody = (piece: fc.Arbitrary<string>, maxPieces = 12) =>
  fc.array(piece, { maxLength: maxPieces }).map((parts) => parts.join(""));
