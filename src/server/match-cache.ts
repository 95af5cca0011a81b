// Which snippets match a search (or, for the plain list, which snippets there are), in id order, kept
// in the server's memory between requests. Only ids are kept; what the list shows of each snippet is
// read afresh for every page. The matches are only ever computed by PostgreSQL, first by the search
// itself and then, for each snippet whose search row changed since, by testing that one row.
//
// What "changed since" means depends on the database (store/cached-list.ts asks):
// - The embedded database: the server process is its only user (data-lock.ts) and runs one statement
//   or transaction at a time (db.ts), so its change numbers (migration 5) come in commit order and
//   "numbers above the highest one seen" is exact.
// - A shared PostgreSQL: several transactions write at once and one can commit after another with a
//   higher number, so an entry's mark is instead the oldest transaction still running when it was last
//   brought up to date (migration 9). Rows written by transactions at or after that mark are tested again
//   (some twice, which is harmless); every transaction before it had finished and was seen. An entry is
//   brought up to date by one request at a time (inTurn), each later than the last, so an older answer
//   never overwrites a newer one.
//
// An entry holds every match whose id is at most its bound (all of them when it has none).

export type Change = { id: string; changed: number; hit: boolean };

type Entry = {
  ids: string[];
  /** Every match with an id up to this one is in ids; undefined: every match is. */
  bound: string | undefined;
  /** The highest change number applied, or on a shared PostgreSQL the oldest transaction then running. */
  seen: number;
};

export type MatchCacheStats = { served: number; filled: number; changes: number; dropped: number };

/** Binary search in ids sorted by the database (collation C: byte order, which is JS order for ids). */
function place(ids: readonly string[], id: string): { at: number; found: boolean } {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return { at: lo, found: ids[lo] === id };
}

export class MatchCache {
  readonly stats: MatchCacheStats = { served: 0, filled: 0, changes: 0, dropped: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly turns = new Map<string, Promise<void>>();
  private size = 0;

  constructor(
    private readonly limits: { entries: number; ids: number; changes: number } = {
      entries: 200,
      ids: 200_000,
      changes: 500,
    },
  ) {}

  /** How many changed rows are worth applying; with more, the caller searches again instead. */
  get maxChanges(): number {
    return this.limits.changes;
  }

  /** The change number an entry has seen, or undefined when there is none. */
  seen(key: string): number | undefined {
    return this.entries.get(key)?.seen;
  }

  /**
   * Applies the rows changed since the entry's mark (in change order, at most maxChanges; more drops
   * the entry), then answers ids[offset, offset + limit) if the entry holds them. `mark`: the entry's
   * mark from now on when the caller knows it (a shared PostgreSQL's oldest running transaction), else
   * the highest change number applied.
   */
  page(
    key: string,
    changes: readonly Change[],
    offset: number,
    limit: number,
    mark?: number,
  ): string[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (changes.length >= this.limits.changes) {
      this.drop(key);
      return undefined;
    }
    for (const change of changes) this.apply(entry, change);
    if (mark !== undefined) entry.seen = mark;
    const end = offset + limit;
    if (entry.bound !== undefined && entry.ids.length < end) return undefined;
    this.stats.served++;
    // Most recently used last, so that the oldest goes first when there are too many.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.ids.slice(offset, end);
  }

  /**
   * Keeps the first matches of a search, as the database ordered them: all of them when fewer than
   * `asked` came back. Refuses (and keeps nothing) if they are not in the order this cache compares in.
   */
  fill(key: string, ids: readonly string[], seen: number, asked: number): void {
    for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) return;
    this.drop(key);
    const entry: Entry = { ids: [...ids], bound: ids.length < asked ? undefined : ids.at(-1), seen };
    this.entries.set(key, entry);
    this.size += entry.ids.length;
    this.stats.filled++;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.size <= this.limits.ids) break;
      this.drop(oldest);
    }
  }

  /**
   * Runs fn once every fn started before it for the same key has finished, so that the answers a key's
   * entry is brought up to date with are applied in the order they were asked for.
   */
  inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.turns.get(key) ?? Promise.resolve()).then(fn);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(key, done);
    void done.then(() => {
      if (this.turns.get(key) === done) this.turns.delete(key);
    });
    return run;
  }

  /** Forgets everything (tests; and when the database's own rules may have changed). */
  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  private apply(entry: Entry, change: Change): void {
    this.stats.changes++;
    entry.seen = Math.max(entry.seen, change.changed);
    const { at, found } = place(entry.ids, change.id);
    if (found && !change.hit) {
      entry.ids.splice(at, 1);
      this.size--;
    } else if (!found && change.hit && (entry.bound === undefined || change.id <= entry.bound)) {
      entry.ids.splice(at, 0, change.id);
      this.size++;
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.ids.length;
    this.stats.dropped++;
  }
}
