import type { ProblemCode } from "./errors/codes";

// Limits: what the engine refuses, with a coded error (LIMIT_*), instead of hanging, running out of
// memory or overflowing the stack on hostile or accidental input. The numbers are generous — several
// times the largest real library, assembly or document we know of — and safe: at each limit a build
// still finishes in seconds (a minute at worst for the document-size limits) on a slow 2-core machine,
// in well under 2 GB. They are checked where the work happens (file loading, templates, Markdown,
// images, values), so the costly step never starts. docs/limits (and docs/errors.md) list them.
//
// Markdown lists deeper than the contract's 9 levels are *clamped*: they render at Word's deepest list
// level (9) and keep all their text, because pasted content is often over-indented and Word has no
// level 10. Nesting beyond MAX_MARKDOWN_NESTING is an error (LIMIT_MARKDOWN_NESTING): nobody writes it,
// and the Markdown parser's own tree walks overflow the stack on a few thousand levels.

/** Characters of JSON text in one library or assembly file (a parsed value counts its strings and keys). */
export const MAX_FILE_CHARS = 20_000_000;
/** Arrays and objects nested inside each other in one file (the contract needs 9). */
export const MAX_JSON_DEPTH = 64;
/** Snippets in one library file. */
export const MAX_SNIPPETS = 10_000;
/** Sections in one assembly. */
export const MAX_SECTIONS = 2_000;
/** Template blocks ({{#if}}, {{#each}}, {{#unless}}, {{#note}}, chained {{else if}}) inside each other, and (…) inside each other in one tag. */
export const MAX_TEMPLATE_NESTING = 20;
/** {{> id}} inside an included snippet inside an included snippet… */
export const MAX_INCLUDE_DEPTH = 10;
/** Template tags and text pieces processed for one document (loops multiply: each iteration counts). */
export const MAX_TEMPLATE_STEPS = 1_000_000;
/**
 * Size of the Markdown the templates produce for one document (all sections, header and footer): its
 * characters, plus a weight for each character that makes structure, because structure — not text — is
 * what costs work and memory in the Markdown parser and in docx's objects (output nodes: paragraphs,
 * runs, cells, hyperlinks). LINE_WEIGHT for each line break, LIST_ITEM_WEIGHT more for each list item
 * (a paragraph with numbering costs about twice a plain one), CELL_WEIGHT for
 * each "|" but a row's first (a table cell), LINK_WEIGHT for each "[" (a
 * hyperlink with its relationship), and MARKUP_WEIGHT for each "*", "_", "~", "<", ">" (a run, a quote) and "`" (a code
 * span), CODE_WEIGHT for "\\" (a backslash escape: six parser events for one character), and "&" (a character reference).
 * Measured (issue 14): before these weights, bodies within the limit — a 63×4000 table, "\\!" × 2.4 M,
 * "` a " × 1.2 M — took 2.6–4 GB; a paragraph, list item, link or cell costs about 0.3–0.5 ms and tens of
 * KB, a character of prose about 1 µs. Embedded image data is not counted (MAX_IMAGE_BYTES covers it).
 * About 3,500 pages of plain prose (a page of ~3,000 characters in 10 paragraphs costs ~5,600), or about
 * 2,400 pages of the benchmark's mixed content (headings, lists, a table, footnotes: ~17,300 a section
 * of 2.1 pages). Issue 15 raised it from 5,000,000 so the benchmark's 1,000-section document (~2,100
 * pages, ~17,300,000) builds, as docx by hand builds it. Measured at the limit over 1,000 sections of one
 * kind each (2-core machine; CPU time, peak RSS): prose 1.2 s / 274 MB, list items 3.9 s / 784 MB, links
 * 3.3 s / 610 MB, code spans 5.5 s / 975 MB. One section is held to MAX_SECTION_EXPANDED_SIZE below.
 */
export const MAX_EXPANDED_SIZE = 20_000_000;
/** How MAX_EXPANDED_SIZE reads in messages (see above). */
export const EXPANDED_SIZE_PAGES = "about 3,500 pages of prose";
/**
 * The same measure for one section, header or footer (its snippet, includes and loops expanded), and for
 * one snippet body as written: 5,000,000, about 900 pages of prose. The Markdown parser holds one
 * section's text and tree at a time, so this bounds its work and memory whatever the mix (issue 14's
 * weights were measured against it: about 1.5 GB at worst); the document limit above bounds the docx
 * objects all sections add up to. A body this large is a runaway include or loop, not a clause.
 */
export const MAX_SECTION_EXPANDED_SIZE = 5_000_000;
export const SECTION_EXPANDED_SIZE_PAGES = "about 900 pages of prose";
// (LIMITS below quotes it as "5,000,000": tests/engine/limits/codes.test.ts checks that they agree.)
export const LINE_WEIGHT = 128;
export const MARKUP_WEIGHT = 16;
export const CODE_WEIGHT = 32;
export const CELL_WEIGHT = 96;
export const LINK_WEIGHT = 384;
export const LIST_ITEM_WEIGHT = 128;
/**
 * Weight of a whole library — of all the libraries one build loads, together — measured as
 * MAX_EXPANDED_SIZE measures a document: the sum over its snippets of each body's expandedCost (a body
 * counted at most at MAX_SECTION_EXPANDED_SIZE: a larger one is refused on its own, without being rendered).
 * Every snippet can be within its own limits while the library is enormous: `validate` renders every
 * body (10,000 snippets of 150 short paragraphs, 4.5 MB of JSON, took minutes), and a build parses
 * every library it is given. 25,000,000, about 4,500 pages of ordinary prose; validating
 * a library at the limit takes well under a minute on a slow 2-core machine.
 */
// A fixed figure, not a multiple of MAX_EXPANDED_SIZE: issue 15 raised the document limit fourfold, and
// a library five documents heavy would then no longer fit in a library file (MAX_FILE_CHARS).
export const MAX_LIBRARY_WEIGHT = 25_000_000;
/** List levels Word can show (the contract's 9): deeper lists are drawn at this level. */
export const LIST_LEVELS = 9;
/** Lists and block quotes inside each other in one snippet's Markdown. */
export const MAX_MARKDOWN_NESTING = 32;
/**
 * Emphasis markers (runs of *, _ or ~) in one paragraph. The Markdown parser matches them in time that
 * grows with the square of their number, so a paragraph of nothing but asterisks could stall a build.
 */
export const MAX_EMPHASIS_MARKERS = 2_000;
/** Bytes of one embedded image, decoded. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Items in one list value. */
export const MAX_LIST_ITEMS = 1_000;
/** Columns in one table: Word's own limit. */
export const MAX_TABLE_COLUMNS = 63;
/**
 * Widest picture in a fragment, twips: 6 in, the text width of US Letter with 1.25 in margins (Word's
 * "Normal" margins before 2007, still common in legal templates) and narrower than A4 or Letter with
 * 1 in margins, so a picture inserted into such a host stays within its margins.
 */
export const FRAGMENT_MAX_WIDTH_TWIPS = 8640;
/** Estimated uncompressed size of the generated package (XML parts and images), checked before packing. */
export const MAX_DOCUMENT_BYTES = 100_000_000;
/**
 * The same estimate without pictures: the document's XML. docx holds every paragraph, run and cell as
 * objects and then as strings before zipping, about 60 bytes of memory per byte of XML, so this is what
 * bounds a build's memory once sections add up (MAX_EXPANDED_SIZE weighs the Markdown; its weights were
 * measured for one section's parser). Measured (issue 14, limits bench): the 1,000-section benchmark
 * document (~2,100 pages) is ~15 MB of XML and peaks at ~730 MB; at MAX_EXPANDED_SIZE a document of
 * 63-column tables would be ~42 MB (2.2–2.5 GB) and one of code spans ~34 MB (2–2.4 GB). 25 MB keeps
 * every input within the limits under about 1.5 GB. Pictures are blobs, not objects: they count only
 * against MAX_DOCUMENT_BYTES.
 */
export const MAX_DOCUMENT_XML_BYTES = 25_000_000;
/**
 * What the document-size estimate counts, in bytes of XML: each paragraph, run and table cell (text
 * counts its length on top), and each picture (its data counts on top). Measured on docx's output: a
 * plain paragraph is about 100 bytes of markup, a formatted run 60, a cell 150, a drawing 1,500–2,000.
 */
export const ESTIMATE_BYTES = { paragraph: 100, run: 60, cell: 150, image: 2_000 } as const;

/**
 * Importing a .docx (src/engine/import-docx): the file, its parts unpacked, its XML. A long real agreement
 * is 100–300 KB, its document.xml 1–5 MB and 50,000–300,000 elements; the limits are ten times that and
 * more, and keep an import at the limit within seconds and a few hundred MB (limits bench). They stop zip
 * bombs (a part that unpacks to gigabytes), XML built to exhaust memory or the stack, and files that are
 * not Word documents at all, each with a LIMIT_DOCX_* error before the costly step starts.
 */
export const MAX_DOCX_BYTES = 50 * 1024 * 1024;
/** Files (parts) in one .docx package. */
export const MAX_DOCX_ENTRIES = 10_000;
/** Bytes one part unpacks to (document.xml, styles.xml, a picture…). */
export const MAX_DOCX_PART_BYTES = 32 * 1024 * 1024;
/** Bytes all the parts read for one import unpack to, together. */
export const MAX_DOCX_UNZIPPED_BYTES = 128 * 1024 * 1024;
/** XML elements in all the parts read for one import. */
export const MAX_DOCX_ELEMENTS = 1_000_000;
/** XML elements inside each other (a table in a table adds three: table, row, cell). */
export const MAX_DOCX_NESTING = 160;
/** Paragraphs in one imported document (table cells, footnotes and comments included). */
export const MAX_DOCX_PARAGRAPHS = 100_000;

export type LimitInfo = { value: number; unit: string; code: ProblemCode; what: string };

/** 25000000 → "25,000,000" (not Intl: the first use of ICU costs a fresh process ≈10 ms, which `list` never needs). */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The limits in one table, for documentation (docs are generated from it, so they cannot drift). */
export const LIMITS: readonly LimitInfo[] = [
  { value: MAX_FILE_CHARS, unit: "characters", code: "LIMIT_FILE_SIZE", what: "JSON text of one library or assembly file" },
  { value: MAX_JSON_DEPTH, unit: "levels", code: "LIMIT_FILE_DEPTH", what: "arrays and objects nested in one file" },
  { value: MAX_SNIPPETS, unit: "snippets", code: "LIMIT_SNIPPETS", what: "snippets in one library" },
  { value: MAX_LIBRARY_WEIGHT, unit: "characters", code: "LIMIT_LIBRARY_SIZE", what: `snippet bodies of one library (of all the libraries of one build, together), weighed as the Markdown of a document is (each body counted at most at the section limit, LIMIT_EXPANDED_SIZE); about 4,500 pages` },
  { value: MAX_SECTIONS, unit: "sections", code: "LIMIT_SECTIONS", what: "sections in one assembly" },
  { value: MAX_TEMPLATE_NESTING, unit: "levels", code: "LIMIT_TEMPLATE_NESTING", what: "template blocks inside each other (and (…) inside each other in one tag)" },
  { value: MAX_INCLUDE_DEPTH, unit: "levels", code: "LIMIT_INCLUDE_DEPTH", what: "{{> id}} includes inside each other" },
  { value: MAX_TEMPLATE_STEPS, unit: "steps", code: "LIMIT_TEMPLATE_WORK", what: "template tags and text pieces processed for one document, loop iterations included" },
  { value: MAX_EXPANDED_SIZE, unit: "characters", code: "LIMIT_EXPANDED_SIZE", what: `Markdown produced for one document: characters, plus ${LINE_WEIGHT} per line break, ${LIST_ITEM_WEIGHT} per list item, ${CELL_WEIGHT} per |, ${LINK_WEIGHT} per [, ${CODE_WEIGHT} per \` and ${MARKUP_WEIGHT} per *, _, ~, <, >, \\ and & (image data not counted); ${EXPANDED_SIZE_PAGES}. One section, header or footer (and one snippet body as written): 5,000,000, ${SECTION_EXPANDED_SIZE_PAGES}` },
  { value: MAX_MARKDOWN_NESTING, unit: "levels", code: "LIMIT_MARKDOWN_NESTING", what: `lists and block quotes inside each other (lists deeper than ${LIST_LEVELS} are drawn at level ${LIST_LEVELS})` },
  { value: MAX_EMPHASIS_MARKERS, unit: "markers", code: "LIMIT_MARKDOWN_EMPHASIS", what: "runs of *, _ or ~ in one paragraph" },
  { value: MAX_IMAGE_BYTES, unit: "bytes", code: "LIMIT_IMAGE_SIZE", what: "one embedded image, decoded" },
  { value: MAX_LIST_ITEMS, unit: "items", code: "LIMIT_LIST_ITEMS", what: "items in one list value" },
  { value: MAX_TABLE_COLUMNS, unit: "columns", code: "LIMIT_TABLE_COLUMNS", what: "columns in one table (Word's limit)" },
  { value: MAX_DOCUMENT_BYTES, unit: "bytes", code: "LIMIT_DOCUMENT_SIZE", what: `estimated size of the generated document before compression; its XML alone (pictures left out), what bounds a build's memory, at most ${formatCount(MAX_DOCUMENT_XML_BYTES)} bytes` },
  { value: MAX_DOCX_BYTES, unit: "bytes", code: "LIMIT_DOCX_FILE", what: "one .docx given to import-docx or the pane's Import from a Word document" },
  { value: MAX_DOCX_ENTRIES, unit: "files", code: "LIMIT_DOCX_ENTRIES", what: "files (parts) inside one .docx package" },
  { value: MAX_DOCX_PART_BYTES, unit: "bytes", code: "LIMIT_DOCX_PART", what: `one part of a .docx, unpacked; all the parts read for one import, together: ${MAX_DOCX_UNZIPPED_BYTES / (1024 * 1024)} MB` },
  { value: MAX_DOCX_ELEMENTS, unit: "elements", code: "LIMIT_DOCX_ELEMENTS", what: "XML elements in the parts of one imported .docx" },
  { value: MAX_DOCX_NESTING, unit: "levels", code: "LIMIT_DOCX_NESTING", what: "XML elements inside each other in an imported .docx (tables in tables)" },
  { value: MAX_DOCX_PARAGRAPHS, unit: "paragraphs", code: "LIMIT_DOCX_PARAGRAPHS", what: "paragraphs in one imported .docx (table cells and footnotes included)" },

];

/** 20000000 → "20,000,000": limits are quoted the same way in every message, whatever the locale. */

/** 5242880 → "5 MB" (whole mebibytes), else "1,234 bytes". */
export const formatBytes = (n: number): string =>
  n >= 1024 * 1024 && n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MB` : `${formatCount(n)} bytes`;

/**
 * What one document's template expansion may still spend: shared by every section, header and footer
 * of a build, so a document of many sections cannot multiply the limits.
 */
export type ExpandBudget = {
  steps: number;
  size: number;
  /** Set once the limit has been reported, so the later sections do not report it again. */
  exhausted: boolean;
};

export const createExpandBudget = (): ExpandBudget => ({ steps: MAX_TEMPLATE_STEPS, size: MAX_EXPANDED_SIZE, exhausted: false });

// Base64 payloads of embedded images: cheap to parse, and limited by MAX_IMAGE_BYTES instead.
const IMAGE_PAYLOAD = /;base64,[A-Za-z0-9+/=\s]+/g;

/** The extra cost of each character that makes structure (see MAX_EXPANDED_SIZE); U+FDD0 is a line break from a value. */
const WEIGHTS = new Uint16Array(128);
WEIGHTS[10] = LINE_WEIGHT;
for (const ch of "*_~<>&") WEIGHTS[ch.charCodeAt(0)] = MARKUP_WEIGHT;
WEIGHTS["`".charCodeAt(0)] = CODE_WEIGHT;
// A backslash escape costs what a code span's marker does: a document of nothing but "\!" at the
// document limit peaked at 1.56 GB with MARKUP_WEIGHT (limits bench, issue 14), about 0.9 GB with this.
WEIGHTS["\\".charCodeAt(0)] = CODE_WEIGHT;
WEIGHTS["|".charCodeAt(0)] = CELL_WEIGHT;
WEIGHTS["[".charCodeAt(0)] = LINK_WEIGHT;

/** Whether a list item's marker ("- ", "* ", "+ ", "1. ", "1) ") starts at `i`, at the start of a line. */
function listMarkerAt(s: string, i: number): boolean {
  // Every read is within the string: reading past its end (NaN, as the rules want) made V8 drop the
  // optimized code of its caller ("out of bounds"), several times a build.
  const n = s.length;
  let j = i;
  while (j < n && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 62)) j++; // indentation and ">" of quotes
  if (j >= n) return false;
  const c = s.charCodeAt(j);
  if (c === 45 || c === 42 || c === 43) return j + 1 < n && s.charCodeAt(j + 1) === 32;
  let k = j;
  while (k < n && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57 && k - j < 9) k++;
  return k > j && k + 1 < n && (s.charCodeAt(k) === 46 || s.charCodeAt(k) === 41) && s.charCodeAt(k + 1) === 32;
}

/** What `text` costs against the expanded-size budget (see MAX_EXPANDED_SIZE). */
export function expandedCost(text: string): number {
  let cost = costOf(text);
  if (text.includes(";base64,")) for (const m of text.matchAll(IMAGE_PAYLOAD)) cost -= costOf(m[0]);
  return Math.max(0, cost);
}

// Texts this short are costed character by character (a dozen searches would cost more than the loop).
const SHORT_TEXT = 64;

// The characters with a weight (WEIGHTS, and U+FDD0) are found with indexOf, one character at a time,
// and counted: V8 searches a string for one character with a fast skip, and most characters of a text
// have no weight. Every body and every expanded text of a build is costed (a library's weight, then each
// write of the expansion): a regular expression finding the next weighted character cost ~50 ns a match
// (13 → 7 ms for the benchmark's 1,000 sections, issue 15, then ~17 ms of a first build's expansion);
// the searches take ~4 ms (session 22). The rule, character by character: costOfReference in
// tests/engine/limits/cost-of.test.ts.
// A function of its own, not a closure made per call: V8 kept recompiling the closure (9 optimized
// compiles in a 10-section build's first runs).
function costOf(s: string): number {
  const n = s.length;
  if (n < SHORT_TEXT) return costByCharacter(s);
  let cost = n;
  // A list item costs a paragraph with numbering on top of its line: about twice a paragraph.
  if (s.charCodeAt(0) !== 10 && listMarkerAt(s, 0)) cost += LIST_ITEM_WEIGHT;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) {
    cost += LINE_WEIGHT;
    if (listMarkerAt(s, i + 1)) cost += LIST_ITEM_WEIGHT;
  }
  // A row's leading "|" opens no cell of its own: a one-column row "| a |" is one cell.
  for (let i = s.indexOf("|"); i >= 0; i = s.indexOf("|", i + 1)) {
    if (i > 0 && s.charCodeAt(i - 1) !== 10) cost += CELL_WEIGHT;
  }
  cost += MARKUP_WEIGHT * (count(s, "*") + count(s, "_") + count(s, "~") + count(s, "<") + count(s, ">") + count(s, "&"));
  cost += CODE_WEIGHT * (count(s, "`") + count(s, "\\"));
  cost += LINK_WEIGHT * count(s, "[") + LINE_WEIGHT * count(s, "\uFDD0");
  return cost;
}

function count(s: string, ch: string): number {
  let found = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) found++;
  return found;
}

function costByCharacter(s: string): number {
  const n = s.length;
  let cost = n;
  if (n > 0 && s.charCodeAt(0) !== 10 && listMarkerAt(s, 0)) cost += LIST_ITEM_WEIGHT;
  for (let i = 0; i < n; i++) {
    const code = s.charCodeAt(i);
    if (code === 10) {
      cost += LINE_WEIGHT;
      if (listMarkerAt(s, i + 1)) cost += LIST_ITEM_WEIGHT;
    } else if (code < 128) {
      if (code !== 124 || (i > 0 && s.charCodeAt(i - 1) !== 10)) cost += WEIGHTS[code]!;
    } else if (code === 0xfdd0) cost += LINE_WEIGHT;
  }
  return cost;
}
