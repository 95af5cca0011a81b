import { PGlite, TransactionAbortedError } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { MatchCache } from "./match-cache";
import { PgliteSession } from "./pglite-session";

// One small interface over the two drivers, so that every query is the same parameterised SQL ($1, $2, …)
// on the embedded PostgreSQL (PGlite, one process) and on a real server (node-postgres pool).

export type Row = Record<string, unknown>;
export type Sql = {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations only). */
  exec(text: string): Promise<void>;
};
export type DatabaseKind = "pglite" | "postgres";
export type Database = Sql & {
  kind: DatabaseKind;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The ids of lists' and searches' matches between requests, where the database's text order allows (match-cache.ts). */
  matches?: MatchCache;
};

/**
 * The embedded PostgreSQL in a folder (created when missing); without a folder, in memory. Statements
 * go through a session of prepared statements (pglite-session.ts), one statement or transaction at a
 * time, and lists and searches keep their matches' ids between requests (match-cache.ts).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  // pg_trgm: the trigram index that serves snippet search (migration 3). PGlite loads an extension
  // only when it is named here; CREATE EXTENSION alone would not find it.
  const extensions = { pg_trgm };
  const db = dataDir === undefined ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });
  await db.waitReady;
  // Prepared statements are planned for each call's values, as unnamed ones are: the search's plan
  // depends on how common its words are (store/query.ts), and a generic plan would not know.
  await db.exec("set plan_cache_mode = force_custom_plan");
  const session = new PgliteSession(db);
  // One statement or transaction at a time, as PGlite's own query() and transaction() take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = turn.then(fn);
    turn = run.catch(() => undefined);
    return run;
  };
  const matches = new MatchCache();
  // The cache orders ids as JavaScript compares strings, which is the database's order under collation
  // C (byte order), PGlite's; under any other it stays off.
  const [collation] = (
    await db.query<{ c: string }>(
      "select datcollate as c from pg_database where datname = current_database()",
    )
  ).rows;
  const ordered = collation?.c === "C" || collation?.c === "POSIX";
  // DDL (migrations) may change what a prepared statement reads: they are all prepared again, and what
  // the cache knows is searched again.
  const exec = async (text: string) => {
    try {
      await db.exec(text);
    } finally {
      await session.reset();
      matches.clear();
    }
  };
  const inside: Sql = {
    query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
      (await session.run<T>(text, params)).rows,
    exec,
  };
  return {
    kind: "pglite",
    query: <T extends Row>(text: string, params: readonly unknown[] = []) =>
      exclusive(async () => {
        const rows = await inside.query<T>(text, params);
        await db.syncToFs(); // as PGlite's query() does after a statement outside a transaction
        return rows;
      }),
    exec: (text) => exclusive(() => exec(text)),
    transaction: (fn) =>
      exclusive(async () => {
        await session.run("begin", []);
        let result;
        try {
          result = await fn(inside);
        } catch (error) {
          await session.run("rollback", []);
          throw error;
        }
        const { command } = await session.run("commit", []);
        await db.syncToFs();
        // COMMIT of a transaction in which a statement failed (and the error was caught) rolls back.
        if (command === "ROLLBACK") throw new TransactionAbortedError();
        return result;
      }),
    close: () => exclusive(() => db.close()),
    ...(ordered ? { matches } : {}),
  };
}

/** A real PostgreSQL server, e.g. DATABASE_URL=postgres://user:pass@host:5432/sectionsmith. */
export async function openPostgres(
  url: string,
  options: { max?: number; schema?: string; onError?: (error: unknown) => void } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Tests give each run a schema of its own; servers use the URL's default (public).
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the database ends (a restart, an administrator's pg_terminate_backend, a
  // network cut) is reported as an 'error' event on the pool; without a listener Node treats it as an
  // uncaught exception and the process dies. The pool drops that connection and opens a new one when
  // needed, so it is logged, not fatal.
  pool.on("error", (error) => (options.onError ?? (() => undefined))(error));
  // Fail at start-up, with the driver's message, rather than on the first request.
  await pool.query("select 1");
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
      (await q.query(text, [...params])).rows as T[],
    // Without parameters node-postgres uses the simple protocol, which runs several statements.
    exec: async (text) => void (await q.query(text)),
  });
  // Lists and searches keep their matches' ids (match-cache.ts) where the database orders ids as
  // JavaScript compares them: collation C or POSIX, or C.UTF-8 (code point order, which is byte order;
  // ids are ASCII, library-format.md).
  const [collation] = (
    await pool.query<{ c: string }>(
      "select datcollate as c from pg_database where datname = current_database()",
    )
  ).rows;
  const ordered = /^(C|POSIX|C\.UTF-?8)$/i.test(collation?.c ?? "");
  return {
    kind: "postgres",
    ...(ordered ? { matches: new MatchCache() } : {}),
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(wrap(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export const openDatabase = (options: {
  databaseUrl?: string;
  dataDir?: string;
  onError?: (error: unknown) => void;
}): Promise<Database> =>
  options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onError ? { onError: options.onError } : {})
    : openPglite(options.dataDir);

/** Timestamps come back as Date from both drivers; the API speaks ISO 8601 strings. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
