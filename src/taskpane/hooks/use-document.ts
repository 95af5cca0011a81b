// The outline and settings, in a reducer, persisted under "document".

import { useCallback, useEffect, useReducer, useState } from "react";
import {
  documentReducer,
  EMPTY_DOCUMENT,
  restoreDocument,
  type DocumentAction,
  type DocumentState,
} from "../model/document";
import type { KeyValueStore } from "../model/storage";

export const DOCUMENT_KEY = "document";

export function useDocument(store: KeyValueStore | undefined): {
  doc: DocumentState;
  dispatch: (action: DocumentAction) => void;
  loaded: boolean;
} {
  const [doc, rawDispatch] = useReducer(documentReducer, EMPTY_DOCUMENT);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (store === undefined) return;
    let live = true;
    store
      .get<unknown>(DOCUMENT_KEY)
      .then((stored) => {
        if (live && stored !== undefined) rawDispatch({ type: "replace", state: restoreDocument(stored) });
      })
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [store]);

  useEffect(() => {
    if (store !== undefined && loaded) store.set(DOCUMENT_KEY, doc).catch(() => undefined);
  }, [store, doc, loaded]);

  const dispatch = useCallback((action: DocumentAction) => rawDispatch(action), []);
  return { doc, dispatch, loaded };
}
