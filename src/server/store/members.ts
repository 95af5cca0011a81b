import type { Sql } from "../db";
import { ApiError, notFound } from "../errors";
import type { Member, Role } from "../wire";
import { atLeast } from "./roles";

// Who is in a library. Members are keyed on their subject — who they are for good (Entra ID's tenant and
// object id), not a name, which changes — and shown by their sign-in name. An admin adds a member by
// sign-in name: until that person first signs in, the row is an invitation (no subject), which their
// first sign-in binds to them. Changing the list: setMember (store/libraries.ts).

/** Who acts: a signed-in user, or (seeding, tests) a sign-in name alone, as an invitation would be. */
export type Actor = string | { name: string; subject: string };
export const nameOf = (actor: Actor): string => (typeof actor === "string" ? actor : actor.name);
export const subjectOf = (actor: Actor): string | null => (typeof actor === "string" ? null : actor.subject);

/** 404 for a library the caller is not a member of; a distinct class, so a caller can bind and ask again. */
export class NotAMember extends ApiError {
  constructor(library: string) {
    super(404, "NOT_FOUND", notFound(`Library "${library}"`).message);
  }
}

export async function roleOf(db: Sql, library: string, subject: string): Promise<Role | undefined> {
  const [row] = await db.query<{ role: Role }>(
    "select role from members where library_id = $1 and subject = $2",
    [library, subject],
  );
  return row?.role;
}

/** The caller's role in the library, or 404 (non-members do not learn it exists) / 403. */
export async function requireRole(db: Sql, library: string, subject: string, needed: Role): Promise<Role> {
  const role = await roleOf(db, library, subject);
  if (!role) throw new NotAMember(library);
  if (!atLeast(role, needed))
    throw new ApiError(
      403,
      "FORBIDDEN",
      `This needs the ${needed} role in library "${library}"; you are ${role}. Ask one of its admins.`,
    );
  return role;
}

/**
 * The caller's role for a change, checked so that no membership change can commit between the check and
 * this transaction's own commit. The library's row is locked first — shared (KEY SHARE) for a change of
 * snippets or usage, exclusive (FOR UPDATE) for a change of members, which every member change takes —
 * and only then is the role read, in a statement of its own: under READ COMMITTED it sees every
 * membership change that committed while the lock was awaited. A removal or demotion thus either
 * commits first, and the write is refused (404/403), or waits for the write to commit.
 */
export async function lockRole(
  tx: Sql,
  library: string,
  subject: string,
  needed: Role,
  lock: "share" | "members",
): Promise<Role> {
  const [row] = await tx.query(
    `select 1 from libraries where id = $1 for ${lock === "members" ? "update" : "key share"}`,
    [library],
  );
  if (!row) throw new NotAMember(library);
  return requireRole(tx, library, subject, needed);
}

/**
 * At sign-in: invitations by this user's sign-in name become theirs (in libraries they are not already a
 * member of), and their rows show the name they signed in with now. Returns whether anything changed.
 * Each statement on its own (no transaction): each row is right whichever runs first.
 */
export async function bindInvitations(db: Sql, user: { subject: string; name: string }): Promise<boolean> {
  const bound = await db.query(
    `update members set subject = $1 where name = $2 and subject is null
       and not exists (select 1 from members m where m.library_id = members.library_id and m.subject = $1)
     returning library_id`,
    [user.subject, user.name],
  );
  const renamed = await db.query(
    `update members set name = $2 where subject = $1 and name <> $2
       and not exists (select 1 from members m where m.library_id = members.library_id and m.name = $2)
     returning library_id`,
    [user.subject, user.name],
  );
  return bound.length + renamed.length > 0;
}

export async function listMembers(db: Sql, library: string): Promise<Member[]> {
  const rows = await db.query<{ name: string; role: Role; invited: boolean }>(
    "select name, role, subject is null as invited from members where library_id = $1 order by name",
    [library],
  );
  return rows.map((r) => ({ user: r.name, role: r.role, invited: r.invited === true }));
}
