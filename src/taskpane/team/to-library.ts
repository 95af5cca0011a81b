// The team library as a library file for the engine, so that search, filters, preview, build and insert
// treat team snippets exactly like personal ones (the engine merges it with the personal library), and
// the marks the Library view shows beside each team snippet: status, owner, review date.

import { approvedOf, engineStatus, latest, STATUS_TEXT, type TeamSnippet, type TeamStatus } from "./types";

export const TEAM_SOURCE_PREFIX = "Team: ";

export type TeamMark = {
  library: string;
  /** The newest version's status and number (what authors and approvers work on). */
  status: TeamStatus;
  statusText: string;
  latestVersion: number;
  approvedVersion?: number;
  owner?: string;
  reviewBy?: string;
  /** Deprecated newest version: the snippet to use instead. */
  replacedBy?: string;
  /** A change to it is waiting for the server. */
  pending: boolean;
};

export type RawTeamLibrary = {
  format: "sectionsmith/library@1";
  name: string;
  snippets: Array<{ id: string; version: number } & Record<string, unknown>>;
};

/** Every version of every snippet, each with its status as the engine knows it. */
export function teamLibraryFile(name: string, snippets: readonly TeamSnippet[]): RawTeamLibrary {
  return {
    format: "sectionsmith/library@1",
    name,
    snippets: snippets.flatMap((s) =>
      s.versions.map((v) => ({
        ...v.snippet,
        id: s.id,
        version: v.version,
        status: engineStatus(v.status),
        ...(s.owner ? { owner: s.owner } : {}),
        ...(s.reviewBy ? { reviewBy: s.reviewBy } : {}),
        ...(v.replacedBy ? { replacedBy: v.replacedBy } : {}),
      })),
    ),
  };
}

export function teamMarks(library: string, snippets: readonly TeamSnippet[]): Map<string, TeamMark> {
  const marks = new Map<string, TeamMark>();
  for (const s of snippets) {
    const last = latest(s);
    if (!last) continue;
    const approved = approvedOf(s);
    marks.set(s.id, {
      library,
      status: last.status,
      statusText: STATUS_TEXT[last.status],
      latestVersion: last.version,
      ...(approved ? { approvedVersion: approved.version } : {}),
      ...(s.owner ? { owner: s.owner } : {}),
      ...(s.reviewBy ? { reviewBy: s.reviewBy } : {}),
      ...(last.status === "deprecated" && last.replacedBy ? { replacedBy: last.replacedBy } : {}),
      pending: s.versions.some((v) => v.pending),
    });
  }
  return marks;
}
