// Where the pane keeps its state between openings: IndexedDB (via idb) when the webview has it,
// localStorage otherwise, memory as a last resort (private modes can refuse both). Keys are prefixed
// with the host's storage key (Office's partition key where there is one), so add-ins sharing an
// origin do not read each other's state. Webviews have wiped storage before: the pane also offers
// export, so nothing here is the only copy of a user's work.

import { openDB } from "idb";
import { openWithin } from "./open-within";

export type KeyValueStore = {
  readonly kind: "indexeddb" | "localstorage" | "memory";
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
};

const DB_NAME = "sectionsmith";
const STORE = "state";

export async function openStore(namespace: string): Promise<KeyValueStore> {
  const full = (key: string) => `${namespace}:${key}`;
  try {
    if (typeof indexedDB === "undefined") throw new Error("no IndexedDB");
    const db = await openWithin(
      openDB(DB_NAME, 1, {
        upgrade(upgrading) {
          if (!upgrading.objectStoreNames.contains(STORE)) upgrading.createObjectStore(STORE);
        },
      }),
    );
    return {
      kind: "indexeddb",
      get: async (key) => (await db.get(STORE, full(key))) as never,
      set: async (key, value) => {
        await db.put(STORE, value, full(key));
      },
    };
  } catch {
    // fall through: IndexedDB missing, refused or not answering (some private modes)
  }
  return fallbackStore(namespace);
}

/**
 * localStorage when the webview allows it, else memory: what the pane uses when IndexedDB is refused, or
 * never answers (some private modes leave its open request pending for ever).
 */
export function fallbackStore(namespace: string): KeyValueStore {
  const full = (key: string) => `${namespace}:${key}`;
  try {
    const ls = globalThis.localStorage;
    ls.setItem(full("__probe"), "1");
    ls.removeItem(full("__probe"));
    return {
      kind: "localstorage",
      get: async (key) => {
        const text = ls.getItem(full(key));
        return text === null ? undefined : (JSON.parse(text) as never);
      },
      set: async (key, value) => ls.setItem(full(key), JSON.stringify(value)),
    };
  } catch {
    return memoryStore();
  }
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    kind: "memory",
    get: async (key) => structuredClone(map.get(key)) as never,
    set: async (key, value) => void map.set(key, structuredClone(value)),
  };
}
