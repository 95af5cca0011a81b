import { CommentRangeEnd, CommentReference, Paragraph, TextRun } from "docx";
import type { Definition, FootnoteDefinition, Nodes } from "mdast";
import { parseMarkdown } from "../markdown/parse";
import type { SourceLocation } from "../template/types";
import { makeParagraph, renderBlocks, type Block } from "./blocks";
import type { DocumentState, SectionState } from "./context";

export type SectionInput = {
  markdown: string;
  locate: (offset: number) => SourceLocation;
  notes: readonly string[];
  /** The snippet's `notes`: a comment on the section's first paragraph when drafting notes are on. */
  sectionNote?: string;
  headingOffset: number;
  pageBreakBefore: boolean;
  continueNumbering: boolean;
  commentAuthor: string;
};

/** One section's expanded Markdown → body blocks, sharing numbering, footnotes and comments with the document. */
export function renderSection(input: SectionInput, doc: DocumentState): Block[] {
  const root = parseMarkdown(input.markdown);
  const definitions = new Map<string, Definition>();
  const footnoteDefinitions = new Map<string, FootnoteDefinition>();
  collectDefinitions(root, definitions, footnoteDefinitions);

  const s: SectionState = {
    doc,
    locate: input.locate,
    notes: input.notes,
    noteComments: new Map(),
    notesClosed: new Set(),
    commentAuthor: input.commentAuthor,
    headingOffset: input.headingOffset,
    continueNumbering: input.continueNumbering,
    pendingNote: input.sectionNote,
    footnoteDefinitions,
    footnoteIds: new Map(),
    definitions,
    renderFootnote: (def) =>
      renderBlocks(def.children, s, { depth: 0, topLevel: false, footnote: true }).filter(
        (b): b is Paragraph => b instanceof Paragraph,
      ),
  };
  if (input.pageBreakBefore) doc.pendingPageBreak = true;
  const blocks = renderBlocks(root.children, s, { depth: 0, topLevel: true });

  // A body with no paragraph of its own at the top level (only a table, say) still shows the snippet's
  // note: on a paragraph of its own before the content.
  if (s.pendingNote !== undefined && doc.options.draftingNotes && blocks.length > 0) {
    blocks.unshift(makeParagraph(s, { depth: 0, topLevel: true }, {}, []));
  }

  // A drafting-note range left open (its end fell somewhere that renders no text) is closed at the
  // end of the section's last paragraph: <w:commentRangeEnd> then the <w:commentReference> run.
  const last = [...blocks].reverse().find((b): b is Paragraph => b instanceof Paragraph);
  for (const [index, id] of s.noteComments) {
    if (s.notesClosed.has(index)) continue;
    const host = last ?? new Paragraph({});
    if (!last) blocks.push(host);
    host.addChildElement(new CommentRangeEnd(id));
    host.addChildElement(new TextRun({ children: [new CommentReference(id)] }));
  }
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
  if ("children" in node) for (const child of node.children) collectDefinitions(child as Nodes, defs, notes);
}
