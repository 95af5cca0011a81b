// Opens the user's lasting library (src/taskpane/store) for the host's storage key and follows it: a
// change committed here or in another pane (another document) re-renders with the new snapshot.

import { useCallback, useEffect, useState } from "react";
import {
  openLibraryStore,
  StoreConflictError,
  type Change,
  type HistoryInput,
  type LibrarySnapshot,
  type LibraryStore,
} from "../store";
import { followStorageFaults } from "../store/storage-faults";

export type LibraryStoreApi = {
  store?: LibraryStore;
  snapshot?: LibrarySnapshot;
  /** Why the library (memory fallback) or the outline (a failed save) will not last, for a banner. */
  notice?: string;
  /**
   * Commits changes in one transaction. On a conflict (another pane wrote first) the snapshot is reloaded
   * and the error is rethrown for the caller to show; nothing was written.
   */
  commit(edit: { changes: Change[]; history: HistoryInput[] }): Promise<LibrarySnapshot>;
};

export function useLibraryStore(storageKey: string): LibraryStoreApi {
  const [store, setStore] = useState<LibraryStore>();
  const [snapshot, setSnapshot] = useState<LibrarySnapshot>();
  const [fault, setFault] = useState<string>();

  useEffect(() => followStorageFaults(setFault), []);

  useEffect(() => {
    let live = true;
    let opened: LibraryStore | undefined;
    let unsubscribe = () => {};
    // IndexedDB that opens but then cannot be read still leaves a working (memory) library.
    void openLibraryStore(storageKey)
      .catch(() => openLibraryStore(storageKey, { indexedDB: null }))
      .then((s) => {
        if (!live) return s.close();
        opened = s;
        unsubscribe = s.subscribe((snap) => setSnapshot(snap));
        setStore(s);
        setSnapshot(s.snapshot());
      });
    return () => {
      live = false;
      unsubscribe();
      opened?.close();
    };
  }, [storageKey]);

  const commit = useCallback(
    async (edit: { changes: Change[]; history: HistoryInput[] }) => {
      if (!store) throw new Error("The library is still loading.");
      return store.write(edit.changes, edit.history);
    },
    [store],
  );

  const notice = [store?.notice, fault].filter(Boolean).join(" ");
  return { store, snapshot, ...(notice ? { notice } : {}), commit };
}

export const isConflict = (e: unknown): e is StoreConflictError => e instanceof StoreConflictError;
