// Two places a library can live, with one contract: IndexedDB (lasting) and memory (when the browser
// refuses IndexedDB: some private modes, a full disk). `write` is atomic in both: it checks the revision
// the caller last saw, applies every change and bumps the revision, or changes nothing at all.

import type { IDBPDatabase } from "idb";
import { HISTORY, META, SNIPPETS } from "./schema";
import {
  StoreConflictError,
  StoreWriteError,
  type Change,
  type FaultHooks,
  type HistoryEntry,
  type HistoryInput,
  type LibrarySnapshot,
  type SnippetRecord,
} from "./types";

export type Backend = {
  readonly kind: "indexeddb" | "memory";
  read(): Promise<LibrarySnapshot>;
  /** Resolves to the new revision; rejects with StoreConflictError or StoreWriteError, having written nothing. */
  write(expected: number, changes: Change[], history: HistoryInput[]): Promise<number>;
  history(id?: string): Promise<HistoryEntry[]>;
  close(): void;
};

const bySeq = (a: SnippetRecord, b: SnippetRecord) => a.seq - b.seq;

export function idbBackend(db: IDBPDatabase, faults: FaultHooks = {}): Backend {
  return {
    kind: "indexeddb",
    async read() {
      const tx = db.transaction([SNIPPETS, META], "readonly");
      const [records, revision, name, seeded] = await Promise.all([
        tx.objectStore(SNIPPETS).getAll() as Promise<SnippetRecord[]>,
        tx.objectStore(META).get("revision") as Promise<number | undefined>,
        tx.objectStore(META).get("name") as Promise<string | undefined>,
        tx.objectStore(META).get("seeded") as Promise<boolean | undefined>,
      ]);
      await tx.done;
      return {
        revision: revision ?? 0,
        ...(name !== undefined ? { name } : {}),
        seeded: seeded === true,
        records: records.sort(bySeq),
      };
    },
    async write(expected, changes, history) {
      const tx = db.transaction([SNIPPETS, META, HISTORY], "readwrite");
      // Whatever happens below, `done` must not reject unobserved.
      const done = tx.done.catch((e: unknown) => e);
      try {
        const meta = tx.objectStore(META);
        const actual = ((await meta.get("revision")) as number | undefined) ?? 0;
        if (actual !== expected) throw new StoreConflictError(expected, actual);
        const snippets = tx.objectStore(SNIPPETS);
        let puts = 0;
        for (const change of changes) {
          if (change.type === "put") {
            faults.beforePut?.(change.record, puts++);
            await snippets.put(change.record);
          } else if (change.type === "delete") await snippets.delete([change.id, change.version]);
          else await meta.put(change.value, change.key);
        }
        const revision = actual + 1;
        await meta.put(revision, "revision");
        const at = new Date().toISOString();
        for (const entry of history) await tx.objectStore(HISTORY).add({ ...entry, at, revision });
        tx.commit();
        const outcome = await done;
        if (outcome instanceof Error) throw outcome;
        return revision;
      } catch (error) {
        try {
          tx.abort();
        } catch {
          // already aborted or finished
        }
        await done;
        throw asStoreError(error);
      }
    },
    async history(id) {
      const all = (await db.getAll(HISTORY)) as HistoryEntry[];
      return id === undefined ? all : all.filter((e) => e.id === id);
    },
    close: () => db.close(),
  };
}

export function memoryBackend(): Backend {
  let state: { revision: number; name?: string; seeded: boolean; records: Map<string, SnippetRecord> } = {
    revision: 0,
    seeded: false,
    records: new Map(),
  };
  const log: HistoryEntry[] = [];
  const key = (id: string, version: number) => JSON.stringify([id, version]);
  return {
    kind: "memory",
    async read() {
      return structuredClone({
        revision: state.revision,
        ...(state.name !== undefined ? { name: state.name } : {}),
        seeded: state.seeded,
        records: [...state.records.values()].sort(bySeq),
      });
    },
    async write(expected, changes, history) {
      if (state.revision !== expected) throw new StoreConflictError(expected, state.revision);
      // Work on a copy and swap it in at the end: a failure halfway leaves `state` untouched.
      const next = { ...state, records: new Map(state.records) };
      for (const change of changes) {
        if (change.type === "put")
          next.records.set(key(change.record.id, change.record.version), structuredClone(change.record));
        else if (change.type === "delete") next.records.delete(key(change.id, change.version));
        else if (change.key === "name") next.name = change.value as string;
        else next.seeded = change.value === true;
      }
      next.revision = state.revision + 1;
      state = next;
      const at = new Date().toISOString();
      for (const entry of history) log.push({ ...entry, at, revision: next.revision, seq: log.length + 1 });
      return next.revision;
    },
    async history(id) {
      return structuredClone(id === undefined ? log : log.filter((e) => e.id === id));
    },
    close: () => undefined,
  };
}

function asStoreError(error: unknown): Error {
  if (error instanceof StoreConflictError || error instanceof StoreWriteError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === "QuotaExceededError")
    return new StoreWriteError(
      "The browser's storage for this add-in is full, so nothing was saved. Export the library to keep a copy, then delete snippets you no longer need.",
      { cause: error },
    );
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreWriteError(`The library could not be saved (${detail}); nothing was changed.`, {
    cause: error,
  });
}
