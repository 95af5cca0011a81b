import { SEARCH_DOC } from "./migration-current";

// Migration 4: search reads a lower-cased copy of the searched text (a stored generated column) with
// the trigram index on it, and matches it with LIKE lower(pattern) instead of ILIKE on the fields
// joined at query time. Same matches — PostgreSQL's ILIKE on a UTF-8 database is lower(text) LIKE
// lower(pattern) — but the work moves from every search to every write: a common word ("liability" in
// half of the bench's 10,000 snippets, or "notices", whose trigrams 4,000 bodies contain) had each
// candidate row's four fields joined and lower-cased again for the index recheck on every request.
// The column sits on its own, so the planner also sees it as one column with statistics (and can walk
// the table in id order, stopping at the page's end, when a word is in most snippets).

/** The lower-cased text a search matches: SEARCH_DOC, kept by PostgreSQL on every insert and update. */
export const SEARCH_TEXT = "search_text";

export const SEARCH_TEXT_SQL = `
alter table snippet_search add column ${SEARCH_TEXT} text
  generated always as (lower(${SEARCH_DOC})) stored;

do $$
declare
  ext_schema text;
begin
  select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm';
  -- Without pg_trgm (migration 3 said so) there was no index and there is none now: search still works.
  if ext_schema is not null then
    drop index if exists snippet_search_trgm;
    execute format('create index snippet_search_trgm on snippet_search using gin (${SEARCH_TEXT} %I.gin_trgm_ops)'
      ' with (fastupdate = off)', ext_schema);
  end if;
end
$$;
analyze snippet_search;
`;
