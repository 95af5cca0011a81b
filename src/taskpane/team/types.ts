// The team library as the pane sees it: what the server answers (src/server/wire.ts, GET /openapi.json),
// the copy kept in IndexedDB, and the changes waiting for the server. Plain data: all of it is stored.

// The server's shapes come from its wire types (src/server/wire.ts), taken with `import type` only: the
// ESLint pane-edge rule allows nothing else from src/server, so no server code reaches the bundle.
import type {
  LibraryView,
  Role,
  SnippetView,
  UsageEvent,
  VersionStatus,
  VersionView,
} from "../../server/wire";

export type { UsageEvent };
export type TeamStatus = VersionStatus;
export type TeamRole = Role;

/** A version's content: a library file's snippet without what the server manages (what the pane sends). */
export type TeamContent = {
  id: string;
  title: string;
  body: string;
  [field: string]: unknown;
};

export type TeamVersion = VersionView<TeamContent> & {
  /** Set on a version made in this pane and not yet accepted by the server. */
  pending?: true;
};

export type TeamSnippet = SnippetView<TeamVersion>;

/** What the pane keeps of a library (GET /libraries/{library}). */
export type TeamLibrary = Pick<LibraryView, "id" | "name" | "revision" | "changeSeq" | "role">;

/** How the pane signs in: a token pasted from the server's dev issuer, or Office SSO. */
export type SignIn = { kind: "office" } | { kind: "token"; token: string };

export type TeamSettings = { url: string; signIn: SignIn; library?: string };

/** The IndexedDB copy of one team library: what the pane works from, online or not. */
export type TeamCache = {
  url: string;
  user: string;
  library: TeamLibrary;
  snippets: TeamSnippet[];
  syncedAt: string;
};

/** A change made in the pane, kept (in IndexedDB) until the server has it. */
export type QueuedOp = {
  key: string;
  queuedAt: string;
} & (
  | { kind: "create"; id: string; content: TeamContent }
  | { kind: "version"; id: string; base: number; content: TeamContent }
  | { kind: "submit" | "approve" | "reject"; id: string; base: number; version: number; comment?: string }
  | { kind: "deprecate"; id: string; base: number; version: number; replacedBy?: string }
  | { kind: "usage"; events: UsageEvent[] }
);

/**
 * What happened to a queued change the server would not take: a conflict (someone changed the snippet
 * since: `current` is theirs, the op still holds mine), or a refusal (the server's message).
 */
export type Held =
  | { op: QueuedOp; reason: "conflict"; current: TeamSnippet; message: string }
  | {
      op: QueuedOp;
      reason: "refused";
      message: string;
    };

/** Library-file statuses (the engine's): in review counts as draft until approved. */
export const engineStatus = (status: TeamStatus): "draft" | "approved" | "deprecated" =>
  status === "in_review" ? "draft" : status;

export const STATUS_TEXT: Record<TeamStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  deprecated: "Deprecated",
};

export const latest = (s: TeamSnippet): TeamVersion | undefined => s.versions[s.versions.length - 1];
/** The newest approved version: what the library builds from, and what an approver may deprecate. */
export function approvedOf(s: TeamSnippet): TeamVersion | undefined {
  for (let i = s.versions.length - 1; i >= 0; i--)
    if (s.versions[i]!.status === "approved") return s.versions[i];
  return undefined;
}
