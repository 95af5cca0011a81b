import { iso, type Sql } from "../db";
import { ApiError, notFound } from "../errors";
import { appendAudit } from "./audit";
import type { LibraryView, Member, Role } from "../wire";
import { listMembers, nameOf, NotAMember, subjectOf, type Actor } from "./members";
import { checkRevision, type IfMatch } from "./revision";

export type { LibraryView, Member, Role } from "../wire";
export { ROLES, atLeast } from "./roles";
// Who is in a library and with what role: store/members.ts.
export { bindInvitations, listMembers, lockRole, requireRole, roleOf } from "./members";

export const libraryView = (r: Record<string, unknown>): LibraryView => ({
  id: String(r.id),
  name: String(r.name),
  revision: Number(r.revision),
  changeSeq: Number(r.audit_last),
  createdAt: iso(r.created_at),
  createdBy: String(r.created_by),
  ...(r.role ? { role: r.role as Role } : {}),
});

export async function createLibrary(
  tx: Sql,
  input: { id: string; name: string },
  actor: Actor,
): Promise<LibraryView> {
  const exists = await tx.query("select 1 from libraries where id = $1", [input.id]);
  if (exists.length > 0)
    throw new ApiError(409, "ALREADY_EXISTS", `Library "${input.id}" already exists: choose another id`);
  const [row] = await tx.query(
    "insert into libraries (id, name, created_by) values ($1, $2, $3) returning *",
    [input.id, input.name, nameOf(actor)],
  );
  await tx.query("insert into members (library_id, name, subject, role) values ($1, $2, $3, 'admin')", [
    input.id,
    nameOf(actor),
    subjectOf(actor),
  ]);
  const created = libraryView(row!);
  await appendAudit(tx, {
    library: input.id,
    actor: nameOf(actor),
    action: "library.create",
    target: `library:${input.id}`,
    after: { ...created, admin: nameOf(actor) },
  });
  return { ...created, changeSeq: created.changeSeq + 1, role: "admin" }; // + its audit entry
}

/** The library, with the caller's role in it: 404 (NotAMember) for anyone else. */
export async function getLibrary(db: Sql, library: string, subject: string): Promise<LibraryView> {
  const [row] = await db.query(
    "select l.*, m.role from libraries l join members m on m.library_id = l.id and m.subject = $2 where l.id = $1",
    [library, subject],
  );
  if (!row) throw new NotAMember(library);
  return libraryView(row);
}

/** The libraries the caller is a member of, with their role in each. */
export async function listLibraries(db: Sql, subject: string): Promise<LibraryView[]> {
  const rows = await db.query(
    "select l.*, m.role from libraries l join members m on m.library_id = l.id where m.subject = $1 order by l.id",
    [subject],
  );
  return rows.map(libraryView);
}

/**
 * Adds (as an invitation), changes (role) or removes (role undefined) a member, named by sign-in name.
 * The write carries the library revision it read. A library always keeps an admin who has signed in.
 */
export async function setMember(
  tx: Sql,
  library: string,
  change: { user: string; role: Role | undefined; ifMatch: IfMatch | number },
  actor: Actor,
): Promise<{ library: LibraryView; members: Member[] }> {
  const [locked] = await tx.query("select * from libraries where id = $1 for update", [library]);
  if (!locked) throw notFound(`Library "${library}"`);
  const members = await listMembers(tx, library);
  await checkRevision(Number(locked.revision), change.ifMatch, async () => ({
    library: libraryView(locked),
    members,
  }));
  const before = members.find((m) => m.user === change.user);
  const admins = members.filter((m) => m.role === "admin" && !m.invited && m.user !== change.user).length;
  if (before?.role === "admin" && !before.invited && change.role !== "admin" && admins === 0)
    throw new ApiError(
      409,
      "INVALID_TRANSITION",
      `"${change.user}" is the library's last admin who has signed in: make someone else admin first (an invited admin counts once they have signed in)`,
    );
  if (change.role === undefined) {
    if (!before) throw notFound(`Member "${change.user}"`);
    await tx.query("delete from members where library_id = $1 and name = $2", [library, change.user]);
  } else {
    await tx.query(
      `insert into members (library_id, name, role) values ($1, $2, $3)
       on conflict (library_id, name) do update set role = excluded.role`,
      [library, change.user, change.role],
    );
  }
  const after =
    change.role === undefined
      ? undefined
      : { user: change.user, role: change.role, invited: before?.invited ?? true };
  await appendAudit(tx, {
    library,
    actor: nameOf(actor),
    action: change.role === undefined ? "member.remove" : before ? "member.change" : "member.add",
    target: `member:${change.user}`,
    before,
    after,
  });
  // After the audit entry, so that changeSeq counts it.
  const [row] = await tx.query("update libraries set revision = revision + 1 where id = $1 returning *", [
    library,
  ]);
  return { library: libraryView(row!), members: await listMembers(tx, library) };
}
