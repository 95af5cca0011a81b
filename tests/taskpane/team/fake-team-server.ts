// A stand-in for the team server's reads and snippet creation, for jsdom tests (PGlite does not start
// under jsdom). It answers as src/server does for these routes; the API itself is tested in tests/server
// and the real server process in tests/e2e/pane-team.test.ts.

import type { TeamSnippet } from "../../../src/taskpane/team/types";

export function fakeTeamServer(user: string, role = "author", options: { member?: boolean } = {}) {
  /** Whether the user is in the library yet (an admin may add them while a pane runs). */
  let member = options.member ?? true;
  /** Every request, as `METHOD /path`. */
  const requests: string[] = [];
  const snippets = new Map<string, TeamSnippet>();
  /** Bodies of POST …/usage, as sent. */
  const usage: unknown[] = [];
  let changeSeq = 1;
  let revision = 1;
  /** Members by sign-in name, as GET …/members answers (an invitation until that user signs in). */
  const members = new Map<string, { user: string; role: string; invited: boolean }>([
    [user, { user, role, invited: false }],
  ]);
  /** What GET …/usage/most-used and …/freshness answer (the server computes them: tests/server). */
  const reports = {
    mostUsed: [] as unknown[],
    freshness: { stale: [], rarelyUsed: [], oftenUsedUnreviewed: [] } as Record<string, unknown[]>,
  };
  const membersBody = () => ({ library: library(), members: [...members.values()] });
  const library = () => ({
    id: "legal",
    name: "Legal",
    revision,
    changeSeq,
    createdAt: "",
    createdBy: "",
    role,
  });
  // What the client reads of a Response (jsdom has no Response class).
  const json = (status: number, body: unknown) =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => null },
      json: async () => structuredClone(body),
    }) as unknown as Response;

  async function handle(
    method: string,
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Response> {
    const [route] = path.split("?") as [string];
    requests.push(`${method} ${route}`);
    if (method === "GET" && route === "/me") return json(200, { user, libraries: member ? [library()] : [] });
    if (!member && route.startsWith("/libraries/legal"))
      return json(404, { code: "NOT_FOUND", message: "No library legal" });
    if (method === "GET" && route === "/libraries/legal") return json(200, library());
    if (method === "GET" && route === "/libraries/legal/snippets")
      return json(
        200,
        [...snippets.values()].map((s) => ({ id: s.id, revision: s.revision })),
      );
    const one = /^\/libraries\/legal\/snippets\/([^/]+)$/.exec(route);
    if (method === "GET" && one) {
      const found = snippets.get(one[1]!);
      return found ? json(200, found) : json(404, { code: "NOT_FOUND", message: "No such snippet" });
    }
    if (method === "POST" && route === "/libraries/legal/snippets") {
      const content = body as TeamSnippet["versions"][number]["snippet"];
      if (snippets.has(content.id)) return json(409, { code: "ALREADY_EXISTS", message: "exists" });
      const at = new Date().toISOString();
      const created: TeamSnippet = {
        library: "legal",
        id: content.id,
        owner: user,
        reviewBy: null,
        revision: 1,
        createdAt: at,
        updatedAt: at,
        versions: [
          {
            version: 1,
            status: "draft",
            createdBy: user,
            createdAt: at,
            submittedBy: null,
            approvedBy: null,
            approvedAt: null,
            replacedBy: null,
            comment: null,
            snippet: content,
          },
        ],
      };
      snippets.set(content.id, created);
      changeSeq++;
      return json(201, created);
    }
    if (method === "GET" && route === "/libraries/legal/members") return json(200, membersBody());
    const memberRoute = /^\/libraries\/legal\/members\/([^/]+)$/.exec(route);
    if (memberRoute && (method === "PUT" || method === "DELETE")) {
      const ifMatch = (headers?.["if-match"] ?? "").replace(/"/g, "");
      if (ifMatch !== String(revision))
        return json(409, { code: "STALE_REVISION", message: "stale", current: library() });
      const name = decodeURIComponent(memberRoute[1]!).toLowerCase();
      if (method === "DELETE") members.delete(name);
      else
        members.set(name, {
          user: name,
          role: (body as { role: string }).role,
          invited: members.get(name)?.invited ?? true,
        });
      revision++;
      changeSeq++;
      return json(200, membersBody());
    }
    if (method === "GET" && route === "/libraries/legal/usage/most-used") return json(200, reports.mostUsed);
    if (method === "GET" && route === "/libraries/legal/freshness") return json(200, reports.freshness);
    if (method === "POST" && route === "/libraries/legal/usage") {
      usage.push(body);
      return json(202, { recorded: (body as { events: unknown[] }).events.length });
    }
    return json(404, { code: "NOT_FOUND", message: `No route ${method} ${route}` });
  }

  return {
    snippets,
    usage,
    requests,
    members,
    reports,
    setMember(value: boolean) {
      member = value;
    },
    /** A snippet as the server would hold it, e.g. with an approved version. */
    seed(snippet: TeamSnippet) {
      snippets.set(snippet.id, snippet);
      changeSeq++;
    },
    fetch: async (path: string, init: RequestInit = {}) =>
      handle(
        init.method ?? "GET",
        path,
        init.body ? JSON.parse(String(init.body)) : undefined,
        init.headers as Record<string, string> | undefined,
      ),
  };
}
