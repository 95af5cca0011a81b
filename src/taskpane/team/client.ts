// Talking to a team server (docs/team-library.md): JSON over fetch, with the bearer token, If-Match on
// writes, and every failure turned into a TeamError whose message is a sentence for the user. A fetch
// that never reaches the server (offline, server stopped, blocked) is `offline`: the caller keeps the
// change queued and tries again later. When the browser refuses the server's answer (CORS: the server
// does not allow this page's origin), a second request that needs no CORS (`mode: "no-cors"`, whose
// answer the page cannot read) tells that apart from a server that is not there: it is `blocked`.

import type { ErrorBody } from "../../server/wire";
import type { TeamSnippet } from "./types";

export type TeamErrorKind =
  "offline" | "blocked" | "signed-out" | "forbidden" | "conflict" | "refused" | "not-found";

/** The failure is the network's or the browser's: the change waits and is sent later. */
export const isUnreachable = (e: unknown): boolean =>
  e instanceof TeamError && (e.kind === "offline" || e.kind === "blocked");

export class TeamError extends Error {
  constructor(
    readonly kind: TeamErrorKind,
    message: string,
    readonly status = 0,
    readonly code = "",
    /** For conflicts (409 STALE_REVISION): the snippet as it is on the server now. */
    readonly current?: TeamSnippet,
  ) {
    super(message);
    this.name = "TeamError";
  }
}

export const isTeamError = (e: unknown): e is TeamError => e instanceof TeamError;

export type Reply<T> = { body: T; etag: string | null };

export type TeamClient = {
  readonly url: string;
  request<T>(method: string, path: string, init?: { body?: unknown; ifMatch?: number }): Promise<Reply<T>>;
};

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** "https://team.example/" or "team.example:3100" → "https://team.example" (no trailing slash). */
export function normaliseUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (text === "") return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return undefined;
  }
}

export function createTeamClient(
  url: string,
  token: () => Promise<string>,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): TeamClient {
  return {
    url,
    async request<T>(method: string, path: string, init: { body?: unknown; ifMatch?: number } = {}) {
      let bearer: string;
      try {
        bearer = await token();
      } catch (e) {
        // Office SSO's errors come as HostErrors with what to do (src/office/office-sso.ts).
        const action = (e as { action?: unknown }).action;
        const text = e instanceof Error ? e.message : String(e);
        throw new TeamError("signed-out", typeof action === "string" ? `${text} ${action}` : text);
      }
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      if (init.ifMatch !== undefined) headers["if-match"] = `"${init.ifMatch}"`;
      let response: Response;
      try {
        response = await fetchImpl(`${url}${path}`, {
          method,
          headers,
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        });
      } catch {
        throw await unreachable(url, fetchImpl);
      }
      const body = (await response.json().catch(() => undefined)) as unknown;
      if (response.ok) return { body: body as T, etag: response.headers.get("etag") };
      throw errorOf(response.status, body, url);
    },
  };
}

/** The page's own origin, as the server's CORS settings must name it. */
const pageOrigin = (): string => globalThis.location?.origin ?? "this add-in's address";

async function unreachable(url: string, fetchImpl: FetchLike): Promise<TeamError> {
  const answered = await fetchImpl(`${url}/health`, { method: "GET", mode: "no-cors" }).then(
    () => true,
    () => false,
  );
  if (answered) {
    const origin = pageOrigin();
    return new TeamError(
      "blocked",
      `The team server at ${url} answered, but it does not allow this add-in (${origin}): its administrator must add ${origin} to SECTIONSMITH_CORS_ORIGINS. Your changes are kept here.`,
    );
  }
  return new TeamError(
    "offline",
    `The team server at ${url} cannot be reached. Your changes are kept here and sent when it is back.`,
  );
}

function errorOf(status: number, body: unknown, url: string): TeamError {
  // Whatever answered may not be the team server: every field may be missing.
  const { code = "", message = "", current } = (body ?? {}) as Partial<ErrorBody>;
  const said = message ? ` (${message})` : "";
  if (status === 401)
    return new TeamError(
      "signed-out",
      `Your sign-in to the team server has ended: sign in again${said}.`,
      status,
      code,
    );
  if (status === 403)
    return new TeamError("forbidden", message || "Your role does not allow this.", status, code);
  if (status === 404)
    return new TeamError("not-found", message || "Not found on the team server.", status, code);
  if (status === 409 && code === "STALE_REVISION" && current)
    return new TeamError(
      "conflict",
      "Someone changed this snippet on the server while you were editing: compare both versions and choose.",
      status,
      code,
      current,
    );
  if (status === 429)
    return new TeamError("offline", "The team server is busy: trying again shortly.", status, code);
  if (status >= 500 || status === 0)
    return new TeamError(
      "offline",
      `The team server at ${url} had a problem (${status}); trying again shortly.`,
      status,
      code,
    );
  // The engine's problems (422 SNIPPET_INVALID): their sentences and lines, not the codes.
  const problems = (body as { problems?: unknown } | undefined)?.problems;
  if (Array.isArray(problems) && problems.length > 0) {
    const said = problems
      .slice(0, 5)
      .map((p: { line?: unknown; message?: unknown }) =>
        `${typeof p.line === "number" ? `Line ${p.line}: ` : ""}${typeof p.message === "string" ? p.message : ""}`.trim(),
      )
      .filter((t) => t !== "");
    if (said.length > 0)
      return new TeamError("refused", `The team server found problems: ${said.join(" ")}`, status, code);
  }
  return new TeamError("refused", message || `The team server refused this (${status}).`, status, code);
}
