// Counts for the filter dropdowns: every category level ("Contracts" and "Contracts/Clauses"),
// every tag, every status (and "stale"), over one entry per snippet id.

import type { Snippet, SnippetStatus } from "../model/types";
import { isStale } from "./pick-version";

export type FacetCount = { value: string; count: number };

export type SnippetFacets = {
  /** Every level of every category path, sorted; "Contracts" counts the snippets of its sub-levels too. */
  categories: FacetCount[];
  tags: FacetCount[];
  statuses: Array<{ value: SnippetStatus | "stale"; count: number }>;
};

export function categoryLevels(category: string | undefined): string[] {
  if (category === undefined) return [];
  const parts = category
    .split("/")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

export function computeFacets(entries: readonly Snippet[], today: Date): SnippetFacets {
  const categories = new Map<string, number>();
  const tags = new Map<string, number>();
  const statuses = new Map<SnippetStatus | "stale", number>();
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const s of entries) {
    for (const level of categoryLevels(s.category)) bump(categories, level);
    for (const tag of new Set(s.tags.map((t) => t.toLowerCase()))) bump(tags, tag);
    bump(statuses, s.status);
    if (isStale(s, today)) bump(statuses, "stale");
  }
  const sorted = <K extends string>(map: Map<K, number>) =>
    [...map.entries()]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value.localeCompare(b.value));
  return { categories: sorted(categories), tags: sorted(tags), statuses: sorted(statuses) };
}
