// A piece of state that is read from the pane's store once and written back on every change.
// `loaded` stays false until the stored value (if any) is in, so nothing overwrites it early.

import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { KeyValueStore } from "../model/storage";

export function useStored<T>(
  store: KeyValueStore | undefined,
  key: string,
  initial: T,
  restore: (stored: unknown) => T,
): [T, Dispatch<SetStateAction<T>>, boolean] {
  const [value, setValue] = useState<T>(initial);
  const [loaded, setLoaded] = useState(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (store === undefined) return;
    let live = true;
    store
      .get<unknown>(key)
      .then((stored) => {
        if (live && stored !== undefined) setValue(restoreRef.current(stored));
      })
      .catch(() => undefined) // unreadable state: start fresh rather than not at all
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [store, key]);

  useEffect(() => {
    if (store === undefined || !loaded) return;
    store.set(key, value).catch(() => undefined);
  }, [store, key, value, loaded]);

  return [value, setValue, loaded];
}

export const stringList = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((x): x is string => typeof x === "string") : [];
