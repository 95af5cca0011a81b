// Bringing the IndexedDB copy up to date: one cheap request while nothing has changed (the library's
// changeSeq, which every change to it moves), else the snippet list, and then only the snippets whose
// revision moved.

import type { SnippetSummary } from "../../server/wire";
import type { TeamClient } from "./client";
import type { TeamCache, TeamLibrary, TeamSnippet } from "./types";

type Summary = Pick<SnippetSummary, "id" | "revision">;
const PAGE = 1000;

export async function pull(
  client: TeamClient,
  libraryId: string,
  cache: TeamCache | undefined,
  user: string,
): Promise<TeamCache> {
  const base = `/libraries/${encodeURIComponent(libraryId)}`;
  const { body: library } = await client.request<TeamLibrary>("GET", base);
  const now = new Date().toISOString();
  const same = cache && cache.url === client.url && cache.library.id === libraryId && cache.user === user;
  // Nothing changed: the same object, so nothing downstream (the engine's merge, the index) is redone.
  if (same && cache.library.changeSeq === library.changeSeq && cache.library.role === library.role)
    return cache;
  const summaries: Summary[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { body } = await client.request<Summary[]>(
      "GET",
      `${base}/snippets?limit=${PAGE}&offset=${offset}`,
    );
    summaries.push(...body);
    if (body.length < PAGE) break;
  }
  const known = new Map((same ? cache.snippets : []).map((s) => [s.id, s]));
  const snippets: TeamSnippet[] = [];
  for (const summary of summaries) {
    const kept = known.get(summary.id);
    if (kept && kept.revision === summary.revision) snippets.push(kept);
    else
      snippets.push(
        (await client.request<TeamSnippet>("GET", `${base}/snippets/${encodeURIComponent(summary.id)}`)).body,
      );
  }
  return { url: client.url, user, library, snippets, syncedAt: now };
}
