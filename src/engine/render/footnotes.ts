import type { ParagraphChild } from "docx";
import type { FootnoteReference } from "mdast";
import { commentedAll } from "./comments";
import { report, type SectionState } from "./context";
import { textRuns, type Format } from "./runs";

// Footnote references in the text (<w:footnoteReference w:id/>); the note's own paragraphs are rendered
// by the section (section.ts: renderFootnote) into word/footnotes.xml (DocumentState.setFootnote), whose
// separators notes.ts writes as Word does.

export function footnoteReference(node: FootnoteReference, fmt: Format, s: SectionState): ParagraphChild[] {
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
  const ref = new s.doc.docx.FootnoteReferenceRun(id); // <w:footnoteReference w:id>
  const moved = s.movedNotes.splice(from);
  if (moved.length === 0) return [ref];
  // Drafting notes that began inside the footnote: comments round the reference, in document.xml.
  if (!repeat) report(s, node, "MARKDOWN_NOTE_IN_FOOTNOTE", `A drafting note inside the footnote [^${label}] is attached to the footnote's reference in the text: a comment cannot be placed inside a footnote.`);
  const ids = moved.map((index) => {
    s.notesClosed.add(index);
    return s.doc.addComment(s.notes[index] ?? "", s.commentAuthor);
  });
  return commentedAll(s.doc.docx, ids, ref);
}
