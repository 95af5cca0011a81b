// Office single sign-on for the team server: Office.auth.getAccessToken gives a token for the add-in's
// Entra ID app (the server checks it: docs/team-library.md). Office caches the token and renews it, so
// the pane asks for one before each request. Its failures carry numeric codes; each becomes a HostError
// saying what the user can do (codes from Microsoft's "Troubleshoot error messages for single sign-on").

import { hostError, type HostError } from "./word-host";

export type GetAccessToken = (options: {
  allowSignInPrompt: boolean;
  allowConsentPrompt: boolean;
  forMSGraphAccess: boolean;
}) => Promise<string>;

const ADMIN =
  "Ask your administrator to set up Sectionsmith's sign-in (docs/team-library.md), or paste a token instead.";

export function ssoError(error: unknown): HostError {
  const code = Number((error as { code?: unknown } | null)?.code);
  switch (code) {
    case 13001:
      return hostError(
        "not-supported",
        "You are not signed in to Office.",
        "Sign in to Office and try again.",
        error,
      );
    case 13002:
      return hostError(
        "not-supported",
        "Sign-in was cancelled.",
        "Choose Sign in again when you are ready.",
        error,
      );
    case 13003:
      return hostError(
        "not-supported",
        "Office SSO needs a work or school account.",
        "Sign in to Office with your work or school account.",
        error,
      );
    case 13006:
      return hostError(
        "unknown",
        "Office could not sign you in just now.",
        "Close and reopen the document, then try again.",
        error,
      );
    case 13012:
      return hostError(
        "not-supported",
        "Office SSO is not available in this version of Office.",
        ADMIN,
        error,
      );
    case 13007:
    case 13005:
    case 13013:
      return hostError("not-supported", "Office could not get a sign-in for Sectionsmith.", ADMIN, error);
    default:
      return hostError(
        "unknown",
        `Office sign-in failed${Number.isFinite(code) ? ` (code ${code})` : ""}.`,
        ADMIN,
        error,
      );
  }
}

export function ssoTokenGetter(get: GetAccessToken): () => Promise<string> {
  return async () => {
    try {
      return await get({ allowSignInPrompt: true, allowConsentPrompt: true, forMSGraphAccess: false });
    } catch (error) {
      throw ssoError(error);
    }
  };
}
