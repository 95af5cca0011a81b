// Some private modes leave an IndexedDB open request pending for ever. Both of the pane's stores (its
// state in model/storage.ts, the library in store/library-store.ts) wait for it only this long, then use
// their fallback; a database that opens after that is closed again, so it cannot block a later upgrade.

/** Longest wait for IndexedDB to open. */
export const STORAGE_OPEN_TIMEOUT_MS = 5_000;

/** The opened database, or a rejection once `ms` have passed (a database opening after that is closed). */
export function openWithin<T extends { close(): void }>(
  opening: Promise<T>,
  ms: number = STORAGE_OPEN_TIMEOUT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error("IndexedDB did not answer"));
    }, ms);
    opening.then(
      (db) => {
        clearTimeout(timer);
        if (late) db.close();
        else resolve(db);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
