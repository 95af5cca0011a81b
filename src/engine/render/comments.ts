import type { Paragraph, ParagraphChild, TextRun } from "docx";
import type { DocxKit } from "./docx-kit";
import type { Block } from "./blocks";
import type { SectionState } from "./context";

// Drafting notes → Word comments (word/comments.xml holds their text: DocumentState.addComment). In the
// text, a range is <w:commentRangeStart w:id/> … <w:commentRangeEnd w:id/> followed by a run holding
// <w:commentReference w:id/>, where Word shows the comment's mark.

/** <w:r><w:commentReference w:id/></w:r> */
const reference = (kit: DocxKit, id: number): TextRun =>
  new kit.TextRun({ children: [new kit.CommentReference(id)] });

/** Children wrapped in comment `id`'s range, with its reference after them. */
export function commented(kit: DocxKit, id: number, children: readonly ParagraphChild[]): ParagraphChild[] {
  return [new kit.CommentRangeStart(id), ...children, new kit.CommentRangeEnd(id), reference(kit, id)];
}

/** Comments `ids` round a footnote reference (drafting notes that began inside the footnote's text). */
export function commentedAll(kit: DocxKit, ids: readonly number[], child: ParagraphChild): ParagraphChild[] {
  return [
    ...ids.map((c) => new kit.CommentRangeStart(c)),
    child,
    ...ids.map((c) => new kit.CommentRangeEnd(c)),
    ...ids.map((c) => reference(kit, c)),
  ];
}

/** Where drafting note `index` starts in the text: its comment's <w:commentRangeStart>. */
export function noteStart(s: SectionState, index: number): ParagraphChild[] {
  if (!s.doc.options.draftingNotes || s.noteComments.has(index)) return [];
  if (s.part.startsWith("footnote:")) {
    // A comment cannot be placed inside a footnote: round its reference instead (footnotes.ts).
    if (!s.movedNotes.includes(index)) s.movedNotes.push(index);
    return [];
  }
  const id = s.doc.addComment(s.notes[index] ?? "", s.commentAuthor);
  s.noteComments.set(index, id);
  s.noteParts.set(index, s.part);
  return [new s.doc.docx.CommentRangeStart(id)];
}

/** Where drafting note `index` ends: <w:commentRangeEnd> and the reference run. */
export function noteEnd(s: SectionState, index: number): ParagraphChild[] {
  if (!s.doc.options.draftingNotes || s.notesClosed.has(index)) return [];
  if (s.movedNotes.includes(index)) return []; // closed round the footnote's reference
  const started = s.noteComments.get(index);
  // An end in another part than the start (a note around a footnote's text) is left for the
  // end of the start's own part (closeOpenNotes).
  if (started !== undefined && s.noteParts.get(index) !== s.part) return [];
  s.notesClosed.add(index);
  // A range whose start was lost (e.g. it began inside a link address) still gets its comment,
  // anchored at this point, so the note is never silently dropped.
  const id = started ?? s.doc.addComment(s.notes[index] ?? "", s.commentAuthor);
  const kit = s.doc.docx;
  return started !== undefined ? [new kit.CommentRangeEnd(id), reference(kit, id)] : [reference(kit, id)];
}

/**
 * Drafting-note ranges still open in the current part (their end fell somewhere that renders no text,
 * or in another part) are closed at the end of the part's last paragraph: <w:commentRangeEnd>, then
 * the <w:commentReference> run. Called at the end of a footnote and at the end of the section.
 */
export function closeOpenNotes(s: SectionState, blocks: Block[]): void {
  const kit = s.doc.docx;
  const last = [...blocks].reverse().find((b): b is Paragraph => b instanceof kit.Paragraph);
  for (const [index, id] of s.noteComments) {
    if (s.notesClosed.has(index) || s.noteParts.get(index) !== s.part) continue;
    s.notesClosed.add(index);
    const host = last ?? new kit.Paragraph({});
    if (!last) blocks.push(host);
    host.addChildElement(new kit.CommentRangeEnd(id));
    host.addChildElement(reference(kit, id));
  }
}
