// What the pane says about connecting, in the user's words, and the placeholder library a copy starts
// with before the user is in one.

import type { LibraryView } from "../../server/wire";
import { isTeamError } from "./client";
import type { TeamLibrary } from "./types";

export const notMemberMessage = (user: string) =>
  `Signed in as ${user}, but you are not a member of any team library on this server yet: ask its admin to add you, or create one below. This pane checks again every few seconds.`;

export function signInMessage(e: unknown, url: string): string {
  if (isTeamError(e) && e.kind === "signed-out")
    return "The team server did not accept your sign-in. Sign in again (or paste a fresh token).";
  if (isTeamError(e) && e.kind === "blocked") return e.message;
  if (isTeamError(e) && e.kind === "offline" && e.status === 0)
    return `Could not reach ${url}: nothing answered. Check the address and that the server is running; this add-in must also be built to allow it (SECTIONSMITH_TEAM_SERVERS).`;
  if (isTeamError(e) && e.kind === "not-found")
    return `${url} answered, but it is not a Sectionsmith team server: check the address.`;
  return e instanceof Error ? e.message : String(e);
}

/**
 * The library a new, empty copy is of: the chosen one, or a placeholder until there is one. Its changeSeq
 * is -1 whatever the server's: the copy has none of its snippets yet, so the first round must read them.
 */
export function blankLibrary(libraries: readonly LibraryView[], chosen: string | undefined): TeamLibrary {
  const found = libraries.find((l) => l.id === chosen);
  return found ? { ...found, changeSeq: -1 } : { id: "", name: "", revision: 0, changeSeq: -1 };
}
