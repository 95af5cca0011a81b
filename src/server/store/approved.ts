import { errorsOf, LIBRARY_FORMAT, validateLibrary, type Problem, type Snippet } from "../../engine/index";
import { includedIds } from "../check-snippet";
import type { Sql } from "../db";
import { ApiError } from "../errors";
import { LIBRARY_SNIPPET_COLUMNS, librarySnippet } from "./query";

// "The approved library builds": what GET …/export gives (the approved and deprecated versions) must
// pass the engine's library check — `sectionsmith validate` on it succeeds. A draft's includes are checked
// against the snippets' latest versions when it is written (its author's view); approving or deprecating a
// version changes the approved library, so that is checked again here, on the approved library as it
// would be after the change: every snippet it includes has an approved version, no include cycle, and the
// rest of the engine's rules for the versions involved.
//
// Only what the change can affect is validated: the snippet, every snippet whose approved or deprecated
// versions include it (directly or through others), and everything those include. Problems the approved
// library already had are not this change's to fix: only new ones refuse it.

/** An include tag, as PostgreSQL's regular expressions see it: bodies without one are not read. */
const INCLUDE_TAG = "\\{\\{~?>";

type Change = { id: string; version: number; to: "approved" | "deprecated" };

/** Approved and deprecated versions of `ids` (every id when undefined), as a library file's snippets. */
async function exported(tx: Sql, library: string, ids: readonly string[]): Promise<Snippet[]> {
  const rows = await tx.query(
    `select ${LIBRARY_SNIPPET_COLUMNS}
     from snippet_versions v join snippets s on s.library_id = v.library_id and s.id = v.snippet_id
     where v.library_id = $1 and v.status in ('approved', 'deprecated') and v.snippet_id = any($2::text[])
     order by v.snippet_id, v.version`,
    [library, ids],
  );
  return rows.map(librarySnippet);
}

/** Who includes whom among the approved and deprecated versions (any version's includes count). */
async function includeEdges(tx: Sql, library: string): Promise<Map<string, Set<string>>> {
  const rows = await tx.query(
    `select snippet_id, content->>'body' as body from snippet_versions
     where library_id = $1 and status in ('approved', 'deprecated') and content->>'body' ~ $2`,
    [library, INCLUDE_TAG],
  );
  const edges = new Map<string, Set<string>>();
  for (const r of rows) {
    const from = String(r.snippet_id);
    for (const to of includedIds(r.body)) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  return edges;
}

const keyOf = (p: Problem) => `${p.place?.snippet ?? ""}@${p.place?.version ?? ""} ${p.code} ${p.message}`;

/** The errors the change would add to the approved library (none: it may go ahead). */
export async function approvalProblems(tx: Sql, library: string, change: Change, candidate: Snippet) {
  const edges = await includeEdges(tx, library);
  for (const to of includedIds(candidate.body))
    edges.set(change.id, (edges.get(change.id) ?? new Set()).add(to));
  // The snippet and everyone who includes it, then everything those include.
  const affected = new Set([change.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [from, tos] of edges)
      if (!affected.has(from) && [...tos].some((to) => affected.has(to))) grew = Boolean(affected.add(from));
  }
  const involved = new Set(affected);
  for (let todo = [...involved]; todo.length > 0;) {
    const next: string[] = [];
    for (const id of todo)
      for (const to of edges.get(id) ?? []) if (!involved.has(to)) next.push((involved.add(to), to));
    todo = next;
  }
  const before = await exported(tx, library, [...involved]);
  const after = [
    ...before.filter((s) => !(s.id === change.id && s.version === change.version)),
    { ...candidate, status: change.to },
  ];
  const check = (snippets: Snippet[]) =>
    errorsOf(validateLibrary({ format: LIBRARY_FORMAT, name: library, snippets }).problems);
  const known = new Set(check(before).map(keyOf));
  return check(after).filter((p) => !known.has(keyOf(p)));
}

/** Refuses (409 APPROVAL_BREAKS_LIBRARY) a change after which the approved library would not build. */
export async function keepApprovedLibraryValid(
  tx: Sql,
  library: string,
  change: Change,
  candidate: Snippet,
): Promise<void> {
  const problems = await approvalProblems(tx, library, change, candidate);
  const first = problems[0];
  if (!first) return;
  const where = first.place?.snippet ? `${first.place.snippet}@${first.place.version}` : first.path;
  const missing = /^no snippet "([^"]+)"/.exec(first.message)?.[1];
  const advice =
    first.code === "TEMPLATE_INCLUDE_NOT_FOUND" && missing
      ? `"${missing}" has no approved version: approve it first`
      : first.code === "TEMPLATE_INCLUDE_CYCLE"
        ? "approved versions would include each other: change one so that the cycle is broken"
        : "fix it first";
  const verb = change.to === "approved" ? "Approving" : "Deprecating";
  throw new ApiError(
    409,
    "APPROVAL_BREAKS_LIBRARY",
    `${verb} version ${change.version} of "${change.id}" would leave the approved library unable to build — ${first.code} at ${where}: ${first.message}; ${advice}`,
    { problems },
  );
}
