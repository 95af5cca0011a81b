import type { Database } from "./db";

// The embedded PostgreSQL (PGlite) has no background workers, so no autovacuum: left alone, its tables
// keep every dead row version (each write updates a snippet's head row) and its planner keeps the
// statistics of the day the tables were created, with which it chose to scan every snippet rather
// than the search index (bench/server/explain.ts: 123 ms instead of a few). So the server does for it
// what autovacuum does for a real PostgreSQL: VACUUM ANALYZE at start and then every few minutes when
// there were writes. On PostgreSQL, where autovacuum runs, only ANALYZE at start.

/** Between two runs at most (ms); a run takes tens of milliseconds for 10,000 snippets. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

export async function vacuumAnalyze(db: Database): Promise<void> {
  // On PostgreSQL, ANALYZE only (at start: autovacuum takes over from there, but may not have looked
  // at tables filled since it last did, e.g. a restore, and the planner then misjudges every search).
  await db.exec(db.kind === "pglite" ? "vacuum analyze" : "analyze");
}

/** VACUUM ANALYZE now and every interval while the database has changed since; returns a stopper. */
export async function keepPlannerInformed(
  db: Database,
  interval = MAINTENANCE_INTERVAL_MS,
  onError: (error: unknown) => void = () => undefined,
): Promise<() => void> {
  await vacuumAnalyze(db);
  if (db.kind !== "pglite") return () => undefined;
  const changes = async () =>
    Number((await db.query("select coalesce(sum(audit_last), 0) as n from libraries"))[0]?.n ?? 0);
  let seen = await changes();
  const timer = setInterval(() => {
    void changes()
      .then(async (now) => {
        if (now === seen) return;
        seen = now;
        await vacuumAnalyze(db);
      })
      .catch(onError);
  }, interval);
  timer.unref();
  return () => clearInterval(timer);
}
