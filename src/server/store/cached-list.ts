import type { Database, Sql } from "../db";
import type { Change, MatchCache } from "../match-cache";
import { SEARCH_TEXT } from "../migration-search-text";
import { requireRole } from "./members";
import {
  contains,
  listSnippets,
  SUMMARY_COLUMNS,
  toSummary,
  type ListOptions,
  type SnippetSummary,
} from "./query";

// The list and search on the embedded database, with the ids of their matches kept between requests
// (src/server/match-cache.ts says why that is exact there). A search whose words are in thousands of
// bodies but match few ("notices": 4,346 trigram candidates rechecked for 209 matches, 30–45 ms of the
// one core PGlite has) is searched once; after that a request asks which search rows changed since
// (an index probe, usually none or one), tests just those rows against the search in SQL, and reads the
// page's head rows. Everything else — a status filter, a search with a line break, PostgreSQL — runs
// listSnippets as it is.

const PAGE_OF_MATCHES = 200;
/** At most this many ids are kept for one list or search; a page past them is read from the database. */
export const MAX_KEPT = 50_000;

/**
 * A list or search the cache can serve: no condition that migration 5's numbers do not follow (a status
 * changes without touching the search row; a line break is matched field by field), and a page within
 * what is kept.
 */
export const cacheable = (options: ListOptions): boolean =>
  options.status === undefined &&
  !(options.q ?? "").includes("\n") &&
  (options.offset ?? 0) + (options.limit ?? 200) <= MAX_KEPT;

export async function listPage(
  db: Database,
  library: string,
  options: ListOptions & { member: string },
): Promise<SnippetSummary[]> {
  const cache = db.matches;
  if (!cache || !cacheable(options)) return listSnippets(db, library, options);
  if (db.kind === "postgres") return sharedPage(db, cache, library, options);
  // One transaction: the membership, the changes and the page's rows are read with no write between.
  return db.transaction(async (tx) => {
    await requireRole(tx, library, options.member, "reader");
    const ids = await matchingIds(tx, cache, library, options);
    return ids.length === 0 ? [] : headRows(tx, library, ids);
  });
}

/** The ids of the list ($1 library, $2 how many) or of a search's matches ($3 the LIKE pattern). */
const matchesSql = (q: string | undefined): string =>
  q === undefined
    ? `select p.id from snippets p where p.library_id = $1 order by p.id limit $2`
    : `select f.snippet_id from snippet_search f where f.library_id = $1 and f.${SEARCH_TEXT} like lower($3)
       order by f.snippet_id limit $2`;

/** The page's head rows, in id order. */
async function headRows(db: Sql, library: string, ids: readonly string[]): Promise<SnippetSummary[]> {
  const rows = await db.query(
    `select ${SUMMARY_COLUMNS} from snippets s
     where s.library_id = $1 and s.id = any($2::text[]) order by s.id`,
    [library, ids],
  );
  return rows.map(toSummary);
}

async function matchingIds(
  tx: Sql,
  cache: MatchCache,
  library: string,
  options: ListOptions,
): Promise<string[]> {
  const q = options.q ? contains(options.q) : undefined;
  const key = JSON.stringify([library, q ?? null]);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 200;
  const seen = cache.seen(key);
  if (seen !== undefined) {
    // The same condition as the search's own (below), on the rows changed since: PostgreSQL decides.
    const hit = q === undefined ? "true" : `${SEARCH_TEXT} like lower($4)`;
    const rows = await tx.query(
      `select snippet_id, changed, ${hit} as hit from snippet_search
       where library_id = $1 and changed > $2 order by changed limit $3`,
      q === undefined ? [library, seen, cache.maxChanges] : [library, seen, cache.maxChanges, q],
    );
    const changes: Change[] = rows.map((r) => ({
      id: String(r.snippet_id),
      changed: Number(r.changed),
      hit: r.hit === true,
    }));
    const ids = cache.page(key, changes, offset, limit);
    if (ids) return ids;
  }
  // Searched afresh: the list's ids (an index-only scan), or a search's first matches. The change
  // number comes from the same statement, so the ids are exactly those of that moment.
  const asked = q === undefined ? MAX_KEPT : Math.max(offset + limit, PAGE_OF_MATCHES);
  const [row] = await tx.query(
    `select array(${matchesSql(q)}) as ids,
       (select coalesce(max(c.changed), 0) from snippet_search c where c.library_id = $1) as seen`,
    q === undefined ? [library, asked] : [library, asked, q],
  );
  const found = (row?.ids ?? []) as string[];
  cache.fill(key, found, Number(row?.seen ?? 0), asked);
  return found.slice(offset, offset + limit);
}

/**
 * The same on a shared PostgreSQL: an entry's mark is the oldest transaction running when it was last
 * brought up to date (match-cache.ts). Statements, not one transaction: under READ COMMITTED each
 * statement sees what has committed when it starts, which is all a transaction would give here, and the
 * connection is not held while the entry's turn is awaited.
 */
async function sharedPage(
  db: Database,
  cache: MatchCache,
  library: string,
  options: ListOptions & { member: string },
): Promise<SnippetSummary[]> {
  await requireRole(db, library, options.member, "reader");
  const q = options.q ? contains(options.q) : undefined;
  const key = JSON.stringify([library, q ?? null]);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 200;
  const ids = await cache.inTurn(key, async () => {
    const mark = cache.seen(key);
    if (mark !== undefined) {
      const hit = q === undefined ? "true" : `r.${SEARCH_TEXT} like lower($4)`;
      const rows = await db.query(
        `select pg_snapshot_xmin(pg_current_snapshot())::text as mark, c.snippet_id, c.hit
         from (select 1) as one left join lateral (
           select r.snippet_id, ${hit} as hit from snippet_search r
           where r.library_id = $1 and r.xid >= $2::text::xid8 order by r.xid limit $3
         ) c on true`,
        q === undefined
          ? [library, String(mark), cache.maxChanges]
          : [library, String(mark), cache.maxChanges, q],
      );
      const changes: Change[] = rows
        .filter((r) => r.snippet_id !== null)
        .map((r) => ({ id: String(r.snippet_id), changed: 0, hit: r.hit === true }));
      const found = cache.page(key, changes, offset, limit, Number(rows[0]!.mark));
      if (found) return found;
    }
    const asked = q === undefined ? MAX_KEPT : Math.max(offset + limit, PAGE_OF_MATCHES);
    const [row] = await db.query(
      `select array(${matchesSql(q)}) as ids, pg_snapshot_xmin(pg_current_snapshot())::text as mark`,
      q === undefined ? [library, asked] : [library, asked, q],
    );
    const found = (row?.ids ?? []) as string[];
    cache.fill(key, found, Number(row?.mark), asked);
    return found.slice(offset, offset + limit);
  });
  return ids.length === 0 ? [] : headRows(db, library, ids);
}
