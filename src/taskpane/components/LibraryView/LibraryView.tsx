// Library: find a snippet (search as you type, filters, favourites, recently used) and open it.
// Keyboard: Down from the search box moves into the results; Up/Down move between results (one Tab
// stop each: the title; Right reaches its star); Enter opens one; Up from the first goes back to search.

import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Body1, Button, SearchBox, Subtitle2 } from "@fluentui/react-components";
import type { Snippet, SnippetIndex } from "../../../engine/core";
import type { Favourites } from "../../hooks/use-favourites";
import type { ImportResult, LibrarySource } from "../../hooks/use-library";
import type { ImportReport } from "../../store";
import { shownText, type LibraryCounts } from "../../model/library-counts";
import { ImportLibrary } from "./ImportLibrary";
import {
  LibraryFilters,
  NO_FILTERS,
  type FilterState,
  type SnippetSource,
  type SourceCounts,
} from "./LibraryFilters";
import { useLibraryViewStyles } from "./LibraryView.styles";
import { SnippetRow } from "./SnippetRow";
import type { TeamMark } from "../../team/to-library";

export type LibraryViewProps = {
  index: SnippetIndex;
  sources: readonly LibrarySource[];
  /** The library's counts, shared with Manage. */
  counts: LibraryCounts;
  today: Date;
  favourites: Favourites;
  onOpen(snippet: Snippet): void;
  onImport(file: File): Promise<ImportResult>;
  onApplyImport?(report: ImportReport): Promise<ImportResult>;
  /** The team mark of a listed snippet that comes from the team library. */
  teamMark?(snippet: Snippet): TeamMark | undefined;
};

const sourceOf = (s: Snippet, teamMark: LibraryViewProps["teamMark"]): SnippetSource =>
  teamMark?.(s) ? "team" : "personal";

export function LibraryView({
  index,
  sources,
  counts,
  today,
  favourites,
  onOpen,
  onImport,
  onApplyImport,
  teamMark,
}: LibraryViewProps) {
  const styles = useLibraryViewStyles();
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  // Typing stays responsive on big libraries: the list follows a beat behind the keystrokes.
  const deferredQuery = useDeferredValue(query);

  const byId = useMemo(() => new Map(index.search("").map((h) => [h.snippet.id, h.snippet])), [index]);
  // The Source filter is offered once a team library lists snippets beside the personal one; without
  // it, a Source chosen earlier (say before disconnecting) must not keep hiding snippets unseen.
  const sourceCounts = useMemo((): SourceCounts | undefined => {
    if (!teamMark) return undefined;
    const counts: SourceCounts = { personal: 0, team: 0 };
    for (const s of byId.values()) counts[sourceOf(s, teamMark)] += 1;
    return counts.team > 0 ? counts : undefined;
  }, [byId, teamMark]);
  const source = sourceCounts ? filters.source : "";

  const searched = useMemo(
    () =>
      index.search(deferredQuery, {
        today,
        approvedOnly: filters.approvedOnly,
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.tag ? { tag: filters.tag } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      }),
    [index, deferredQuery, filters, today],
  );
  const hits = useMemo(
    () => (source === "" ? searched : searched.filter((h) => sourceOf(h.snippet, teamMark) === source)),
    [searched, source, teamMark],
  );
  const facets = useMemo(() => index.facets(today), [index, today]);
  const browsing =
    deferredQuery.trim() === "" &&
    !filters.approvedOnly &&
    !filters.category &&
    !filters.tag &&
    !filters.status &&
    source === "";
  const pick = (ids: Iterable<string>) => [...ids].flatMap((id) => byId.get(id) ?? []);

  // Moves focus among the results' titles (in the order shown); from the first, Up goes back to search.
  const titles = () => [...(root.current?.querySelectorAll<HTMLElement>("[data-result-title]") ?? [])];
  const onResultKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const all = titles();
    const at = all.indexOf(e.currentTarget);
    e.preventDefault();
    if (e.key === "ArrowUp" && at <= 0) search.current?.focus();
    else all[Math.min(all.length - 1, at + (e.key === "ArrowDown" ? 1 : -1))]?.focus();
  };
  const clearAll = () => {
    setQuery("");
    setFilters(NO_FILTERS);
    search.current?.focus();
  };

  const row = (s: Snippet) => {
    const team = teamMark?.(s);
    return (
      <SnippetRow
        key={s.id}
        {...(team ? { team } : {})}
        snippet={s}
        today={today}
        favourite={favourites.favourites.has(s.id)}
        onOpen={onOpen}
        onToggleFavourite={favourites.toggleFavourite}
        onTitleKeyDown={onResultKey}
      />
    );
  };
  const group = (title: string, snippets: Snippet[]) =>
    snippets.length === 0 ? null : (
      <section aria-label={title}>
        <Subtitle2 as="h2" className={styles.groupTitle}>
          {title}
        </Subtitle2>
        <ul className={styles.list}>{snippets.map(row)}</ul>
      </section>
    );

  return (
    <div className={styles.root} ref={root}>
      <SearchBox
        ref={search}
        aria-label="Search snippets"
        placeholder="Search snippets"
        value={query}
        onChange={(_, data) => setQuery(data.value)}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown") return;
          const first = titles()[0];
          if (!first) return;
          e.preventDefault();
          first.focus();
        }}
      />
      <LibraryFilters facets={facets} value={filters} onChange={setFilters} sources={sourceCounts} />
      <div role="status" className={styles.status}>
        {shownText(hits.length, counts, !browsing)}
      </div>
      {browsing && group("Favourites", pick(favourites.favourites))}
      {browsing && group("Recently used", pick(favourites.recent))}
      {group(
        browsing ? "All snippets" : "Results",
        hits.map((h) => h.snippet),
      )}
      {hits.length === 0 && !browsing && (
        <div className={styles.empty}>
          <Body1>No snippets match{query.trim() !== "" ? ` “${query.trim()}”` : ""}.</Body1>
          <Button size="small" onClick={clearAll}>
            Clear filters
          </Button>
        </div>
      )}
      <ImportLibrary sources={sources} onImport={onImport} onApply={onApplyImport} />
    </div>
  );
}
