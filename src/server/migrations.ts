import type { Database, Sql } from "./db";
import { AUDIT_CHAIN_SQL, chainExistingEntries } from "./migration-audit-chain";
import { CURRENT_VERSION_SQL } from "./migration-current";
import { CHANGES_SQL } from "./migration-changes";
import { CHANGE_XIDS_SQL } from "./migration-change-xids";
import { IDENTITY_SQL } from "./migration-identity";
import { USAGE_IDS_SQL } from "./migration-usage-ids";
import { SEARCH_TEXT_SQL } from "./migration-search-text";

// Versioned migrations: applied in order, each in its own transaction together with its row in
// schema_migrations, so a crash leaves the database either before or after a migration, never inside.
// Append new migrations at the end; never edit one that has shipped (a server that already applied it
// would not see the change).

/** `after`, when given, runs in the migration's transaction once its SQL has (data that needs code). */
export type Migration = { version: number; name: string; sql: string; after?: (tx: Sql) => Promise<void> };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "libraries, members, snippets, versions, audit log",
    sql: `
create table libraries (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9._-]{0,99}$'),
  name text not null,
  revision integer not null default 1,
  audit_last bigint not null default 0,
  created_at timestamptz not null default now(),
  created_by text not null
);
create table members (
  library_id text not null references libraries(id),
  user_id text not null,
  role text not null check (role in ('reader', 'author', 'approver', 'admin')),
  primary key (library_id, user_id)
);
create table snippets (
  library_id text not null references libraries(id),
  id text not null,
  owner text,
  review_by date,
  revision integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (library_id, id)
);
create table snippet_versions (
  library_id text not null,
  snippet_id text not null,
  version integer not null check (version >= 1),
  content jsonb not null,
  status text not null check (status in ('draft', 'in_review', 'approved', 'deprecated')),
  created_by text not null,
  created_at timestamptz not null default now(),
  submitted_by text,
  approved_by text,
  approved_at timestamptz,
  replaced_by text,
  comment text,
  primary key (library_id, snippet_id, version),
  foreign key (library_id, snippet_id) references snippets (library_id, id)
);
create table audit_log (
  library_id text not null references libraries(id),
  seq bigint not null,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  target text not null,
  before jsonb,
  after jsonb,
  primary key (library_id, seq)
);
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
`,
  },
  {
    version: 2,
    name: "usage events",
    sql: `
create table usage_events (
  id bigint generated always as identity primary key,
  library_id text not null references libraries(id),
  snippet_id text not null,
  version integer not null,
  kind text not null check (kind in ('insert', 'download')),
  user_id text not null,
  at timestamptz not null default now()
);
create index usage_events_by_snippet on usage_events (library_id, snippet_id, at);
`,
  },
  {
    version: 3,
    name: "current version per snippet, search text, list and search indexes",
    sql: CURRENT_VERSION_SQL,
  },
  {
    version: 4,
    name: "lower-cased search text with the trigram index on it",
    sql: SEARCH_TEXT_SQL,
  },
  {
    version: 5,
    name: "a change number on each snippet's search row",
    sql: CHANGES_SQL,
  },
  {
    version: 6,
    name: "members keyed on subjects; invitations by sign-in name",
    sql: IDENTITY_SQL,
  },
  {
    version: 7,
    name: "the audit log as a hash chain",
    sql: AUDIT_CHAIN_SQL,
    after: chainExistingEntries,
  },
  {
    version: 8,
    name: "usage events' own ids, recorded once",
    sql: USAGE_IDS_SQL,
  },
  {
    version: 9,
    name: "the transaction that last changed each snippet's search row",
    sql: CHANGE_XIDS_SQL,
  },
];

/** An arbitrary constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 7_316_016;

/** A migration the database's user may not apply (it does not own the tables): the owner must. */
export class MigrationRefused extends Error {}

/** The versions of `migrations` the database has not applied (all of them in an empty database). */
async function pending(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  const [table] = await db.query("select to_regclass('schema_migrations') is not null as present");
  if (table?.present !== true) return migrations.map((m) => m.version);
  const applied = new Set(
    (await db.query("select version from schema_migrations")).map((r) => Number(r.version)),
  );
  // A database a newer release has migrated: this release does not know its tables (a rollback that
  // kept the database). Starting would serve from a schema it was not written for.
  const known = new Set(migrations.map((m) => m.version));
  const unknown = [...applied].filter((v) => !known.has(v)).sort((a, b) => a - b);
  if (unknown.length > 0)
    throw new MigrationRefused(
      `This database has migration${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}, which this release of the server does not know: a newer release migrated it. Run that release, or restore the backup taken before the upgrade (docs/deploy.md, "Upgrades and rollback")`,
    );
  return migrations.filter((m) => !applied.has(m.version)).map((m) => m.version);
}

/**
 * Applies the migrations the database has not seen; returns the versions applied now. With nothing to
 * apply it only reads, so a server that runs as a role that does not own the tables starts; with
 * something to apply and no right to, it stops with what to do (MigrationRefused).
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  const waiting = await pending(db, migrations);
  if (waiting.length === 0) return [];
  try {
    return await apply(db, migrations);
  } catch (error) {
    if ((error as { code?: unknown }).code === "42501")
      throw new MigrationRefused(
        `Migration${waiting.length > 1 ? "s" : ""} ${waiting.join(", ")} must be applied by the tables' owner, and this server's database user may not (${String((error as Error).message)}). Run \`node dist/server/index.js --migrate\` with the owner's DATABASE_URL once, then start this server again (docs/team-library.md, "Running as a role that does not own the tables")`,
      );
    throw error;
  }
}

async function apply(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  // Under the lock too: two servers starting at once would race on CREATE TABLE IF NOT EXISTS.
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  });
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const seen = await tx.query("select 1 from schema_migrations where version = $1", [m.version]);
      if (seen.length > 0) return false;
      await tx.exec(m.sql);
      await m.after?.(tx);
      await tx.query("insert into schema_migrations (version, name) values ($1, $2)", [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
