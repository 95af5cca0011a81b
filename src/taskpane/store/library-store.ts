// The user's snippet library, kept in IndexedDB under the host's storage key (Office's partition key, or
// "default"). Every change is one transaction guarded by a revision counter: a pane that has not seen the
// latest revision gets a StoreConflictError instead of overwriting another pane's change. Committed
// changes are announced on a BroadcastChannel, so other panes (other documents) reload at once.
// When IndexedDB is missing or refused, the library lives in memory and `notice` says so.

import { idbBackend, memoryBackend, type Backend } from "./backend";
import { openWithin } from "../model/open-within";
import { channelName, databaseName, openLibraryDb } from "./schema";
import {
  StoreConflictError,
  type Change,
  type FaultHooks,
  type HistoryEntry,
  type HistoryInput,
  type LibrarySnapshot,
} from "./types";

export type ChannelLike = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

export type OpenOptions = {
  /** The IndexedDB factory; null forces memory (tests). Default: globalThis.indexedDB. */
  indexedDB?: IDBFactory | null;
  /** Opens the change channel; null: none. Default: BroadcastChannel where the browser has it. */
  channel?: ((name: string) => ChannelLike) | null;
  faults?: FaultHooks;
  /** Longest wait for IndexedDB to open before the library goes to memory (default STORAGE_OPEN_TIMEOUT_MS). */
  openTimeoutMs?: number;
};

export type ChangeCause = "local" | "remote";

export type LibraryStore = {
  readonly kind: "indexeddb" | "memory";
  /** Set when the library cannot last (memory): a sentence for the user. */
  readonly notice?: string;
  /** The library as last read or written by this pane. */
  snapshot(): LibrarySnapshot;
  reload(): Promise<LibrarySnapshot>;
  /**
   * Applies every change in one transaction, or none. Rejects with StoreConflictError when another pane
   * committed since this pane's snapshot (this pane then reloads), or StoreWriteError when the browser
   * refused the write.
   */
  write(changes: Change[], history: HistoryInput[]): Promise<LibrarySnapshot>;
  history(id?: string): Promise<HistoryEntry[]>;
  subscribe(listener: (snapshot: LibrarySnapshot, cause: ChangeCause) => void): () => void;
  close(): void;
};

export const MEMORY_NOTICE =
  "This browser does not let Sectionsmith keep data (private browsing, or storage is full or blocked). " +
  "Your library works until the pane closes: export it to keep your changes.";

export async function openLibraryStore(storageKey: string, options: OpenOptions = {}): Promise<LibraryStore> {
  const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB;
  let backend: Backend;
  let notice: string | undefined;
  try {
    if (!factory) throw new Error("no IndexedDB");
    const db = await openWithin(openLibraryDb(factory, databaseName(storageKey)), options.openTimeoutMs);
    // A newer pane upgrading the schema must not be blocked by this old connection.
    db.addEventListener("versionchange", () => db.close());
    backend = idbBackend(db, options.faults);
  } catch {
    backend = memoryBackend();
    notice = MEMORY_NOTICE;
  }
  const makeChannel =
    options.channel === undefined
      ? typeof BroadcastChannel === "function"
        ? (name: string) => new BroadcastChannel(name) as ChannelLike
        : null
      : options.channel;
  const channel =
    backend.kind === "indexeddb" && makeChannel ? makeChannel(channelName(storageKey)) : undefined;
  const store = createStore(backend, notice, channel);
  await store.reload();
  return store;
}

function createStore(
  backend: Backend,
  notice: string | undefined,
  channel: ChannelLike | undefined,
): LibraryStore {
  let current: LibrarySnapshot = { revision: -1, seeded: false, records: [] };
  const listeners = new Set<(s: LibrarySnapshot, cause: ChangeCause) => void>();
  const emit = (cause: ChangeCause) => listeners.forEach((l) => l(current, cause));
  // Reads may overlap (a message arrives while a reload is running): keep the newest revision.
  const take = (snap: LibrarySnapshot) => {
    if (snap.revision >= current.revision) current = snap;
    return current;
  };

  const reload = async () => take(await backend.read());

  if (channel)
    channel.onmessage = (event) => {
      const revision = (event.data as { revision?: unknown } | null)?.revision;
      if (typeof revision === "number" && revision <= current.revision) return;
      void reload().then(() => emit("remote"));
    };

  const store: LibraryStore = {
    kind: backend.kind,
    ...(notice ? { notice } : {}),
    snapshot: () => current,
    reload,
    async write(changes, history) {
      try {
        const revision = await backend.write(current.revision, changes, history);
        await reload();
        channel?.postMessage({ revision });
        emit("local");
        return current;
      } catch (error) {
        if (error instanceof StoreConflictError) {
          await reload();
          emit("remote");
        }
        throw error;
      }
    },
    history: (id) => backend.history(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel?.close();
      backend.close();
    },
  };
  return store;
}
