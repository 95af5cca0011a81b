// The bench's team library: 10,000 snippets generated as for the search bench (realistic titles, Markdown
// bodies of 60–220 words, some ids in two versions), written through the server's own store functions in
// batches of 200 per transaction, straight into the database before the server starts (the embedded
// database serves one process). Three in four are then approved in one statement, as if reviewed.

import { openPglite, openPostgres, type Database } from "../../src/server/db";
import { migrate } from "../../src/server/migrations";
import { createLibrary, setMember } from "../../src/server/store/libraries";
import { addVersion, createSnippet } from "../../src/server/store/snippets";
import { searchLibrary } from "../search/library";

export const LIBRARY = "bench";
export const ADMIN = "admin@bench.test";
export const READER = "reader@bench.test";
export const WRITER = "writer@bench.test";

type Raw = { id: string; version: number; status: string } & Record<string, unknown>;

export async function seed(db: Database, count: number, log: (line: string) => void): Promise<void> {
  await migrate(db);
  const started = performance.now();
  let revision = (await db.transaction((tx) => createLibrary(tx, { id: LIBRARY, name: "Bench" }, ADMIN)))
    .revision;
  for (const [user, role] of [
    [READER, "reader"],
    [WRITER, "author"],
  ] as const) {
    const r = await db.transaction((tx) => setMember(tx, LIBRARY, { user, role, ifMatch: revision }, ADMIN));
    revision = r.library.revision;
  }
  const raw = searchLibrary(count).snippets as Raw[];
  const content = ({ version: _v, status: _s, owner: _o, reviewBy: _r, ...rest }: Raw) => rest;
  for (let i = 0; i < raw.length; i += 200) {
    await db.transaction(async (tx) => {
      for (const s of raw.slice(i, i + 200)) {
        if (s.version === 1)
          await createSnippet(tx, LIBRARY, { ...content(s), owner: s.owner, reviewBy: s.reviewBy }, ADMIN);
        else {
          const version: Record<string, unknown> = content(s);
          delete version.id;
          await addVersion(tx, LIBRARY, s.id, version, s.version - 1, ADMIN);
        }
      }
    });
    if ((i / 200) % 10 === 9) log(`  seeded ${i + 200} of ${raw.length} snippet versions…`);
  }
  await db.query(
    `update snippet_versions set status = 'approved', approved_by = $2, approved_at = now()
     where library_id = $1 and abs(hashtext(snippet_id || version::text)) % 4 <> 0`,
    [LIBRARY, "approver@bench.test"],
  );
  log(`  seeded ${raw.length} snippet versions in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** A database ready for the server: the embedded one in `dir`, or a fresh schema on DATABASE_URL. */
export async function prepare(
  target: { kind: "pglite"; dir: string } | { kind: "postgres"; url: string; schema: string },
  count: number,
  log: (line: string) => void,
): Promise<void> {
  let db: Database;
  if (target.kind === "pglite") db = await openPglite(target.dir);
  else {
    const admin = await openPostgres(target.url, { max: 1 });
    await admin.query(`create schema ${target.schema}`);
    await admin.close();
    db = await openPostgres(target.url, { schema: target.schema });
  }
  try {
    await seed(db, count, log);
    // A library in service has long been vacuumed by autovacuum (the visibility map set, so that list's
    // index-only scans read no rows); 10,000 snippets written a minute before the load have not. The
    // server itself does this at start on PGlite (src/server/maintenance.ts), ANALYZE only on PostgreSQL.
    await db.exec("vacuum analyze");
  } finally {
    await db.close();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = await openPostgres(url, { max: 1 });
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.close();
}
