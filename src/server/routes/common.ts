import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app";
import type { Sql } from "../db";
import { lockRole, requireRole, type Role } from "../store/libraries";
import { etag, parseIfMatch, type IfMatch } from "../store/revision";
import { INT_MAX, LibraryIdSchema, SnippetIdSchema } from "../schemas";

export const LibraryParams = z.object({ library: LibraryIdSchema });
export const SnippetParams = z.object({ library: LibraryIdSchema, id: SnippetIdSchema });
export const VersionParams = SnippetParams.extend({
  version: z.coerce.number().int().min(1).max(INT_MAX).meta({ description: "Version number" }),
});

export const who = (c: Context<AppEnv>) => ({ db: c.get("db"), user: c.get("user").id });

/** Sets the ETag from the resource's revision and answers it. */
export function tagged<T extends { revision: number }>(c: Context<AppEnv>, body: T): T {
  c.header("ETag", etag(body.revision));
  return body;
}

// Every library route does the same few things in the same order; these say it once. A read checks
// the caller's role, then reads. A change reads If-Match first when it needs one (428 before anything
// is opened), then runs as one transaction that starts by locking the library's row and checking the
// caller's role — so that no removal or demotion commits between the check and the change — and whose
// audit entry commits with it or not at all.

export type ChangeContext = { tx: Sql; user: string; role: Role };

/** A read by a member with at least `needed` in `library` (404 for non-members, 403 below the role). */
export async function read<T>(
  c: Context<AppEnv>,
  library: string,
  needed: Role,
  fn: (db: Sql, user: string) => Promise<T>,
): Promise<T> {
  const { db, user } = who(c);
  await requireRole(db, library, user, needed);
  return fn(db, user);
}

/**
 * A change in one transaction, by a member with at least `needed` in `library`, whose membership cannot
 * be removed or lowered before the change commits (store/libraries.ts lockRole); `lock` "members" for a
 * change of the member list itself.
 */
export function change<T>(
  c: Context<AppEnv>,
  library: string,
  needed: Role,
  fn: (x: ChangeContext) => Promise<T>,
  lock: "share" | "members" = "share",
): Promise<T> {
  const { db, user } = who(c);
  return db.transaction(async (tx) =>
    fn({ tx, user, role: await lockRole(tx, library, user, needed, lock) }),
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
