// What the pane does with the server's answer to "who am I and which libraries am I in" (GET /me), both
// when connecting and on later rounds: which library to work in, and whether the copy on this computer
// must start again (another server or another user).

import type { LibraryView, MeView } from "../../server/wire";
import type { TeamCache, TeamLibrary } from "./types";

/** The library kept if the user is still in it, else the only one they are in, else none (they choose). */
export function chosenLibrary(
  libraries: readonly LibraryView[],
  kept: string | undefined,
): string | undefined {
  if (kept && libraries.some((l) => l.id === kept)) return kept;
  return libraries.length === 1 ? libraries[0]!.id : undefined;
}

/**
 * A new, empty copy when `cached` is not this user's copy of this server (undefined when it is, and is
 * kept).
 */
export function freshCopy(
  cached: TeamCache | undefined,
  url: string,
  me: MeView,
  chosen: string | undefined,
): TeamCache | undefined {
  if (cached && cached.user === me.user && cached.url === url) return undefined;
  return { url, user: me.user, library: blankLibrary(me.libraries, chosen), snippets: [], syncedAt: "" };
}

/**
 * The library a new, empty copy is of: the chosen one, or a placeholder until there is one. Its changeSeq
 * is -1 whatever the server's: the copy has none of its snippets yet, so the first round must read them.
 */
export function blankLibrary(libraries: readonly LibraryView[], chosen: string | undefined): TeamLibrary {
  const found = libraries.find((l) => l.id === chosen);
  return found ? { ...found, changeSeq: -1 } : { id: "", name: "", revision: 0, changeSeq: -1 };
}
