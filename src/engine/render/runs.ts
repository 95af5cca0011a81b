import { referenceRuns } from "./cross-refs";
import type { SourceLocation } from "../template/types";
import { problem } from "../errors/problem";
import type { IRunOptions, ParagraphChild } from "docx";
import { ESTIMATE_BYTES } from "../limits";
import { splitSentinels } from "../markdown/sentinels";
import { append } from "../append";
import { noteEnd, noteStart } from "./comments";
import { overDocumentSize, type SectionState } from "./context";
import type { DocxKit } from "./docx-kit";
import type { ProofingLanguage } from "./language";

// Runs (<w:r>): text with its formatting (<w:rPr>), and what the template's sentinels stand for inside
// text — line breaks (<w:br/>), PAGE and NUMPAGES fields, drafting-note ranges (comments.ts).

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

const LINE_ENDING = /\r\n?|\n/g;
/** The colour of docx's Hyperlink character style, for code inside a link (it carries the HTMLCode style). */
const LINK_COLOR = "0563C1";
/** Text with none of these is one run as it is: no sentinel to split on, no line ending to replace. */
const SPLIT = /[\uFDD0-\uFDEF\r\n]/;

/**
 * One text run. The usual formats are written as object literals of a fixed shape (plain text as docx's
 * own string form, as hand-written docx code makes them): docx's run constructor reads ~40 option names,
 * and options copied with a spread in many shapes made those reads ~2× slower than the hand-written
 * floor's (docs/decisions.md, "The engine's speed").
 */
function textRun(
  kit: DocxKit,
  text: string,
  fmt: Format,
  language: ProofingLanguage | undefined,
): ParagraphChild {
  // A fragment's runs say their language (language.ts); a standalone document's say it once, in styles.xml.
  if (language !== undefined) return languageRun(kit, text, fmt, language);
  if (isPlain(fmt)) return new kit.TextRun(text);
  if (fmt.bold && !fmt.italics && onlyBoldItalics(fmt)) return new kit.TextRun({ text, bold: true });
  if (fmt.italics && !fmt.bold && onlyBoldItalics(fmt)) return new kit.TextRun({ text, italics: true });
  return new kit.TextRun({ ...runOptions(fmt), text });
}

/** textRun for a fragment: the same fixed shapes, each with the language. */
function languageRun(kit: DocxKit, text: string, fmt: Format, language: ProofingLanguage): ParagraphChild {
  if (isPlain(fmt)) return new kit.TextRun({ text, language });
  if (fmt.bold && !fmt.italics && onlyBoldItalics(fmt))
    return new kit.TextRun({ text, bold: true, language });
  if (fmt.italics && !fmt.bold && onlyBoldItalics(fmt))
    return new kit.TextRun({ text, italics: true, language });
  return new kit.TextRun({ ...runOptions(fmt), text, language });
}

const onlyBoldItalics = (fmt: Format): boolean =>
  !fmt.strike &&
  !fmt.underline &&
  !fmt.superScript &&
  !fmt.subScript &&
  !fmt.highlight &&
  !fmt.code &&
  !fmt.link;
const isPlain = (fmt: Format): boolean => !fmt.bold && !fmt.italics && onlyBoldItalics(fmt);

export function runOptions(fmt: Format): IRunOptions {
  // Only the keys that are set: docx builds a run about 3× slower from options carrying undefined keys
  // (measured: 75,000 runs in 1.4 s with them, 0.4 s without), and a long document has tens of thousands.
  const opts: { -readonly [K in keyof IRunOptions]: IRunOptions[K] } = {};
  // <w:rStyle>: built-in character styles, so the host document's own definitions apply on insert. A run
  // has one: code inside a link keeps the code style, and the link's look (the Hyperlink style's blue
  // underline) is set on the run itself.
  if (fmt.code) {
    opts.style = "HTMLCode";
    if (fmt.link) {
      opts.color = LINK_COLOR;
      opts.underline = {};
    }
  } else if (fmt.link) opts.style = "Hyperlink";
  if (fmt.bold) opts.bold = true;
  if (fmt.italics) opts.italics = true;
  if (fmt.strike) opts.strike = true;
  if (fmt.underline) opts.underline = {};
  if (fmt.superScript) opts.superScript = true;
  if (fmt.subScript) opts.subScript = true;
  if (fmt.highlight) opts.highlight = "yellow";
  return opts;
}

/** One run of unformatted text that holds no sentinel (a task list item's check box). */
export function plainRun(s: SectionState, text: string): ParagraphChild {
  return textRun(s.doc.docx, text, {}, s.doc.runLanguage);
}

/** Text that may carry sentinels → runs, breaks (<w:br/>), fields and drafting-note ranges. */
export function textRuns(value: string, fmt: Format, s: SectionState): ParagraphChild[] {
  if (!SPLIT.test(value)) {
    // The common case, as splitSentinels would give it: one piece of text (none for empty text).
    if (value === "" || overDocumentSize(s.doc)) return [];
    s.doc.estimatedBytes += ESTIMATE_BYTES.run + value.length;
    return [textRun(s.doc.docx, value, fmt, s.doc.runLanguage)];
  }
  return sentinelRuns(value, fmt, s);
}

/**
 * Text holding sentinels or line endings, piece by piece. Apart from textRuns, which runs for every text
 * node and keeps only its common path (docs/decisions.md, "The engine's speed").
 */
function sentinelRuns(value: string, fmt: Format, s: SectionState): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  const language = s.doc.runLanguage;
  const opts = language === undefined ? runOptions(fmt) : { ...runOptions(fmt), language };
  for (const piece of splitSentinels(value)) {
    // A paragraph of a million line breaks stops here; renderBlocks reports the size at the next block.
    if (overDocumentSize(s.doc)) break;
    s.doc.estimatedBytes += ESTIMATE_BYTES.run;
    switch (piece.kind) {
      case "text":
        s.doc.estimatedBytes += piece.text.length;
        // A line ending inside text is a Markdown soft break: a space, as CommonMark renders it. Word
        // repairs a <w:t> holding a line feed (anthropics/skills#1569); hard breaks are <w:br/> below.
        out.push(textRun(s.doc.docx, piece.text.replace(LINE_ENDING, " "), fmt, language));
        break;
      case "break":
        out.push(new s.doc.docx.TextRun({ ...opts, break: 1 }));
        break;
      case "page":
        out.push(new s.doc.docx.TextRun({ ...opts, children: [s.doc.docx.PageNumber.CURRENT] }));
        break;
      case "pages":
        out.push(new s.doc.docx.TextRun({ ...opts, children: [s.doc.docx.PageNumber.TOTAL_PAGES] }));
        break;
      case "note-start":
        append(out, noteStart(s, piece.index));
        break;
      case "note-end":
        append(out, noteEnd(s, piece.index));
        break;
      case "ref":
        if (s.part === "header" || s.part === "footer") {
          const at = s.locate(piece.offset);
          s.doc.problems.push(
            problem({
              code: "TEMPLATE_UNSUPPORTED",
              message: `{{ref}} is for body text and footnotes, not a ${s.part}`,
              ...at,
            }),
          );
          break;
        }
        s.doc.refs.use(piece.form, piece.target, inSection(s, s.locate(piece.offset)));
        append(
          out,
          referenceRuns(
            s.doc.refs,
            piece.form,
            piece.target,
            (children) => new s.doc.docx.TextRun({ ...opts, children: children as never }),
          ),
        );
        break;
    }
  }
  return out;
}

/** A place in a body section, with the section's index (the pane names the section by it). */
const inSection = (s: SectionState, at: SourceLocation): SourceLocation =>
  s.sectionIndex === undefined ? at : { ...at, place: { ...at.place, section: s.sectionIndex } };
