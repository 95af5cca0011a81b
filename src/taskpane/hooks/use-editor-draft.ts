import { useEffect } from "react";
import type { EditorDraft } from "../components/SnippetEditor/SnippetEditor";
import type { KeyValueStore } from "../model/storage";

// Unsaved changes in the snippet editor are kept in the pane's state store until saved or discarded, so
// that a closed pane or another tab does not lose them: on the next visit they reopen their editor.

export const EDITOR_DRAFT_KEY = "editor-draft";

const isDraft = (v: unknown): v is EditorDraft =>
  typeof v === "object" && v !== null && typeof (v as EditorDraft).draft === "object" && (v as EditorDraft).draft !== null;

/**
 * Calls `onRestored` with the draft kept from before, if any (once per store), and returns the function
 * that keeps the editor's current draft (undefined: nothing unsaved).
 */
export function useEditorDraft(
  store: KeyValueStore | undefined,
  onRestored: (draft: EditorDraft) => void,
): (draft: EditorDraft | undefined) => void {
  useEffect(() => {
    if (!store) return;
    let live = true;
    void store
      .get<unknown>(EDITOR_DRAFT_KEY)
      .then((kept) => {
        if (live && isDraft(kept)) onRestored(kept);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per store: a new callback each render is the same request.
  }, [store]);
  return (draft) => void store?.set(EDITOR_DRAFT_KEY, draft ?? null).catch(() => undefined);
}
