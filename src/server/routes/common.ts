import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app";
import type { Sql } from "../db";
import { bindInvitations, lockRole, requireRole, type Role } from "../store/libraries";
import { NotAMember } from "../store/members";
import { etag, parseIfMatch, type IfMatch } from "../store/revision";
import { INT_MAX, LibraryIdSchema, SnippetIdSchema } from "../schemas";

export const LibraryParams = z.object({ library: LibraryIdSchema });
export const SnippetParams = z.object({ library: LibraryIdSchema, id: SnippetIdSchema });
export const VersionParams = SnippetParams.extend({
  version: z.coerce.number().int().min(1).max(INT_MAX).meta({ description: "Version number" }),
});

/**
 * The database and the caller: `user` their sign-in name (what the audit log, createdBy and the like
 * show), `subject` who they are (what memberships are keyed on), `actor` both.
 */
export const who = (c: Context<AppEnv>) => {
  const { name, subject } = c.get("user");
  return { db: c.get("db"), user: name, subject, actor: { name, subject } };
};

/** Sets the ETag from the resource's revision and answers it. */
export function tagged<T extends { revision: number }>(c: Context<AppEnv>, body: T): T {
  c.header("ETag", etag(body.revision));
  return body;
}

/**
 * Runs `fn`; if the caller turns out not to be a member, binds the invitations by their sign-in name
 * (their first sign-in since an admin added them: store/members.ts) and, when that bound one, runs it
 * again. Someone who is simply not a member costs one statement more, and gets the same 404.
 */
export async function asMember<T>(c: Context<AppEnv>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof NotAMember) || !(await bindInvitations(c.get("db"), c.get("user")))) throw error;
    return fn();
  }
}

// Every library route does the same few things in the same order; these say it once. A read checks
// the caller's role, then reads. A change reads If-Match first when it needs one (428 before anything
// is opened), then runs as one transaction that starts by locking the library's row and checking the
// caller's role — so that no removal or demotion commits between the check and the change — and whose
// audit entry commits with it or not at all.

export type ChangeContext = { tx: Sql; user: string; actor: { name: string; subject: string }; role: Role };

/** A read by a member with at least `needed` in `library` (404 for non-members, 403 below the role). */
export async function read<T>(
  c: Context<AppEnv>,
  library: string,
  needed: Role,
  fn: (db: Sql, user: string) => Promise<T>,
): Promise<T> {
  const { db, user, subject } = who(c);
  await asMember(c, () => requireRole(db, library, subject, needed));
  return fn(db, user);
}

/**
 * A change in one transaction, by a member with at least `needed` in `library`, whose membership cannot
 * be removed or lowered before the change commits (store/members.ts lockRole); `lock` "members" for a
 * change of the member list itself.
 */
export function change<T>(
  c: Context<AppEnv>,
  library: string,
  needed: Role,
  fn: (x: ChangeContext) => Promise<T>,
  lock: "share" | "members" = "share",
): Promise<T> {
  const { db, user, subject, actor } = who(c);
  return asMember(c, () =>
    db.transaction(async (tx) =>
      fn({ tx, user, actor, role: await lockRole(tx, library, subject, needed, lock) }),
    ),
  );
}

/** A change of something read before: `If-Match` carries its revision (428 without, 409 when stale). */
export function changeIfMatch<T>(
  c: Context<AppEnv>,
  library: string,
  needed: Role,
  fn: (x: ChangeContext & { ifMatch: IfMatch }) => Promise<T>,
  lock: "share" | "members" = "share",
): Promise<T> {
  const ifMatch = parseIfMatch(c.req.header("if-match"));
  return change(c, library, needed, (x) => fn({ ...x, ifMatch }), lock);
}

/** Bytes of an answer that cost one more unit of the caller's rate limit (exports: by their size). */
export const BYTES_PER_UNIT = 64 * 1024;

/**
 * A large JSON answer (an export): built one at a time in this process, and counted against the
 * caller's rate limit by its size — a 10 MB export costs what 160 small reads do.
 */
export async function largeJson(c: Context<AppEnv>, build: () => Promise<unknown>): Promise<never> {
  const text = await c.get("inTurn")(async () => JSON.stringify(await build()));
  c.get("take")(Math.floor(text.length / BYTES_PER_UNIT));
  // The route's declared JSON answer, serialised here to know its size (c.json would do it again).
  return c.body(text, 200, { "Content-Type": "application/json" }) as never;
}
