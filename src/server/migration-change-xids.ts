// Migration 9: each snippet's search row also carries the transaction that last changed it, so that a
// server on a shared PostgreSQL can keep its matches between requests (match-cache.ts). There several
// transactions write at once and one may commit after another that took a higher change number, so
// "changed since n" can miss a row; "changed by a transaction at or after the oldest one still running
// when I last looked" (pg_snapshot_xmin) cannot: every transaction below that bound had finished, so
// what it wrote was already seen.

export const CHANGE_XIDS_SQL = `
alter table snippet_search add column xid xid8 not null default pg_current_xact_id();
create index snippet_search_xid on snippet_search (library_id, xid);

create or replace function snippet_search_changed() returns trigger language plpgsql as $$
begin
  -- Named with the table's schema: the tests and the bench give each run a schema of their own.
  new.changed := nextval(format('%I.snippet_search_changes', tg_table_schema)::regclass);
  new.xid := pg_current_xact_id();
  return new;
end
$$;
`;
