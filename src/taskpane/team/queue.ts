// The changes made in the pane, in order, until the server has them. The pane shows the server's copy
// with the queue laid over it (overlay), so a queued change is visible at once, online or not. flush()
// sends the queue in order: what the server takes leaves the queue; a 409 STALE_REVISION or a refusal
// is held (with both versions, for the user to choose), and every later change to that snippet waits
// behind it; when the server cannot be reached the rest stays queued for the next try.

import { isTeamError, TeamError, type TeamClient } from "./client";
import {
  latest,
  type Held,
  type QueuedOp,
  type TeamCache,
  type TeamSnippet,
  type TeamVersion,
} from "./types";

/** The snippet a queued op changes (usage reports change none). */
export const opSnippet = (op: QueuedOp): string | undefined => (op.kind === "usage" ? undefined : op.id);

/** The server's copy with the queued (and held) changes applied, each new version marked pending. */
export function overlay(
  snippets: readonly TeamSnippet[],
  ops: readonly QueuedOp[],
  user: string,
): TeamSnippet[] {
  const byId = new Map(snippets.map((s) => [s.id, s]));
  for (const op of ops) {
    if (op.kind === "usage") continue;
    const at = op.queuedAt;
    const before = byId.get(op.id);
    if (op.kind === "create") {
      if (before) continue;
      byId.set(op.id, {
        library: "",
        id: op.id,
        owner: user,
        reviewBy: null,
        revision: 0,
        createdAt: at,
        updatedAt: at,
        versions: [draftVersion(1, op.content, user, at)],
      });
      continue;
    }
    if (!before) continue;
    if (op.kind === "version") {
      const next = (latest(before)?.version ?? 0) + 1;
      byId.set(op.id, {
        ...before,
        versions: [...before.versions, draftVersion(next, op.content, user, at)],
      });
      continue;
    }
    const status = STATUS_AFTER[op.kind];
    byId.set(op.id, {
      ...before,
      versions: before.versions.map((v) =>
        v.version === op.version
          ? {
              ...v,
              status,
              pending: true,
              ...(op.kind === "submit" ? { submittedBy: user } : {}),
              ...(op.kind === "approve" ? { approvedBy: user } : {}),
              ...(op.kind === "reject" ? { comment: op.comment ?? null } : {}),
              ...(op.kind === "deprecate" ? { replacedBy: op.replacedBy ?? null } : {}),
            }
          : v,
      ),
    });
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

const STATUS_AFTER = {
  submit: "in_review",
  approve: "approved",
  reject: "draft",
  deprecate: "deprecated",
} as const satisfies Record<string, TeamVersion["status"]>;

const draftVersion = (
  version: number,
  content: TeamVersion["snippet"],
  user: string,
  at: string,
): TeamVersion => ({
  version,
  status: "draft",
  createdBy: user,
  createdAt: at,
  submittedBy: null,
  approvedBy: null,
  approvedAt: null,
  replacedBy: null,
  comment: null,
  snippet: content,
  pending: true,
});

export type FlushResult = {
  /** What is still waiting (not tried, or the server was unreachable). */
  queue: QueuedOp[];
  /** Newly held changes (conflicts and refusals). */
  held: Held[];
  /** Snippets as the server answered them. */
  updated: TeamSnippet[];
  /** Why the flush stopped early: offline or signed out. */
  stopped?: TeamError;
};

/**
 * Sends the queue in order. `blocked` names snippets with a held change: their later changes wait.
 * A chain of changes to one snippet (add a version, then submit it) sends each with the revision the
 * previous one got back.
 */
export async function flush(
  client: TeamClient,
  library: string,
  queue: readonly QueuedOp[],
  blocked: ReadonlySet<string> = new Set(),
): Promise<FlushResult> {
  const result: FlushResult = { queue: [], held: [], updated: [] };
  const revisions = new Map<string, number>();
  const stuck = new Set(blocked);
  const base = `/libraries/${encodeURIComponent(library)}`;
  for (let i = 0; i < queue.length; i++) {
    const op = queue[i]!;
    const id = opSnippet(op);
    if (id !== undefined && stuck.has(id)) {
      result.queue.push(op);
      continue;
    }
    try {
      const snippet = await send(client, base, op, id === undefined ? undefined : revisions.get(id));
      if (snippet) {
        revisions.set(snippet.id, snippet.revision);
        result.updated = [...result.updated.filter((s) => s.id !== snippet.id), snippet];
      }
    } catch (e) {
      if (!isTeamError(e)) throw e;
      if (e.kind === "offline" || e.kind === "blocked" || e.kind === "signed-out") {
        result.queue.push(...queue.slice(i));
        result.stopped = e;
        return result;
      }
      // Usage counts are best-effort: one the server will not take is not worth the user's attention.
      if (op.kind === "usage") continue;
      if (id !== undefined) stuck.add(id);
      // Two people made the same id: theirs is on the server, mine stays held beside it.
      if (op.kind === "create" && e.code === "ALREADY_EXISTS") {
        const current = await fetchSnippet(client, base, op.id).catch(() => undefined);
        if (current) {
          result.held.push({ op, reason: "conflict", current, message: CREATE_CLASH });
          continue;
        }
      }
      result.held.push(
        e.kind === "conflict" && e.current
          ? { op, reason: "conflict", current: e.current, message: e.message }
          : { op, reason: "refused", message: e.message },
      );
    }
  }
  return result;
}

const CREATE_CLASH =
  "Someone else made a team snippet with this id while you were offline: compare both and choose.";

const fetchSnippet = async (client: TeamClient, base: string, id: string) =>
  (await client.request<TeamSnippet>("GET", `${base}/snippets/${encodeURIComponent(id)}`)).body;

async function send(
  client: TeamClient,
  base: string,
  op: QueuedOp,
  revision: number | undefined,
): Promise<TeamSnippet | undefined> {
  switch (op.kind) {
    case "usage":
      await client.request("POST", `${base}/usage`, { body: { events: op.events } });
      return undefined;
    case "create":
      return (await client.request<TeamSnippet>("POST", `${base}/snippets`, { body: op.content })).body;
    case "version": {
      // A new version's body has no id: the path names the snippet.
      const content: Record<string, unknown> = { ...op.content };
      delete content.id;
      return (
        await client.request<TeamSnippet>("POST", `${base}/snippets/${encodeURIComponent(op.id)}/versions`, {
          body: content,
          ifMatch: revision ?? op.base,
        })
      ).body;
    }
    default:
      return (
        await client.request<TeamSnippet>(
          "POST",
          `${base}/snippets/${encodeURIComponent(op.id)}/versions/${op.version}/${op.kind}`,
          {
            body:
              op.kind === "reject"
                ? { comment: op.comment ?? "" }
                : op.kind === "deprecate" && op.replacedBy
                  ? { replacedBy: op.replacedBy }
                  : {},
            ifMatch: revision ?? op.base,
          },
        )
      ).body;
  }
}

/** The server's copy with the flushed snippets put in (newer revisions win). */
export function mergeSnippets(cache: TeamCache, updated: readonly TeamSnippet[]): TeamCache {
  if (updated.length === 0) return cache;
  const byId = new Map(cache.snippets.map((s) => [s.id, s]));
  for (const s of updated) {
    const before = byId.get(s.id);
    if (!before || before.revision <= s.revision) byId.set(s.id, s);
  }
  return { ...cache, snippets: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

/**
 * A held change the user resolved by keeping mine: new text goes on top of theirs as a new version; a
 * deprecation is tried again against their revision (the server still refuses it if their change made
 * it wrong, say the version is no longer approved).
 */
export function keepMine(held: Held, now: string): QueuedOp | undefined {
  const { op } = held;
  if (held.reason !== "conflict") return undefined;
  if (op.kind === "deprecate")
    return { ...op, key: `${op.key}+`, queuedAt: now, base: held.current.revision };
  if (op.kind !== "version" && op.kind !== "create") return undefined;
  return {
    kind: "version",
    key: `${op.key}+`,
    queuedAt: now,
    id: op.id,
    base: held.current.revision,
    content: op.content,
  };
}

let counter = 0;
export const opKey = (): string => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
