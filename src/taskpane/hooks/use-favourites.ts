// Starred snippets and the ones used most recently (added to the document), by id, persisted.

import { useCallback } from "react";
import type { KeyValueStore } from "../model/storage";
import { stringList, useStored } from "./use-stored";

export const RECENT_LIMIT = 8;

export type Favourites = {
  favourites: ReadonlySet<string>;
  recent: readonly string[];
  toggleFavourite(id: string): void;
  markUsed(id: string): void;
  loaded: boolean;
};

export function useFavourites(store: KeyValueStore | undefined): Favourites {
  const [favs, setFavs, favsLoaded] = useStored<string[]>(store, "favourites", [], stringList);
  const [recent, setRecent, recentLoaded] = useStored<string[]>(store, "recent", [], stringList);
  const toggleFavourite = useCallback(
    (id: string) => setFavs((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id])),
    [setFavs],
  );
  const markUsed = useCallback(
    (id: string) => setRecent((list) => [id, ...list.filter((x) => x !== id)].slice(0, RECENT_LIMIT)),
    [setRecent],
  );
  return { favourites: new Set(favs), recent, toggleFavourite, markUsed, loaded: favsLoaded && recentLoaded };
}
