// Inserting .docx pieces into the open document, all-or-nothing. One Insert is normally ONE piece: a
// fragment whose sections each sit in their own tagged block-level content control inside the file
// (hasControls), so Word numbers lists, footnotes and comments once; more pieces only when one would
// pass Word on the web's 4 MB limit. A piece without controls of its own (a whole document) is wrapped
// in one here.
//
// Placement (why it is done this way):
// - start / end / replace-document use Document.insertFileFromBase64 (WordApi 1.5), which carries headers,
//   footers and section properties, and fall back to Body.insertFileFromBase64 (1.1) which drops them.
//   "start" inserts the pieces in reverse order at the start, so each lands before the previous one and the
//   final order is the given order; "end" appends in order; "replace-document" replaces with the first piece
//   and appends the rest.
// - cursor / replace-selection insert the first piece After / instead of the selection, and every later piece
//   After the previous piece's content control (ContentControl.getRange, WordApi 1.3). A fresh anchor per
//   piece avoids relying on how Word stretches an existing range when text is inserted at its edge.
// A piece costs one sync (its insert) and one more to wrap it when it has no controls of its own. If the
// wrap fails the raw insert is deleted at once; if any piece fails, what this call inserted is deleted
// (a wrapping control with cc.delete(false), content included; an inserted range with Range.delete),
// so a failure never leaves a silent half-insert.
// Formatting: Document.insertFileFromBase64 is called with importStyles: false unless the user chose
// "Use the snippets' formatting" — the host's style definitions win by default, for every location.
// A table of contents in the package is updated after the insert where WordApi 1.5 allows
// (Field.updateResult); without it the field stays marked dirty and Word updates it on request.
// At the cursor inside a numbered list of the document, the sections that "continue" numbering from
// the start of the insert (InsertPiece.continueTags) join that list afterwards (word-list-continue.ts).
import { checkSizes } from "./word-limits";
import { continueHostList, listAtCursor } from "./word-list-continue";
import { ACTIONS, toHostError } from "./word-errors";
import type { WordApiSupport } from "./word-capabilities";
import {
  hostError,
  type HostCapabilities,
  type InsertLocation,
  type InsertOptions,
  type InsertPiece,
} from "./word-host";

export type WordRun = <T>(batch: (context: Word.RequestContext) => Promise<T>) => Promise<T>;

export type InsertDeps = { run: WordRun; supports: WordApiSupport; capabilities: HostCapabilities };

/** What one piece put in the document: its wrapping control, or (controls inside) its range. */
type Inserted = { cc?: Word.ContentControl; range?: Word.Range; leftover?: Word.Range };
type Placement =
  | { kind: "range"; anchor: Word.Range; at: "After" | "Replace" }
  | { kind: "body" | "document"; at: "Start" | "End" | "Replace" };

/** Body types where a file cannot (or should not) go: the insert belongs in the main text. */
const OUTSIDE_BODY = new Set(["Header", "Footer", "Footnote", "Endnote", "NoteItem"]);

export async function insertPieces(
  deps: InsertDeps,
  pieces: InsertPiece[],
  location: InsertLocation,
  onProgress?: (done: number, total: number) => void,
  options: InsertOptions = {},
): Promise<void> {
  const verdict = deps.capabilities.can[location];
  if (!verdict.ok) {
    throw hostError(
      "not-supported",
      `Inserting (${location}) is not available here.`,
      verdict.why ?? ACTIONS.update,
    );
  }
  if (pieces.length === 0) return;
  checkSizes(pieces, deps.capabilities.maxInsertBytes);
  if (location === "new-document") return openNewDocument(deps, pieces, onProgress);

  const atSelection = location === "cursor" || location === "replace-selection";
  // Chaining pieces after a wrapping control needs ContentControl.getRange (1.3); packages with their own
  // controls chain on the range the previous insert returned (1.1).
  if (atSelection && pieces.length > 1 && pieces.some((p) => !p.hasControls) && !deps.supports("1.3")) {
    throw hostError(
      "not-supported",
      `Inserting ${pieces.length} sections at the selection needs WordApi 1.3, which this Word lacks.`,
      "Insert at the start or end of the document, or update Office.",
    );
  }
  const documentApi = !atSelection && deps.supports("1.5");
  const order = pieces.map((_, i) => i);
  if (location === "start") order.reverse();

  await deps.run(async (context) => {
    const inserted: Inserted[] = [];
    try {
      const selection = atSelection ? await checkedSelection(context, location, deps.supports) : undefined;
      const continuing = pieces.some((p) => p.hasControls && (p.continueTags?.length ?? 0) > 0);
      const hostList = selection && continuing ? await listAtCursor(context, selection, deps.supports) : undefined;
      for (const [k, index] of order.entries()) {
        const previous = inserted[inserted.length - 1];
        const placement = place(location, k, documentApi, selection, previous);
        const done = await insertOne(context, pieces[index]!, placement, deps.supports, options);
        inserted.push(done);
        const tags = pieces[index]!.continueTags;
        if (hostList && done.range && tags?.length) await continueHostList(context, done.range, tags, hostList);
        onProgress?.(k + 1, pieces.length);
      }
    } catch (error) {
      const removed = await rollback(context, inserted);
      throw explain(toHostError(error, "the insertion"), location, inserted.length, removed);
    }
  });
}

function place(
  location: InsertLocation,
  k: number,
  documentApi: boolean,
  selection: Word.Range | undefined,
  previous: Inserted | undefined,
): Placement {
  const kind = documentApi ? "document" : "body";
  switch (location) {
    case "cursor":
    case "replace-selection":
      if (k > 0 && previous)
        return { kind: "range", anchor: previous.cc?.getRange("Whole") ?? previous.range!, at: "After" };
      return { kind: "range", anchor: selection!, at: location === "cursor" ? "After" : "Replace" };
    case "start":
      return { kind, at: "Start" };
    case "end":
      return { kind, at: "End" };
    default:
      return { kind, at: k === 0 ? "Replace" : "End" };
  }
}

/** The selection, after checking it is somewhere a file can go (and, to replace it, not empty). */
async function checkedSelection(
  context: Word.RequestContext,
  location: InsertLocation,
  supports: WordApiSupport,
): Promise<Word.Range> {
  const selection = context.document.getSelection();
  const modern = supports("1.3");
  const body = modern ? selection.parentBody : undefined;
  if (modern) selection.load("isEmpty");
  else selection.load("text");
  body?.load("type");
  await context.sync();
  if (body && OUTSIDE_BODY.has(body.type)) {
    throw hostError(
      "no-selection",
      `The cursor is in a ${body.type.toLowerCase()}, not in the document body.`,
      ACTIONS.clickInBody,
    );
  }
  const empty = modern ? selection.isEmpty : selection.text === "";
  if (location === "replace-selection" && empty) {
    throw hostError(
      "no-selection",
      "Nothing is selected to replace.",
      "Select the text to replace, then try again.",
    );
  }
  return selection;
}

async function insertOne(
  context: Word.RequestContext,
  piece: InsertPiece,
  placement: Placement,
  supports: WordApiSupport,
  options: InsertOptions,
): Promise<Inserted> {
  let span: Word.Range;
  let leftover: Word.Range | undefined;
  if (placement.kind === "document") {
    const sections = context.document.insertFileFromBase64(
      piece.base64,
      placement.at,
      fileOptions(supports, options),
    );
    sections.load("items");
    await context.sync();
    const first = sections.items[0];
    const last = sections.items[sections.items.length - 1];
    if (!first || !last) throw hostError("word-rejected", "Word inserted no section.", ACTIONS.unknown);
    // A content control must not contain a section break (Word crashes or refuses: office-js #2370,
    // #3594), so the control stops before the last paragraph mark, which carries the section's break.
    span = first.body.getRange("Start").expandTo(last.body.paragraphs.getLast().getRange("Content"));
    // …and that last paragraph is deleted separately on rollback.
    leftover = first.body.getRange("Whole").expandTo(last.body.getRange("Whole"));
  } else {
    span =
      placement.kind === "range"
        ? placement.anchor.insertFileFromBase64(piece.base64, placement.at)
        : context.document.body.insertFileFromBase64(piece.base64, placement.at);
    await context.sync();
  }
  if (piece.hasControls) {
    await updateToc(context, piece, span, supports);
    return leftover ? { range: span, leftover } : { range: span };
  }
  try {
    const cc = span.insertContentControl();
    if (piece.tag !== undefined) cc.tag = piece.tag;
    if (piece.title !== undefined) cc.title = piece.title;
    cc.appearance = "BoundingBox";
    await context.sync();
    return leftover ? { cc, leftover } : { cc };
  } catch (error) {
    // The file went in but could not be wrapped: take it out again before reporting.
    try {
      (leftover ?? span).delete();
      await context.sync();
    } catch {
      // Reported through the caller's message: the rollback of this piece is best effort.
    }
    throw error;
  }
}

/** Options for Document.insertFileFromBase64, limited to what this Word understands. */
function fileOptions(supports: WordApiSupport, { formatting = "host" }: InsertOptions): Word.InsertFileOptions {
  const options: Word.InsertFileOptions = {
    importTheme: false, // the target document's theme wins: inserted text should look like its neighbours
    // The host's style definitions win unless the user asked for the snippets' formatting: importing
    // replaces the host's definition of every style name the package shares with it (Heading 1, Normal).
    importStyles: formatting === "snippets",
    importParagraphSpacing: true,
    importPageColor: false,
    importChangeTrackingMode: false,
  };
  if (supports("1.6")) Object.assign(options, { importCustomProperties: false, importCustomXmlParts: false });
  if (supports("1.7")) options.importDifferentOddEvenPages = true;
  return options;
}

/**
 * Brings a table of contents inserted with the package up to date: its page numbers exist only once
 * Word lays out the pages (the engine writes the field dirty, w:dirty="true", for the case this cannot
 * run). Field (WordApi 1.4) and Field.updateResult (WordApi 1.5); best effort — the insert stands.
 */
async function updateToc(
  context: Word.RequestContext,
  piece: InsertPiece,
  span: Word.Range,
  supports: WordApiSupport,
): Promise<void> {
  if (!piece.hasToc || !supports("1.5")) return;
  try {
    const fields = span.fields;
    fields.load("items/code");
    await context.sync();
    for (const field of fields.items) if (/^\s*TOC\b/.test(field.code)) field.updateResult();
    await context.sync();
  } catch {
    // The field stays dirty: Word offers to update it (and updates it on print).
  }
}

/** Deletes what this call inserted. Returns false when Word refused, so the message can say so. */
async function rollback(context: Word.RequestContext, inserted: Inserted[]): Promise<boolean> {
  if (inserted.length === 0) return true;
  try {
    for (const { cc, range, leftover } of inserted) {
      if (cc) cc.delete(false);
      else if (!leftover) range?.delete();
      leftover?.delete();
    }
    await context.sync();
    return true;
  } catch {
    return false;
  }
}

function explain(
  error: ReturnType<typeof toHostError>,
  location: InsertLocation,
  count: number,
  removed: boolean,
) {
  if (count > 0) {
    error.message += removed
      ? ` The ${count} section(s) inserted before the failure were removed again.`
      : ` ${count} section(s) were inserted before the failure and could not be removed.`;
    if (!removed) error.action += " Use Undo (Ctrl+Z) in Word to remove the partial insert.";
    else if (location.startsWith("replace-"))
      error.action += " Use Undo (Ctrl+Z) in Word to bring back what was replaced.";
  }
  return error;
}

async function openNewDocument(
  deps: InsertDeps,
  pieces: InsertPiece[],
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  if (pieces.length !== 1) {
    throw hostError(
      "not-supported",
      `A new document is opened from one file, not ${pieces.length}.`,
      "Build the whole document as one piece, or insert the sections into this document instead.",
    );
  }
  try {
    await deps.run(async (context) => {
      context.application.createDocument(pieces[0]!.base64).open();
      await context.sync();
    });
  } catch (error) {
    throw toHostError(error, "opening a new document");
  }
  onProgress?.(1, 1);
}
