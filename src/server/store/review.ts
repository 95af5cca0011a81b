import type { IfMatch } from "./revision";
import type { Snippet } from "../../engine/index";
import type { Sql } from "../db";
import { keepApprovedLibraryValid } from "./approved";
import { nameOf, subjectOf, type Actor } from "./members";
import { ApiError, notFound } from "../errors";
import { appendAudit } from "./audit";
import { atLeast, type Role } from "./libraries";
import { getSnippet, lockSnippet, touch, type SnippetView, type VersionStatus } from "./snippets";

// The review cycle of one version: draft → in_review (submit, by an author) → approved (approve, by an
// approver who neither wrote nor submitted it: four eyes) or back to draft (send back, with a comment);
// approved → deprecated (deprecate, by an approver, optionally naming the snippet to use instead).
// Approving and deprecating change the approved library, which must still build (store/approved.ts).

export const TRANSITIONS = {
  submit: { from: "draft", to: "in_review", role: "author" },
  approve: { from: "in_review", to: "approved", role: "approver" },
  reject: { from: "in_review", to: "draft", role: "approver" },
  deprecate: { from: "approved", to: "deprecated", role: "approver" },
} as const satisfies Record<string, { from: VersionStatus; to: VersionStatus; role: Role }>;

export type TransitionName = keyof typeof TRANSITIONS;

export type TransitionInput = {
  library: string;
  id: string;
  version: number;
  action: TransitionName;
  ifMatch: IfMatch | number;
  actor: Actor;
  role: Role;
  comment?: string;
  replacedBy?: string;
};

/**
 * Four eyes: whether `actor` wrote or submitted the version — by who they are (their subject), or, for
 * versions written before subjects were kept (migration 6) or by a name alone, by sign-in name.
 */
async function wroteOrSubmitted(tx: Sql, library: string, id: string, version: number, actor: Actor) {
  const [row] = await tx.query(
    `select created_by, created_by_subject, submitted_by, submitted_by_subject from snippet_versions
     where library_id = $1 and snippet_id = $2 and version = $3`,
    [library, id, version],
  );
  const subject = subjectOf(actor);
  const same = (name: unknown, who: unknown) =>
    who !== null && subject !== null ? who === subject : name === nameOf(actor);
  return same(row!.created_by, row!.created_by_subject) || same(row!.submitted_by, row!.submitted_by_subject);
}

export async function transition(tx: Sql, input: TransitionInput): Promise<SnippetView> {
  const { library, id, version, action, actor } = input;
  const rule = TRANSITIONS[action];
  if (!atLeast(input.role, rule.role))
    throw new ApiError(
      403,
      "FORBIDDEN",
      `To ${action} a version you need the ${rule.role} role in library "${library}"; you are ${input.role}. Ask one of its admins.`,
    );
  const snippet = await lockSnippet(tx, library, id, input.ifMatch);
  const before = snippet.versions.find((v) => v.version === version);
  if (!before) throw notFound(`Version ${version} of snippet "${id}"`);
  if (before.status !== rule.from)
    throw new ApiError(
      409,
      "INVALID_TRANSITION",
      `Only a ${rule.from} version can be ${action === "submit" ? "submitted" : `${action}d`}; version ${version} is ${before.status}`,
      {
        current: snippet,
      },
    );
  if (action === "approve" && (await wroteOrSubmitted(tx, library, id, version, actor)))
    throw new ApiError(
      403,
      "FOUR_EYES",
      `You wrote or submitted version ${version} of "${id}": another approver must approve it (four eyes)`,
    );
  if (action === "reject" && !input.comment?.trim())
    throw new ApiError(400, "INVALID_REQUEST", "Say why the version goes back to its author: send a comment");
  // A field the action does not keep is refused rather than accepted and dropped: the audit log must not
  // record a comment or a successor the version does not have.
  if (input.comment !== undefined && action !== "reject")
    throw new ApiError(
      400,
      "INVALID_REQUEST",
      `A comment is kept only when a version is sent back (reject), not on ${action}: leave it out`,
    );
  if (input.replacedBy !== undefined && action !== "deprecate")
    throw new ApiError(
      400,
      "INVALID_REQUEST",
      `replacedBy names a deprecated version's successor (deprecate), not on ${action}: leave it out`,
    );
  if (input.replacedBy !== undefined) {
    if (input.replacedBy === id)
      throw new ApiError(400, "INVALID_REQUEST", "A snippet cannot replace itself: name its successor");
    const found = await tx.query("select 1 from snippets where library_id = $1 and id = $2", [
      library,
      input.replacedBy,
    ]);
    if (found.length === 0) throw notFound(`Successor snippet "${input.replacedBy}"`);
  }
  if (rule.to === "approved" || rule.to === "deprecated")
    await keepApprovedLibraryValid(
      tx,
      library,
      { id, version, to: rule.to },
      { ...(before.snippet as Snippet), id, version, status: rule.to },
    );
  // Every parameter appears in the statement whatever the action (PostgreSQL must type each one).
  await tx.query(
    `update snippet_versions set status = $4::text,
       submitted_by = case when $4::text = 'in_review' then $5::text else submitted_by end,
       submitted_by_subject = case when $4::text = 'in_review' then $8::text else submitted_by_subject end,
       comment = case when $4::text = 'in_review' then null when $4::text = 'draft' then $6::text else comment end,
       approved_by = case when $4::text = 'approved' then $5::text else approved_by end,
       approved_at = case when $4::text = 'approved' then now() else approved_at end,
       replaced_by = case when $4::text = 'deprecated' then $7::text else replaced_by end
     where library_id = $1 and snippet_id = $2 and version = $3`,
    [
      library,
      id,
      version,
      rule.to,
      nameOf(actor),
      input.comment ?? null,
      input.replacedBy ?? null,
      subjectOf(actor),
    ],
  );
  await touch(tx, library, id);
  const after = await getSnippet(tx, library, id);
  // What the version now holds, read back: the entry records what happened, nothing the request only asked.
  const now = after.versions.find((v) => v.version === version)!;
  await appendAudit(tx, {
    library,
    actor: nameOf(actor),
    action: `version.${action}`,
    target: `snippet:${id}@${version}`,
    before: { status: before.status },
    after: {
      status: now.status,
      ...(now.comment !== null && now.comment !== before.comment ? { comment: now.comment } : {}),
      ...(now.replacedBy !== null && now.replacedBy !== before.replacedBy
        ? { replacedBy: now.replacedBy }
        : {}),
    },
  });
  return after;
}
