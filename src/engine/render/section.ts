import type { Paragraph } from "docx";
import type { Definition, FootnoteDefinition, Nodes, Root } from "mdast";
import { INLINE_ONLY } from "../markdown/limits";
import type { SourceLocation } from "../template/types";
import { makeParagraph, renderBlocks, type Block } from "./blocks";
import { closeOpenNotes } from "./comments";
import type { DocumentState, SectionState } from "./context";

export type SectionInput = {
  /** The section's Markdown, parsed within the Markdown limits (markdown/read.ts). */
  root: Root;
  locate: (offset: number) => SourceLocation;
  notes: readonly string[];
  /** The snippet's `notes`: a comment on the section's first paragraph when drafting notes are on. */
  sectionNote?: string;
  headingOffset: number;
  /** The snippet's `titleBlock`: # and ## become the Title and Subtitle styles. Default false. */
  titleBlock?: boolean;
  pageBreakBefore: boolean;
  continueNumbering: boolean;
  commentAuthor: string;
  /** headingNumbering "legal": number the section's headings (body sections only). Default false. */
  numberHeadings?: boolean;
  /** The section's snippet id: {{ref "id"}} points at the section's first heading. */
  snippetId?: string;
  /** The section's index in the assembly: a reference's problems name it (place.section). */
  sectionIndex?: number;
  /** Where the blocks go: a footnote cannot be referenced from a header or footer. */
  part?: "body" | "header" | "footer";
};

/** One section's expanded Markdown → body blocks, sharing numbering, footnotes and comments with the document. */
export function renderSection(input: SectionInput, doc: DocumentState): Block[] {
  const root = input.root;
  const definitions = new Map<string, Definition>();
  const footnoteDefinitions = new Map<string, FootnoteDefinition>();
  collectDefinitions(root, definitions, footnoteDefinitions);

  const s: SectionState = {
    doc,
    locate: input.locate,
    notes: input.notes,
    noteComments: new Map(),
    notesClosed: new Set(),
    part: input.part ?? "body",
    noteParts: new Map(),
    movedNotes: [],
    commentAuthor: input.commentAuthor,
    headingOffset: input.headingOffset,
    pendingTarget: input.snippetId,
    sectionIndex: input.sectionIndex,
    titleBlock: input.titleBlock ?? false,
    continueNumbering: input.continueNumbering,
    numberHeadings: input.numberHeadings ?? false,
    pendingNote: input.sectionNote,
    footnoteDefinitions,
    footnoteIds: new Map(),
    definitions,
    renderFootnote: (def) => {
      const outer = s.part;
      s.part = `footnote:${def.identifier}`;
      const paragraphs = renderBlocks(def.children, s, { depth: 0, topLevel: false, footnote: true }).filter(
        (b): b is Paragraph => b instanceof doc.docx.Paragraph,
      );
      closeOpenNotes(s, paragraphs);
      s.part = outer;
      return paragraphs;
    },
  };
  if (input.pageBreakBefore) doc.pendingPageBreak = true;
  const blocks = renderBlocks(root.children, s, { depth: 0, topLevel: true });

  // A body with no paragraph of its own at the top level (only a table, say) still shows the snippet's
  // note: on a paragraph of its own before the content.
  if (s.pendingNote !== undefined && doc.options.draftingNotes && blocks.length > 0) {
    blocks.unshift(makeParagraph(s, { depth: 0, topLevel: true }, { children: [] }));
  }

  closeOpenNotes(s, blocks);
  return blocks;
}

function collectDefinitions(
  node: Nodes,
  defs: Map<string, Definition>,
  notes: Map<string, FootnoteDefinition>,
): void {
  if (node.type === "definition") {
    if (!defs.has(node.identifier)) defs.set(node.identifier, node);
    return;
  }
  if (node.type === "footnoteDefinition") {
    if (!notes.has(node.identifier)) notes.set(node.identifier, node);
  }
  // Definitions are blocks: none is ever inside a node of inline content (most of a tree's nodes).
  if (INLINE_ONLY.has(node.type)) return;
  if ("children" in node) for (const child of node.children) collectDefinitions(child as Nodes, defs, notes);
}
