import { useEffect, useState } from "react";
import { memoryStore, openStore, type KeyValueStore } from "../model/storage";

/** Opens the pane's store for this host's storage key (IndexedDB, localStorage or memory). */
export function useStore(namespace: string): KeyValueStore | undefined {
  const [store, setStore] = useState<KeyValueStore>();
  useEffect(() => {
    let live = true;
    openStore(namespace)
      .catch(() => memoryStore())
      .then((s) => live && setStore(s));
    return () => {
      live = false;
    };
  }, [namespace]);
  return store;
}
