// `node bench/bench.mjs explain-server` is not a part: this is a script for looking at plans.
// EXPLAIN ANALYZE of the statements the list and search routes run (through the store's own functions,
// with a Sql that prefixes EXPLAIN), on the embedded database in a folder or on DATABASE_URL in a schema.
// Seeds the bench library first when the database has none. Usage (after `node bench/bench.mjs --build-only`
// is not available, bundle it with esbuild as bench.mjs does):
//   node .tmp/bench/explain.mjs pglite /tmp/dir [count]    |    DATABASE_URL=… node .tmp/bench/explain.mjs postgres schema [count]

import { openPglite, openPostgres, type Database, type Sql } from "../../src/server/db";
import { vacuumAnalyze } from "../../src/server/maintenance";
import { migrate } from "../../src/server/migrations";
import { listSnippets, type ListOptions } from "../../src/server/store/query";
import { LIBRARY, seed } from "./seed";

const [kind, where, countArg] = process.argv.slice(2);
const count = Number(countArg ?? 10_000);

async function open(): Promise<Database> {
  if (kind === "pglite") return openPglite(where);
  const url = process.env.DATABASE_URL!;
  const admin = await openPostgres(url, { max: 1 });
  await admin.query(`create schema if not exists ${where}`);
  await admin.close();
  return openPostgres(url, { schema: where });
}

const db = await open();
const seeded = await db.query("select 1 from libraries where id = $1", [LIBRARY]).then(
  (r) => r.length > 0,
  () => false,
);
if (!seeded) await seed(db, count, console.log);
else console.log("migrations applied now:", await migrate(db));
// What the server does at start (src/server/maintenance.ts); EXPLAIN_NO_VACUUM=1 shows the plans without.
if (!process.env.EXPLAIN_NO_VACUUM) await vacuumAnalyze(db);

const explain: Sql = {
  query: async (text, params) => {
    const rows = await db.query(`explain (analyze, buffers) ${text}`, params);
    console.log(rows.map((r) => String(r["QUERY PLAN"])).join("\n"));
    return [];
  },
  exec: () => Promise.resolve(),
};
const cases: [string, ListOptions][] = [
  ["list, first page", { limit: 50 }],
  ["list, offset 5000", { limit: 50, offset: 5000 }],
  ["list, offset 9950", { limit: 50, offset: 9950 }],
  ["review queue", { status: "in_review", limit: 50 }],
  ["search 'payment terms'", { q: "payment terms", limit: 50 }],
  ["search 'escrow'", { q: "escrow", limit: 50 }],
  ["search 'gdpr'", { q: "gdpr", limit: 50 }],
  ["search 'confidentiality'", { q: "confidentiality", limit: 50 }],
  // The dearest two: their trigrams are in thousands of bodies, their words in a few hundred, so every
  // index candidate is rechecked (on PGlite the server keeps their matches instead: store/cached-list.ts).
  ["search 'notices'", { q: "notices", limit: 50 }],
  ["search 'force majeure'", { q: "force majeure", limit: 50 }],
];
for (const [name, options] of cases) {
  // Once to warm, then timed without EXPLAIN, then the plan.
  await listSnippets(db, LIBRARY, options);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await listSnippets(db, LIBRARY, options);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`\n=== ${name}: median ${times[2]!.toFixed(1)} ms (5 runs)`);
  await listSnippets(explain, LIBRARY, options);
}
await db.close();
