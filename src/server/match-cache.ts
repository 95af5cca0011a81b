// Which snippets match a search (or, for the plain list, which snippets there are), in id order, kept
// in the server's memory for the embedded database only. There the server process is the database's
// only user (data-lock.ts) and runs one statement or transaction at a time (db.ts), so the database's
// change numbers (migration 5) come in commit order and "what changed since number n" is exact. With
// DATABASE_URL several processes write and a transaction can commit after one with a higher number:
// no cache there.
//
// An entry holds every match whose id is at most its bound (all of them when it has none): the matches
// are only ever computed by PostgreSQL, first by the search itself and then, for each snippet whose
// search row changed since, by testing that one row. Only ids are kept; what the list shows of each
// snippet is read afresh for every page.

export type Change = { id: string; changed: number; hit: boolean };

type Entry = {
  ids: string[];
  /** Every match with an id up to this one is in ids; undefined: every match is. */
  bound: string | undefined;
  /** The highest change number applied. */
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
   * Applies the rows changed since the entry's number (in change order, at most maxChanges; more
   * drops the entry), then answers ids[offset, offset + limit) if the entry holds them.
   */
  page(key: string, changes: readonly Change[], offset: number, limit: number): string[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (changes.length >= this.limits.changes) {
      this.drop(key);
      return undefined;
    }
    for (const change of changes) this.apply(entry, change);
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
