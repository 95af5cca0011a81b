import type { ICommentOptions, Paragraph } from "docx";
import type { DocxKit } from "./docx-kit";
import type { ProofingLanguage } from "./language";
import type { Node } from "mdast";
import type { ProblemCode } from "../errors/codes";
import { problem, type Problem } from "../errors/problem";
import type { SourceLocation } from "../template/types";
import { NumberingState, type NumberingCarry } from "./numbering";
import { formatCount, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_XML_BYTES } from "../limits";
import { clipName } from "./author-name";
import { CrossReferences, type RefTarget } from "./cross-refs";

/** Document-wide state shared by every section while one document is rendered. */
export class DocumentState {
  readonly problems: Problem[] = [];
  readonly numbering: NumberingState;
  /** Headings that references point at, and the references (cross-refs.ts). */
  readonly refs: CrossReferences;
  /** The classes objects are made with: docx's own for a build, stand-ins for a check (docx-kit.ts). */
  readonly docx: DocxKit;
  /** Footnote ids start at 1: docx writes the separator footnotes at -1 and 0. */
  private nextFootnoteId = 1;
  private nextCommentId = 0;
  readonly footnotes: Record<number, { children: Paragraph[] }> = {};
  readonly comments: ICommentOptions[] = [];
  hasToc = false;
  /** A page break waiting for the next body paragraph ({{pagebreak}}, a section's pageBreakBefore). */
  pendingPageBreak = false;
  /** Estimated size of the document's XML and pictures so far (limits.ts: MAX_DOCUMENT_BYTES). */
  estimatedBytes = 0;
  /** The part of estimatedBytes that is pictures (limits.ts: MAX_DOCUMENT_XML_BYTES leaves them out). */
  imageBytes = 0;
  /** Whether LIMIT_DOCUMENT_SIZE has been reported (it is reported once). */
  sizeReported = false;
  /** The <w:lang> every text run carries (fragments only: language.ts), or undefined. */
  readonly runLanguage: ProofingLanguage | undefined;

  constructor(
    readonly options: {
      docx: DocxKit;
      draftingNotes: boolean;
      today: Date;
      /** Width between the margins, in twips: tables and images are sized to it. */
      contentWidthTwips: number;
      /** Height between the margins, in twips: a picture taller than this is scaled down. Default: 1.5 × the width. */
      contentHeightTwips?: number;
      /**
       * Checking a raw snippet body (template tags not yet expanded): a link or image address that
       * holds a {{tag}} is judged after expansion, not now.
       */
      rawTemplate?: boolean;
      /** Where an earlier package of the same insert left the counting (a split insert). */
      carry?: NumberingCarry;
      /**
       * A fragment for insertion into a document whose page is not ours: tables take a share of the
       * text width (pct) instead of twips, and pictures are capped to FRAGMENT_MAX_WIDTH_TWIPS too.
       */
      fragment?: boolean;
      /** The proofing language to write on every text run (a fragment's, from its locale). */
      runLanguage?: ProofingLanguage;
      /** A reference to a heading not in the assembly: an error (default) or a warning and a placeholder. */
      missingReferences?: "error" | "warn";
      /** Headings already in the document that references may point at (BuildOptions.outsideTargets). */
      outsideTargets?: Readonly<Record<string, RefTarget>>;
    },
  ) {
    this.refs = new CrossReferences(
      options.missingReferences,
      options.outsideTargets,
      options.fragment === true,
    );
    this.numbering = new NumberingState(options.carry);
    this.docx = options.docx;
    this.runLanguage = options.runLanguage;
  }

  allocateFootnote(children: Paragraph[]): number {
    const id = this.nextFootnoteId++;
    this.footnotes[id] = { children };
    return id;
  }

  /** Reserves a footnote id now (so numbering follows reference order) and fills it in later. */
  reserveFootnote(): number {
    return this.nextFootnoteId++;
  }

  setFootnote(id: number, children: Paragraph[]): void {
    this.footnotes[id] = { children };
  }

  /** A paragraph of unformatted text, in the run language when there is one. */
  private plainParagraph(text: string): Paragraph {
    const language = this.runLanguage;
    if (language === undefined) return new this.docx.Paragraph(text);
    return new this.docx.Paragraph({ children: [new this.docx.TextRun({ text, language })] });
  }

  addComment(text: string, author: string): number {
    const id = this.nextCommentId++;
    this.comments.push({
      id,
      author: clipName(author),
      initials: initialsOf(author),
      date: this.options.today,
      children: text.split(/\r\n?|\n/).map((line) => this.plainParagraph(line)),
    });
    return id;
  }
}

function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .filter((c) => /\p{L}|\p{N}/u.test(c))
    .join("");
  return letters.slice(0, 3) || "SS";
}

/** Per-section state: where problems point, drafting-note ranges, footnote definitions. */
export type SectionState = {
  doc: DocumentState;
  locate: (offset: number) => SourceLocation;
  /** Texts of {{#note}} ranges (index = sentinel index). */
  notes: readonly string[];
  /** note index → comment id, once its range has started. */
  noteComments: Map<number, number>;
  /** note indexes whose range end was written. */
  notesClosed: Set<number>;
  /**
   * Where text is being written: "body", or "footnote:<label>" while a footnote's content is rendered.
   * A note range ends only in the part it started in (a start in document.xml and an end in
   * footnotes.xml is a broken comment), so `noteParts` remembers where each range started.
   */
  part: string;
  noteParts: Map<number, string>;
  /**
   * Notes whose range began inside the footnote being rendered: a comment inside footnotes.xml makes a
   * file LibreOffice cannot load, so their comment goes round the footnote's reference instead.
   */
  movedNotes: number[];
  commentAuthor: string;
  headingOffset: number;
  /** The section's snippet id, waiting to name the section's first heading as a reference target. */
  pendingTarget: string | undefined;
  /** The section's index in the assembly (body sections). */
  sectionIndex: number | undefined;
  /** The snippet is a title block: # is the Title style and ## the Subtitle style (not headings). */
  titleBlock: boolean;
  /** Whether the section's first ordered list continues the previous section's. */
  continueNumbering: boolean;
  /** headingNumbering "legal" in a body section: headings get clause numbers (never in headers or footers). */
  numberHeadings: boolean;
  /** The snippet's drafting note, waiting to become a comment on the section's first paragraph. */
  pendingNote: string | undefined;
  /** GFM footnote definitions of this section, by normalised label. */
  footnoteDefinitions: Map<string, import("mdast").FootnoteDefinition>;
  /** label → footnote id already given in this section. */
  footnoteIds: Map<string, number>;
  /** Link reference definitions ([label]: url). */
  definitions: Map<string, import("mdast").Definition>;
  /** Renders a footnote definition's content (set by the block renderer; breaks an import cycle). */
  renderFootnote: (def: import("mdast").FootnoteDefinition) => Paragraph[];
};

/** A problem at `node`'s place in the snippet body (through the section's source map). */
export function report(s: SectionState, node: Node | undefined, code: ProblemCode, message: string): void {
  const at = s.locate(node?.position?.start.offset ?? 0);
  s.doc.problems.push(problem({ code, message, ...at }));
}

/** Whether the document is past MAX_DOCUMENT_BYTES (XML and pictures) or MAX_DOCUMENT_XML_BYTES (XML). */
export function overDocumentSize(doc: DocumentState): boolean {
  return (
    doc.estimatedBytes > MAX_DOCUMENT_BYTES || doc.estimatedBytes - doc.imageBytes > MAX_DOCUMENT_XML_BYTES
  );
}

/** LIMIT_DOCUMENT_SIZE's message: which of the two sizes the document went past, and what to do. */
export function documentSizeMessage(doc: DocumentState, where: string): string {
  return doc.estimatedBytes - doc.imageBytes > MAX_DOCUMENT_XML_BYTES
    ? `${where} the document's text and structure would be more than ${formatCount(MAX_DOCUMENT_XML_BYTES / 1_000_000)} MB of XML (about 3,500 pages of prose, fewer of tables and lists); split it into several assemblies.`
    : `${where} the document would be larger than ${formatCount(MAX_DOCUMENT_BYTES / 1_000_000)} MB before compression; split it into several assemblies, or use fewer or smaller images.`;
}
