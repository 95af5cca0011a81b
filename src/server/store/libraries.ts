import { iso, type Sql } from "../db";
import { ApiError, notFound } from "../errors";
import { appendAudit } from "./audit";
import type { LibraryView, Member, Role } from "../wire";
import { checkRevision, type IfMatch } from "./revision";

export type { LibraryView, Member, Role } from "../wire";

export const ROLES = ["reader", "author", "approver", "admin"] as const satisfies readonly Role[];
const everyRole: Exclude<Role, (typeof ROLES)[number]> extends never ? true : never = true;
void everyRole;

/** Each role can do what the roles before it can. */
export const atLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

const view = (r: Record<string, unknown>): LibraryView => ({
  id: String(r.id),
  name: String(r.name),
  revision: Number(r.revision),
  changeSeq: Number(r.audit_last),
  createdAt: iso(r.created_at),
  createdBy: String(r.created_by),
  ...(r.role ? { role: r.role as Role } : {}),
});

export async function roleOf(db: Sql, library: string, user: string): Promise<Role | undefined> {
  const [row] = await db.query<{ role: Role }>(
    "select role from members where library_id = $1 and user_id = $2",
    [library, user],
  );
  return row?.role;
}

/** The caller's role in the library, or 404 (non-members do not learn it exists) / 403. */
export async function requireRole(db: Sql, library: string, user: string, needed: Role): Promise<Role> {
  const role = await roleOf(db, library, user);
  if (!role) throw notFound(`Library "${library}"`);
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
  user: string,
  needed: Role,
  lock: "share" | "members",
): Promise<Role> {
  const [row] = await tx.query(
    `select 1 from libraries where id = $1 for ${lock === "members" ? "update" : "key share"}`,
    [library],
  );
  if (!row) throw notFound(`Library "${library}"`);
  return requireRole(tx, library, user, needed);
}

export async function createLibrary(
  tx: Sql,
  input: { id: string; name: string },
  actor: string,
): Promise<LibraryView> {
  const exists = await tx.query("select 1 from libraries where id = $1", [input.id]);
  if (exists.length > 0)
    throw new ApiError(409, "ALREADY_EXISTS", `Library "${input.id}" already exists: choose another id`);
  const [row] = await tx.query(
    "insert into libraries (id, name, created_by) values ($1, $2, $3) returning *",
    [input.id, input.name, actor],
  );
  await tx.query("insert into members (library_id, user_id, role) values ($1, $2, 'admin')", [
    input.id,
    actor,
  ]);
  const created = view(row!);
  await appendAudit(tx, {
    library: input.id,
    actor,
    action: "library.create",
    target: `library:${input.id}`,
    after: { ...created, admin: actor },
  });
  return { ...created, changeSeq: created.changeSeq + 1, role: "admin" }; // + its audit entry
}

export async function getLibrary(db: Sql, library: string, user: string): Promise<LibraryView> {
  const [row] = await db.query(
    "select l.*, m.role from libraries l join members m on m.library_id = l.id and m.user_id = $2 where l.id = $1",
    [library, user],
  );
  if (!row) throw notFound(`Library "${library}"`);
  return view(row);
}

export async function listLibraries(db: Sql, user: string): Promise<LibraryView[]> {
  const rows = await db.query(
    "select l.*, m.role from libraries l join members m on m.library_id = l.id where m.user_id = $1 order by l.id",
    [user],
  );
  return rows.map(view);
}

export async function listMembers(db: Sql, library: string): Promise<Member[]> {
  const rows = await db.query<{ user_id: string; role: Role }>(
    "select user_id, role from members where library_id = $1 order by user_id",
    [library],
  );
  return rows.map((r) => ({ user: r.user_id, role: r.role }));
}

/**
 * Adds, changes (role) or removes (role undefined) a member. The library's revision guards the member
 * list: the write carries the revision it read. A library always keeps at least one admin.
 */
export async function setMember(
  tx: Sql,
  library: string,
  change: { user: string; role: Role | undefined; ifMatch: IfMatch | number },
  actor: string,
): Promise<{ library: LibraryView; members: Member[] }> {
  const [locked] = await tx.query("select * from libraries where id = $1 for update", [library]);
  if (!locked) throw notFound(`Library "${library}"`);
  const members = await listMembers(tx, library);
  await checkRevision(Number(locked.revision), change.ifMatch, async () => ({
    library: view(locked),
    members,
  }));
  const before = members.find((m) => m.user === change.user);
  const admins = members.filter((m) => m.role === "admin" && m.user !== change.user).length;
  if (before?.role === "admin" && change.role !== "admin" && admins === 0)
    throw new ApiError(
      409,
      "INVALID_TRANSITION",
      `"${change.user}" is the library's last admin: make someone else admin first`,
    );
  if (change.role === undefined) {
    if (!before) throw notFound(`Member "${change.user}"`);
    await tx.query("delete from members where library_id = $1 and user_id = $2", [library, change.user]);
  } else {
    await tx.query(
      `insert into members (library_id, user_id, role) values ($1, $2, $3)
       on conflict (library_id, user_id) do update set role = excluded.role`,
      [library, change.user, change.role],
    );
  }
  const after = change.role === undefined ? undefined : { user: change.user, role: change.role };
  await appendAudit(tx, {
    library,
    actor,
    action: change.role === undefined ? "member.remove" : before ? "member.change" : "member.add",
    target: `member:${change.user}`,
    before,
    after,
  });
  // After the audit entry, so that changeSeq counts it.
  const [row] = await tx.query("update libraries set revision = revision + 1 where id = $1 returning *", [
    library,
  ]);
  return { library: view(row!), members: await listMembers(tx, library) };
}
