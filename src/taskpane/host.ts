// The only link between the pane and the Office adapter (an ESLint rule holds every other pane file to
// it): the WordHost types, the few constants the pane shares with the adapter, and, for the shell
// (index.tsx) alone, the call that detects the host. The pane never touches Office.js or Word itself —
// it receives a WordHost object (real Word, or standalone) from the shell.

export type {
  WordHost,
  HostCapabilities,
  InsertLocation,
  InsertOptions,
  InsertPiece,
  HostError,
  ReplaceOptions,
} from "../office/word-host";
export type { ReadValues, StoredValues, ValuesWarning } from "../office/section-values";
export { TAG_PREFIX, base64ByteLength } from "../office/word-host";
export { detectHost, type StandaloneReason } from "../office/detect-host";
export { officeBodyBackground } from "../office/office-host";

import type { InsertLocation } from "../office/word-host";

/** Menu order, and which locations take per-section fragments vs one whole document. */
export const INSERT_CHOICES: ReadonlyArray<{ location: InsertLocation; label: string; whole: boolean }> = [
  { location: "cursor", label: "At the cursor", whole: false },
  { location: "replace-selection", label: "Replace the selection", whole: false },
  { location: "start", label: "At the start of the document", whole: false },
  { location: "end", label: "At the end of the document", whole: false },
  { location: "replace-document", label: "Replace the whole document", whole: true },
  { location: "new-document", label: "As a new Word document", whole: true },
];

/**
 * A HostError (from the adapter) or one of the pane's own errors of the same shape: an Error with a
 * code and a sentence saying what the user can do.
 */
export function isActionableError(e: unknown): e is Error & { code: string; action: string } {
  return (
    e instanceof Error &&
    typeof (e as { code?: unknown }).code === "string" &&
    typeof (e as { action?: unknown }).action === "string"
  );
}
