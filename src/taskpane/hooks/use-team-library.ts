// Joins the team library to the pane's library: the copy as a library file for useLibrary (merged after
// the personal one), the marks the Library view shows, and the usage report after an insert or
// download (each team section's snippet id and version: never any document text).

import { useCallback, useMemo } from "react";
import type { Snippet } from "../../engine/core";
import type { DocumentState } from "../model/document";
import { TEAM_SOURCE_PREFIX, teamLibraryFile, teamMarks, type TeamMark } from "../team/to-library";
import type { LibraryApi, TeamLibraryInput } from "./use-library";
import type { TeamApi } from "./use-team";

export function useTeamInput(team: TeamApi): TeamLibraryInput | undefined {
  const { settings, cache, snippets } = team;
  const name = cache?.library.name;
  const connected = settings?.library !== undefined && cache?.library.id === settings.library;
  return useMemo(() => {
    if (!connected || !name) return undefined;
    const full = `${TEAM_SOURCE_PREFIX}${name}`;
    return { name: full, raw: teamLibraryFile(full, snippets) };
  }, [connected, name, snippets]);
}

export function useTeamMarks(
  team: TeamApi,
  library: Pick<LibraryApi, "sourceOf" | "lookup">,
  doc: DocumentState,
): { teamMark(snippet: Snippet): TeamMark | undefined; reportUsage(kind: "insert" | "download"): void } {
  const libraryId = team.cache?.library.id ?? "";
  const marks = useMemo(() => teamMarks(libraryId, team.snippets), [libraryId, team.snippets]);
  const { sourceOf, lookup } = library;
  const isTeam = useCallback(
    (s: Snippet) => sourceOf(s)?.startsWith(TEAM_SOURCE_PREFIX) === true,
    [sourceOf],
  );
  const teamMark = useCallback((s: Snippet) => (isTeam(s) ? marks.get(s.id) : undefined), [isTeam, marks]);
  const { reportUsage: report } = team;
  const reportUsage = useCallback(
    (kind: "insert" | "download") =>
      report(
        doc.sections.flatMap((section) => {
          const found = lookup(section.snippet, section.version)?.snippet;
          return found && isTeam(found) ? [{ snippet: found.id, version: found.version, kind }] : [];
        }),
      ),
    [report, doc.sections, lookup, isTeam],
  );
  return { teamMark, reportUsage };
}
