import type { Sql } from "../db";
import { iso } from "../db";
import { notFound } from "../errors";
import type { Freshness, Usage, UsageEvent } from "../wire";

// Usage events: which snippet version was inserted into a document or downloaded, by whom and when —
// never any document text. They feed "most used" and the freshness view.

export type { Freshness, Usage, UsageEvent, UsageKind } from "../wire";

/**
 * Records the events; one whose `id` this user already reported in this library is not recorded again.
 * Returns how many were recorded and how many were repeats.
 */
export async function recordUsage(
  tx: Sql,
  library: string,
  user: string,
  events: readonly UsageEvent[],
): Promise<{ recorded: number; repeated: number }> {
  let recorded = 0;
  for (const e of events) {
    const inserted = await tx.query(
      `insert into usage_events (library_id, snippet_id, version, kind, user_id, client_id)
       select $1, $2, $3, $4, $5, $6 where exists
         (select 1 from snippet_versions where library_id = $1 and snippet_id = $2 and version = $3)
       on conflict (library_id, user_id, client_id) where client_id is not null do nothing
       returning id`,
      [library, e.snippet, e.version, e.kind, user, e.id ?? null],
    );
    if (inserted.length > 0) {
      recorded++;
      continue;
    }
    const known = await tx.query(
      "select 1 from snippet_versions where library_id = $1 and snippet_id = $2 and version = $3",
      [library, e.snippet, e.version],
    );
    if (known.length === 0) throw notFound(`Snippet "${e.snippet}" version ${e.version}`);
  }
  return { recorded, repeated: events.length - recorded };
}

export async function mostUsed(db: Sql, library: string, days: number, limit: number): Promise<Usage[]> {
  const rows = await db.query(
    `select snippet_id, count(*) as uses, count(*) filter (where kind = 'insert') as inserts,
       count(*) filter (where kind = 'download') as downloads, max(at) as last_used
     from usage_events where library_id = $1 and at > now() - make_interval(days => $2::int)
     group by snippet_id order by uses desc, snippet_id limit $3`,
    [library, days, limit],
  );
  return rows.map((r) => ({
    id: String(r.snippet_id),
    uses: Number(r.uses),
    inserts: Number(r.inserts),
    downloads: Number(r.downloads),
    lastUsed: r.last_used ? iso(r.last_used) : null,
  }));
}

/**
 * Stale: past their review-by date. Rarely used: approved, fewer than `rare` uses in the window.
 * Often used but unreviewed: at least `often` uses and no review-by date, or one in the past.
 */
export async function freshness(
  db: Sql,
  library: string,
  o: { days: number; rare: number; often: number },
): Promise<Freshness> {
  const rows = await db.query(
    `select s.id, s.review_by::text as review_by, (s.review_by < current_date) as stale,
       exists (select 1 from snippet_versions v where v.library_id = s.library_id and v.snippet_id = s.id and v.status = 'approved') as approved,
       (select count(*) from usage_events u where u.library_id = s.library_id and u.snippet_id = s.id
         and u.at > now() - make_interval(days => $2::int)) as uses
     from snippets s where s.library_id = $1 order by s.id`,
    [library, o.days],
  );
  const all = rows.map((r) => ({
    id: String(r.id),
    reviewBy: r.review_by === null ? null : String(r.review_by),
    stale: r.stale === true,
    approved: r.approved === true,
    uses: Number(r.uses),
  }));
  return {
    stale: all.filter((s) => s.stale).map((s) => ({ id: s.id, reviewBy: s.reviewBy! })),
    rarelyUsed: all.filter((s) => s.approved && s.uses < o.rare).map((s) => ({ id: s.id, uses: s.uses })),
    oftenUsedUnreviewed: all
      .filter((s) => s.uses >= o.often && (s.reviewBy === null || s.stale))
      .map((s) => ({ id: s.id, uses: s.uses, reviewBy: s.reviewBy })),
  };
}
