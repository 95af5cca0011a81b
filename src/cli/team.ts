import type { TeamSource } from "./args";
import { readText } from "./files";
import { CliFileError } from "./problems";

// Reading a team library from a Sectionsmith server (docs/team-library.md) over HTTP with fetch: the
// library's `GET /libraries/{name}/export`, a sectionsmith/library@1 file of its approved (and deprecated)
// versions, or with --include-unapproved its drafts too. Every failure becomes a coded problem in the
// user's words, never a stack trace: what happened, and what to do about it.

export const TOKEN_VARIABLE = "SECTIONSMITH_TOKEN";
const TIMEOUT_MS = 60_000;

export type TeamLibrary = { name: string; place: string; text: string; snippets: number };

/** The bearer token: --token-file wins over SECTIONSMITH_TOKEN. */
export async function readToken(team: TeamSource, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const token = (
    team.tokenFile !== undefined ? await readText(team.tokenFile) : (env[TOKEN_VARIABLE] ?? "")
  ).trim();
  if (token === "")
    throw new CliFileError(
      "SERVER_TOKEN_MISSING",
      team.tokenFile ?? team.server,
      team.tokenFile !== undefined
        ? `${team.tokenFile} is empty: put your sign-in token in it.`
        : `No sign-in token: set ${TOKEN_VARIABLE} to your token (or give --token-file FILE). ` +
            "For a dev server, `npm run server:dev-token -- you@example.com` prints one.",
    );
  return token;
}

/** What the server said, when it said it as `{ code, message }`. */
function serverSaid(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? ` The server says: ${message}` : "";
}

function unreachable(place: string, server: string, error: unknown): CliFileError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const why =
    (error as Error)?.name === "TimeoutError"
      ? `it did not answer within ${TIMEOUT_MS / 1000} seconds`
      : cause?.code === "ECONNREFUSED"
        ? "the connection was refused (is the server running on that port?)"
        : cause?.code === "ENOTFOUND" || cause?.code === "EAI_AGAIN"
          ? "no such host name"
          : (cause?.message ?? (error as Error)?.message ?? String(error));
  return new CliFileError(
    "SERVER_UNREACHABLE",
    place,
    `Cannot reach ${server}: ${why}. Check the URL, your network, and that the server answers ${server}/health. Nothing was written.`,
  );
}

/** The team library `name` as the text of a library file, or a coded problem. */
export async function fetchTeamLibrary(team: TeamSource, name: string, token: string): Promise<TeamLibrary> {
  const place = `${team.server}/libraries/${name}`;
  const url = `${team.server}/libraries/${encodeURIComponent(name)}/export${team.includeUnapproved ? "?include=unapproved" : ""}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await res.text();
  } catch (error) {
    throw unreachable(place, team.server, error);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: said below by status
  }
  const said = serverSaid(body);
  switch (res.status) {
    case 200:
      break;
    case 401:
      throw new CliFileError(
        "SERVER_SIGN_IN",
        place,
        `The server did not accept your sign-in: your token is missing, has expired, or is for another server. Sign in again and set ${TOKEN_VARIABLE} (or --token-file) to a fresh token.${said}`,
      );
    case 403:
      throw new CliFileError(
        "SERVER_FORBIDDEN",
        place,
        `You may not read the library "${name}". Ask one of its admins for the reader role.${said}`,
      );
    case 404:
      throw new CliFileError(
        "SERVER_LIBRARY_NOT_FOUND",
        place,
        `${team.server} has no library "${name}" that you are a member of: check the name (the library's id, as in the pane's settings), or ask its admin to add you.${said}`,
      );
    case 429: {
      const wait = res.headers.get("retry-after");
      throw new CliFileError(
        "SERVER_BUSY",
        place,
        `The server asks you to slow down: try again${wait ? ` in ${wait} seconds` : " in a minute"}.${said}`,
      );
    }
    default:
      throw new CliFileError(
        "SERVER_FAILED",
        place,
        `The server answered ${res.status} ${res.statusText}: nothing was written. Try again, and tell the server's admin if it persists.${said}`,
      );
  }
  const snippets = (body as { format?: unknown; snippets?: unknown } | null)?.snippets;
  if (!Array.isArray(snippets) || (body as { format?: unknown }).format !== "sectionsmith/library@1")
    throw new CliFileError(
      "SERVER_FAILED",
      place,
      `${team.server} answered, but not with a Sectionsmith library: is --server the team library server's address?`,
    );
  return { name, place, text, snippets: snippets.length };
}
