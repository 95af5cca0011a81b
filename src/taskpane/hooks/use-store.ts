import { useEffect, useState } from "react";
import { openStore, type KeyValueStore } from "../model/storage";
import { reportStorageFault, stateSaveFaultMessage } from "../store/storage-faults";

/**
 * Opens the pane's store for this host's storage key (IndexedDB, localStorage or memory). IndexedDB that
 * fails or hangs gives localStorage (or memory) rather than no pane; a failed save (storage full) is reported.
 */
export function useStore(namespace: string): KeyValueStore | undefined {
  const [store, setStore] = useState<KeyValueStore>();
  useEffect(() => {
    let live = true;
    // openStore gives localStorage or memory when IndexedDB fails or does not answer in time.
    void openStore(namespace).then((s) => live && setStore(reportingStore(s, reportStorageFault)));
    return () => {
      live = false;
    };
  }, [namespace]);
  return store;
}

/**
 * The store, with failed saves reported (and cleared once saves work again). A value that could not be
 * saved is still what `get` returns in this pane, so nothing on screen reverts while the pane is open.
 */
export function reportingStore(
  store: KeyValueStore,
  report: (message: string | undefined) => void,
): KeyValueStore {
  const unsaved = new Map<string, unknown>();
  return {
    kind: store.kind,
    get: async <T>(key: string) =>
      unsaved.has(key) ? (structuredClone(unsaved.get(key)) as T) : store.get<T>(key),
    set: async (key, value) => {
      try {
        await store.set(key, value);
        unsaved.delete(key);
        if (unsaved.size === 0) report(undefined);
      } catch (error) {
        unsaved.set(key, structuredClone(value));
        report(stateSaveFaultMessage(error));
        throw error;
      }
    },
  };
}
