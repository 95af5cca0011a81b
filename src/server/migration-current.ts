// Migration 3 (see migrations.ts): what the snippet list shows of each snippet's versions, kept up to
// date instead of worked out per request. Before it, every list or search request found the latest
// version of every snippet in the library (one index probe each: 9,113 for the bench's 10,000 rows),
// read its JSON content, sorted them all and threw away all but one page; search matched ILIKE patterns
// against every latest version's title, description and body (bench/results.md has the plans).
//
// Now:
// - snippets carries latest_version, latest_status, approved_version, title and category, written by a
//   trigger on snippet_versions, so in the same transaction as every insert of a version and every
//   status change, whichever code path makes it (the store, the bench's bulk approval, a later one);
// - snippet_search holds each snippet's id, title, description and body of its latest version (a new
//   version is the only thing that changes them: content is immutable), apart from the narrow head rows
//   the list pages through;
// - a trigram index (pg_trgm, GIN) on those columns (SEARCH_DOC) serves the search's ILIKE '%…%' exactly as before
//   (same matches, an index instead of a scan). pg_trgm ships with PostgreSQL (a trusted extension since
//   13) and with PGlite (loaded in db.ts). Where it cannot be created (not installed, no right to), the
//   migration still succeeds and search stays correct, without the index: docs/team-library.md says so.
//   It goes into schema public when it can, so a schema dropped with CASCADE (the tests' and the bench's
//   per-run schemas) does not take another schema's indexes with it; the operator class is named with the
//   extension's schema, wherever it is. fastupdate is off: with it, new entries wait in a list that every
//   search reads through until (auto)vacuum merges them (bench: 60 ms a search right after 10,000 inserts
//   instead of 4); a write pays for its entries at once instead (a few milliseconds).
// - (library_id, latest_status, id) serves the review queue and status filters in list order.

/**
 * The one text the trigram index covers: the four fields a search looks in, a line apart. One index
 * rather than one per field: its statistics tell the planner how rare the words are (with four
 * separate conditions it guessed wrong and read the whole table). store/query.ts matches this same
 * expression, and each field alone when a match could span two (a query with a line break).
 */
export const SEARCH_DOC =
  "snippet_id || E'\\n' || coalesce(title, '') || E'\\n' || coalesce(description, '') || E'\\n' || coalesce(body, '')";

export const CURRENT_VERSION_SQL = `
alter table snippets
  add column latest_version integer,
  add column latest_status text,
  add column approved_version integer,
  add column title text,
  add column category text;
create table snippet_search (
  library_id text not null,
  snippet_id text not null,
  title text,
  description text,
  body text,
  primary key (library_id, snippet_id),
  foreign key (library_id, snippet_id) references snippets (library_id, id)
);

update snippets s set latest_version = l.version, latest_status = l.status,
  title = l.content->>'title', category = l.content->>'category'
from (select distinct on (library_id, snippet_id) library_id, snippet_id, version, status, content
      from snippet_versions order by library_id, snippet_id, version desc) l
where l.library_id = s.library_id and l.snippet_id = s.id;
update snippets s set approved_version = a.version
from (select library_id, snippet_id, max(version) as version from snippet_versions
      where status = 'approved' group by library_id, snippet_id) a
where a.library_id = s.library_id and a.snippet_id = s.id;
insert into snippet_search (library_id, snippet_id, title, description, body)
select distinct on (library_id, snippet_id) library_id, snippet_id,
  content->>'title', content->>'description', content->>'body'
from snippet_versions order by library_id, snippet_id, version desc;

create function snippet_versions_current() returns trigger language plpgsql as $$
begin
  update snippets s set
    latest_version = l.version, latest_status = l.status,
    title = l.content->>'title', category = l.content->>'category',
    approved_version = (select max(a.version) from snippet_versions a
      where a.library_id = new.library_id and a.snippet_id = new.snippet_id and a.status = 'approved')
  from (select v.version, v.status, v.content from snippet_versions v
        where v.library_id = new.library_id and v.snippet_id = new.snippet_id
        order by v.version desc limit 1) l
  where s.library_id = new.library_id and s.id = new.snippet_id;
  if tg_op = 'INSERT' then
    insert into snippet_search (library_id, snippet_id, title, description, body)
    select v.library_id, v.snippet_id, v.content->>'title', v.content->>'description', v.content->>'body'
    from snippet_versions v where v.library_id = new.library_id and v.snippet_id = new.snippet_id
    order by v.version desc limit 1
    on conflict (library_id, snippet_id) do update set title = excluded.title,
      description = excluded.description, body = excluded.body;
  end if;
  return null;
end
$$;
create trigger snippet_versions_current after insert or update on snippet_versions
  for each row execute function snippet_versions_current();

create index snippets_by_latest_status on snippets (library_id, latest_status, id);

do $$
declare
  ext_schema text;
begin
  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    begin
      create extension pg_trgm with schema public;
    exception when others then
      begin
        create extension pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): search works without its index', sqlerrm;
      end;
    end;
  end if;
  select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm';
  if ext_schema is not null then
    execute format('create index snippet_search_trgm on snippet_search using gin ((%s) %I.gin_trgm_ops)'
      ' with (fastupdate = off)',
      '${SEARCH_DOC.replace(/'/g, "''")}', ext_schema);
  end if;
end
$$;
analyze snippets;
analyze snippet_search;
`;
