// What the team server's JSON API carries (GET /openapi.json describes the same shapes, from
// src/server/schemas.ts): the one set of wire types for the server and for the pane that talks to it.
// Types only — `export type` and nothing else, importing nothing at runtime — so the pane can take them
// with `import type` and no server code (pg, PGlite, Hono) reaches its bundle. ESLint holds the pane to
// exactly that (eslint.config.js, tests/taskpane/pane-edges.test.ts).

import type { Snippet } from "../engine/core";

export type VersionStatus = "draft" | "in_review" | "approved" | "deprecated";

/** Each role can do what the roles before it can (reader < author < approver < admin). */
export type Role = "reader" | "author" | "approver" | "admin";

/** A version's content: the engine's normalised snippet without what the server manages. */
export type SnippetContent = Omit<
  Snippet,
  "version" | "status" | "owner" | "reviewBy" | "replacedBy" | "updated"
>;

/** One immutable version and its place in the review cycle. `Content`: what a client keeps of its text. */
export type VersionView<Content = SnippetContent> = {
  version: number;
  status: VersionStatus;
  createdBy: string;
  createdAt: string;
  submittedBy: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  /** Set on a deprecated version: the snippet to use instead. */
  replacedBy: string | null;
  /** Why a version was sent back to draft. */
  comment: string | null;
  snippet: Content;
};

/** A snippet: its head (owner, review-by date, the revision If-Match guards) and its versions, oldest first. */
export type SnippetView<Version = VersionView> = {
  library: string;
  id: string;
  owner: string | null;
  reviewBy: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  versions: Version[];
};

/** One row of GET /libraries/{library}/snippets. */
export type SnippetSummary = {
  id: string;
  title: string;
  category: string | null;
  owner: string | null;
  reviewBy: string | null;
  revision: number;
  updatedAt: string;
  latestVersion: number;
  latestStatus: VersionStatus;
  approvedVersion: number | null;
};

export type LibraryView = {
  id: string;
  name: string;
  revision: number;
  /** The library's last audit seq: it moves with every change, so panes poll it to know when to reload. */
  changeSeq: number;
  createdAt: string;
  createdBy: string;
  /** The signed-in user's role in it. */
  role?: Role;
};

/**
 * A member, by sign-in name. `invited`: added by name and not yet signed in — their first sign-in with
 * that name makes them the member.
 */
export type Member = { user: string; role: Role; invited: boolean };

/** GET /me. */
export type MeView = { user: string; name?: string; libraries: LibraryView[] };

export type UsageKind = "insert" | "download";
/**
 * One use reported by a pane (POST …/usage): which snippet version, never any document text. `id`: the
 * client's own id for the event (e.g. a UUID), so that sending it again records it once.
 */
export type UsageEvent = { snippet: string; version: number; kind: UsageKind; id?: string };
export type Usage = { id: string; uses: number; inserts: number; downloads: number; lastUsed: string | null };
export type Freshness = {
  stale: { id: string; reviewBy: string }[];
  rarelyUsed: { id: string; uses: number }[];
  oftenUsedUnreviewed: { id: string; uses: number; reviewBy: string | null }[];
};

export type AuditEntry = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  /** SHA-256 of the entry chained on the one before (docs/team-library.md › Audit log). */
  hash: string | null;
};

/** Every error body: `{ code, message }`, and for a stale write (409) the snippet as it is now. */
export type ErrorBody = {
  code: string;
  message: string;
  /** For an invalid snippet: each problem with its place. */
  problems?: { path: string; message: string; code?: string }[];
  current?: SnippetView;
};
