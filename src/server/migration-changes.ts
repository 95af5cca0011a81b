// Migration 5: every row of snippet_search carries the number of its last change, from one sequence,
// so that a reader can ask which snippets' searchable text changed since it last looked (an index on
// (library_id, changed) answers that with a few rows). The embedded database's read cache
// (src/server/match-cache.ts) keeps which snippets match a search up to date with it instead of
// searching again. New rows take the next number by default; a trigger gives an updated row a new one,
// whichever statement updates it (migration 3's trigger does, for every new version).

export const CHANGES_SQL = `
create sequence snippet_search_changes;
alter table snippet_search add column changed bigint not null default nextval('snippet_search_changes');
create index snippet_search_changed on snippet_search (library_id, changed);

create function snippet_search_changed() returns trigger language plpgsql as $$
begin
  -- Named with the table's schema: the tests and the bench give each run a schema of their own.
  new.changed := nextval(format('%I.snippet_search_changes', tg_table_schema)::regclass);
  return new;
end
$$;
create trigger snippet_search_changed before update on snippet_search
  for each row execute function snippet_search_changed();
`;
