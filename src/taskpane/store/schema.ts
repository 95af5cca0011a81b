// The IndexedDB layout and its migrations. The database version *is* the schema version (also written to
// meta.schemaVersion so a reader can tell without an upgrade). Each migration takes a database at the
// previous version to the next one inside the upgrade transaction, so an old store is carried forward in
// one atomic step: if a migration fails, the browser rolls back to the old version and its data.
//
// v1: snippets {id, version, snippet} keyed [id, version]; meta (key → value).
// v2: snippet records gain seq (export order), origin and edited; a history store (audit log) appears.

import { wrap, type IDBPDatabase, type IDBPTransaction } from "idb";

export const SCHEMA_VERSION = 2;
export const SNIPPETS = "snippets";
export const META = "meta";
export const HISTORY = "history";

export const databaseName = (storageKey: string) => `sectionsmith-library:${storageKey}`;
export const channelName = (storageKey: string) => `sectionsmith-library:${storageKey}`;

type UpgradeTx = IDBPTransaction<unknown, string[], "versionchange">;
type Migration = (db: IDBPDatabase, tx: UpgradeTx) => Promise<void>;

/** MIGRATIONS[n] takes the database from version n to n + 1. */
export const MIGRATIONS: Migration[] = [
  async (db) => {
    db.createObjectStore(SNIPPETS, { keyPath: ["id", "version"] });
    db.createObjectStore(META);
  },
  async (db, tx) => {
    db.createObjectStore(HISTORY, { keyPath: "seq", autoIncrement: true });
    const store = tx.objectStore(SNIPPETS);
    let cursor = await store.openCursor();
    let seq = 0;
    while (cursor) {
      const old = cursor.value as { id: string; version: number; snippet: unknown } & Record<string, unknown>;
      await cursor.update({
        ...old,
        seq: typeof old.seq === "number" ? old.seq : seq,
        origin: old.origin ?? "imported",
        edited: old.edited ?? false,
      });
      seq++;
      cursor = await cursor.continue();
    }
  },
];

/**
 * Opens (creating or migrating) the library database at `version` (default: the current schema) with the
 * given factory — `indexedDB` in the pane, fake-indexeddb in tests. Rejects when the factory refuses.
 */
export function openLibraryDb(
  factory: IDBFactory,
  name: string,
  version = SCHEMA_VERSION,
): Promise<IDBPDatabase> {
  const request = factory.open(name, version);
  request.addEventListener("upgradeneeded", (event) => {
    const db = wrap(request.result);
    const tx = wrap(request.transaction!) as unknown as UpgradeTx;
    const run = async () => {
      for (let v = event.oldVersion; v < (event.newVersion ?? version); v++) await MIGRATIONS[v]!(db, tx);
      await tx.objectStore(META).put(event.newVersion ?? version, "schemaVersion");
    };
    run().catch(() => {
      try {
        tx.abort(); // the open request then fails and the old version stays as it was
      } catch {
        // already finished
      }
    });
  });
  return wrap(request) as Promise<IDBPDatabase>;
}
