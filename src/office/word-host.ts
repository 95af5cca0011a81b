// The contract between the task pane UI and whatever hosts it. The UI only ever sees WordHost: no Office.js
// type crosses this boundary, so the UI runs (and is tested) the same way inside Word and in a plain browser
// ("standalone" mode, where the user downloads the .docx instead of inserting it).

import type { ReadValues, StoredValues } from "./section-values";

/**
 * Where inserted content goes.
 * - cursor: at the insertion point (after the selection when something is selected; the selection is kept)
 * - replace-selection: instead of the selected content
 * - start / end: at the start / end of the document body
 * - replace-document: instead of the whole body
 * - new-document: opens a new Word document made of the (single) piece
 */
export type InsertLocation =
  "cursor" | "replace-selection" | "start" | "end" | "replace-document" | "new-document";

export const INSERT_LOCATIONS: readonly InsertLocation[] = [
  "cursor",
  "replace-selection",
  "start",
  "end",
  "replace-document",
  "new-document",
];

export type HostCapabilities = {
  mode: "word" | "standalone";
  /** Office.context.platform as reported by Office ("PC", "Mac", "OfficeOnline", "iOS", …). */
  platform?: string;
  /** Per location: can it be used here, and if not, why (a sentence the UI can show as is). */
  can: Record<InsertLocation, { ok: boolean; why?: string }>;
  /** Largest .docx (decoded bytes) Word accepts per piece: 4 MB on Word on the web, unset elsewhere. */
  maxInsertBytes?: number;
  /**
   * Can an update land as tracked changes (replaceTaggedContent with `tracked`)? Needs WordApi 1.4
   * (Document.changeTrackingMode). Unset: no (standalone).
   */
  trackChanges?: { ok: boolean; why?: string };
};

/**
 * How replaceTaggedContent treats Word's Track Changes. `tracked`: the piece already holds its
 * differences as tracked changes (w:ins/w:del, a redline fragment); Track Changes is switched off for
 * the replacement, so Word does not record it once more as one whole deletion and insertion, and the
 * user's mode is restored afterwards whatever happens.
 */
export type ReplaceOptions = { tracked?: boolean };

export type InsertPiece = {
  /** The .docx file, Base64 without a `data:` prefix (docx's Packer.toBase64String gives exactly this). */
  base64: string;
  /**
   * Content-control tag, e.g. "sectionsmith:confidentiality@3". Only tags that start with TAG_PREFIX are
   * reported by listTaggedContent (other add-ins use content controls too).
   */
  tag?: string;
  /** Content-control title Word shows on the control (the section's name). */
  title?: string;
  /**
   * The package carries its own content controls (one block-level w:sdt per section, tagged and titled
   * inside the file): it is inserted as it is, without a control around it. `tag` is then unset.
   */
  hasControls?: boolean;
  /** The package has a table of contents: updated after the insert where Word's API allows (WordApi 1.5). */
  hasToc?: boolean;
  /**
   * Tags of the package's sections that continue numbering from the start of the insert ("numbering":
   * "continue" on every section before them too). At the cursor or selection inside a numbered list
   * of the document, their numbered items join that list after the insert (WordApi 1.3).
   */
  continueTags?: string[];
};

/**
 * How an insert treats formatting. "host" (the default): the document's own style definitions win
 * for every location (Document.insertFileFromBase64 with importStyles: false; a range insert keeps
 * the host's definition of every style name it has). "snippets": at the start, the end or replacing
 * the document, the package's style definitions are imported (importStyles: true).
 */
export type InsertOptions = { formatting?: "host" | "snippets" };

export type WordHost = {
  capabilities(): HostCapabilities;
  /**
   * Inserts the pieces, in order, at `location`; a piece without its own content controls
   * (`hasControls`) is wrapped in one. Either every piece is inserted or none is (a failure midway
   * removes what this call inserted). Throws HostError.
   */
  insert(
    pieces: InsertPiece[],
    location: InsertLocation,
    onProgress?: (done: number, total: number) => void,
    options?: InsertOptions,
  ): Promise<void>;
  /** The selection as HTML (Word's HTML, which differs by platform). Throws HostError. */
  getSelectionHtml(): Promise<string>;
  /** Content controls carrying a Sectionsmith tag, in document order. Standalone: always empty. */
  listTaggedContent(): Promise<Array<{ tag: string; title: string; text: string }>>;
  /** Replaces the content of every control tagged `tag` with the piece (and retags it). Throws HostError. */
  replaceTaggedContent(tag: string, piece: InsertPiece, options?: ReplaceOptions): Promise<void>;
  /**
   * The values each inserted section was built with, by content-control tag, as stored in the document
   * (a custom XML part, WordApi 1.4). What cannot be read is left out with a warning. Absent where Word
   * cannot store them (standalone, Word below WordApi 1.4). Throws HostError.
   */
  readSectionValues?(): Promise<ReadValues>;
  /** Stores values by tag, keeping every other tag's. Absent with readSectionValues. Throws HostError. */
  writeSectionValues?(entries: Record<string, StoredValues>): Promise<void>;
  /**
   * The open document as a .docx file (its current state), for "Import this document". Only inside Word;
   * absent in standalone mode. Throws HostError.
   */
  documentFile?(): Promise<Uint8Array>;
  /** Key under which the pane keeps its local data: Office.context.partitionKey ?? "default". */
  storageKey(): string;
  /**
   * A sign-in token for the team server (Office SSO: Office.auth.getAccessToken). Only inside Office;
   * absent in standalone mode, where the pane signs in with a token the server's dev issuer made.
   * Throws HostError with what the user can do.
   */
  accessToken?(): Promise<string>;
};

export type HostErrorCode =
  "not-supported" | "too-large" | "word-rejected" | "no-selection" | "not-found" | "unknown";

export type HostError = Error & {
  code: HostErrorCode;
  /** What the user can do about it, as a sentence for the UI. */
  action: string;
};

export const TAG_PREFIX = "sectionsmith:";

export function hostError(code: HostErrorCode, message: string, action: string, cause?: unknown): HostError {
  const error = new Error(message, cause === undefined ? undefined : { cause }) as HostError;
  error.name = "HostError";
  error.code = code;
  error.action = action;
  return error;
}

export function isHostError(value: unknown): value is HostError {
  return (
    value instanceof Error &&
    value.name === "HostError" &&
    typeof (value as Partial<HostError>).code === "string" &&
    typeof (value as Partial<HostError>).action === "string"
  );
}

/** Decoded size in bytes of a Base64 string (what Word measures), without decoding it. */
export function base64ByteLength(base64: string): number {
  let length = base64.length;
  while (length > 0 && /\s/.test(base64[length - 1] ?? "")) length--;
  let padding = 0;
  if (base64[length - 1] === "=") padding++;
  if (base64[length - 2] === "=") padding++;
  return Math.floor((length * 3) / 4) - padding;
}
