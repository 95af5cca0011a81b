// The team library's lasting state: settings, the server's copy, the queue and the held changes, each
// kept in the pane's store (IndexedDB) under its own key and written on every change. `live` holds the
// latest values for the sync round, which outlives the render that started it.

import { useCallback, useEffect, useRef, useState } from "react";
import type { KeyValueStore } from "../model/storage";
import type { Held, QueuedOp, TeamCache, TeamSettings } from "../team/types";

const KEYS = {
  settings: "team:settings",
  cache: "team:cache",
  queue: "team:queue",
  held: "team:held",
} as const;

export type TeamState = ReturnType<typeof useTeamState>;

export function useTeamState(store: KeyValueStore | undefined) {
  const [loaded, setLoaded] = useState(false);
  const [settings, setSettings] = useState<TeamSettings>();
  const [cache, setCache] = useState<TeamCache>();
  const [queue, setQueue] = useState<QueuedOp[]>([]);
  const [held, setHeld] = useState<Held[]>([]);
  // Written only where the state is set (load and put*), never from a render: React may render before
  // an update that is still pending (an urgent render ahead of a sync round's), and that render's older
  // values would overwrite what the round must see.
  const live = useRef({ settings, cache, queue, held });

  useEffect(() => {
    if (!store) return;
    let on = true;
    void (async () => {
      const [s, c, q, h] = await Promise.all([
        store.get<TeamSettings>(KEYS.settings),
        store.get<TeamCache>(KEYS.cache),
        store.get<QueuedOp[]>(KEYS.queue),
        store.get<Held[]>(KEYS.held),
      ]).catch(() => [undefined, undefined, undefined, undefined] as const);
      if (!on) return;
      live.current = { settings: s ?? undefined, cache: c, queue: q ?? [], held: h ?? [] };
      setSettings(s ?? undefined);
      setCache(c);
      setQueue(q ?? []);
      setHeld(h ?? []);
      setLoaded(true);
    })();
    return () => {
      on = false;
    };
  }, [store]);

  const persist = useCallback(
    (key: keyof typeof KEYS, value: unknown) =>
      void store?.set(KEYS[key], value ?? null).catch(() => undefined),
    [store],
  );
  const putSettings = useCallback(
    (next: TeamSettings | undefined) => {
      live.current.settings = next;
      setSettings(next);
      persist("settings", next);
    },
    [persist],
  );
  const putQueue = useCallback(
    (next: QueuedOp[]) => {
      live.current.queue = next;
      setQueue(next);
      persist("queue", next);
    },
    [persist],
  );
  const putHeld = useCallback(
    (next: Held[]) => {
      live.current.held = next;
      setHeld(next);
      persist("held", next);
    },
    [persist],
  );
  const putCache = useCallback(
    (next: TeamCache) => {
      live.current.cache = next;
      setCache(next);
      persist("cache", next);
    },
    [persist],
  );
  return { loaded, settings, cache, queue, held, live, putSettings, putQueue, putHeld, putCache };
}
