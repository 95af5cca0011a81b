// What the pane says about connecting, in the user's words.

import { isTeamError } from "./client";

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
