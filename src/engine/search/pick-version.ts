// Which version of a snippet id the library shows and uses when nothing pins one. The contract says
// "the highest approved one is used unless an assembly pins a version"; when no version is approved
// we fall back to the highest draft, then the highest deprecated, so a library of drafts still works.
// This is the engine's selectSnippet rule (model/select.ts) applied to a whole catalogue at once, plus
// loadLibraries' rule for duplicates: the same id and version seen twice → the later copy.

import { snippetHealth } from "../model/select";
import type { Snippet, SnippetStatus } from "../model/types";

const PREFERENCE: readonly SnippetStatus[] = ["approved", "draft", "deprecated"];

/**
 * The version of `id` to use: highest approved, else highest draft, else highest deprecated.
 * When two entries share id, version and status (the same snippet in two libraries), the later one
 * wins, so a library imported after the starter library overrides it.
 */
export function pickVersion(snippets: readonly Snippet[], id: string): Snippet | undefined {
  let best: Snippet | undefined;
  for (const s of snippets) {
    if (s.id !== id) continue;
    if (best === undefined || better(s, best)) best = s;
  }
  return best;
}

function better(candidate: Snippet, current: Snippet): boolean {
  const rankC = PREFERENCE.indexOf(candidate.status);
  const rankB = PREFERENCE.indexOf(current.status);
  if (rankC !== rankB) return rankC < rankB;
  return candidate.version >= current.version;
}

/** One snippet per id (the picked version), in first-seen order of the ids. */
export function latestPerId(snippets: readonly Snippet[]): Snippet[] {
  const byId = new Map<string, Snippet>();
  for (const s of snippets) {
    const current = byId.get(s.id);
    if (current === undefined || better(s, current)) byId.set(s.id, s);
  }
  return [...byId.values()];
}

/** Past its reviewBy date (the review day itself is still fresh): the engine's own rule, in local time. */
export function isStale(snippet: Snippet, today: Date): boolean {
  return snippetHealth(snippet, today).stale;
}
