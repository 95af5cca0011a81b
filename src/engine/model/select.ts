import { pathJoin, problem, type Problem } from "../errors/problem";
import { localDateString } from "./date-format";
import { didYouMean } from "./describe";
import type { Snippet, SnippetKind, SnippetStatus } from "./types";

// Which version of a snippet an assembly gets. A pinned version is taken as it is (whatever its
// status: pinning is a deliberate choice). Otherwise approved beats draft beats deprecated, and
// within a status the highest version wins — so a new draft never replaces the approved text
// until someone approves it, and a deprecated snippet is used only when nothing else exists.

const RANK: Record<SnippetStatus, number> = { approved: 3, draft: 2, deprecated: 1 };

/** The snippet an assembly gets for `id` (and `version`, when pinned); undefined when there is none. */
export function selectSnippet(
  snippets: readonly Snippet[],
  id: string,
  version?: number,
): Snippet | undefined {
  let best: Snippet | undefined;
  for (const s of snippets) {
    if (s.id !== id) continue;
    if (version !== undefined) {
      if (s.version === version) return s;
      continue;
    }
    if (
      !best ||
      RANK[s.status] > RANK[best.status] ||
      (RANK[s.status] === RANK[best.status] && s.version > best.version)
    )
      best = s;
  }
  return best;
}

/** A snippet's status, and whether it is stale: its reviewBy date is before `today`'s local date. */
export function snippetHealth(snippet: Snippet, today: Date): { status: SnippetStatus; stale: boolean } {
  return {
    status: snippet.status,
    stale: snippet.reviewBy !== undefined && snippet.reviewBy < localDateString(today),
  };
}

export type SnippetRef = { id: string; version?: number };

export type FindOptions = {
  /** When given, a stale snippet is reported (SNIPPET_STALE). */
  today?: Date;
  /** The kind the place needs (body for sections, header, footer): another kind is a warning. */
  kind?: SnippetKind;
  /** `snippets` by id (the catalogue's byId): saves scanning them all for every reference. */
  byId?: ReadonlyMap<string, readonly Snippet[]>;
};

// One set of ids per library, not one per unknown reference (2,000 sections × 10,000 snippets).
const ids = new WeakMap<readonly Snippet[], ReadonlySet<string>>();
function idsOf(snippets: readonly Snippet[]): ReadonlySet<string> {
  let set = ids.get(snippets);
  if (!set) ids.set(snippets, (set = new Set(snippets.map((s) => s.id))));
  return set;
}

/**
 * selectSnippet with problems, for the build: SNIPPET_NOT_FOUND / VERSION_NOT_FOUND (errors) and
 * SNIPPET_DRAFT, SNIPPET_DEPRECATED, SNIPPET_STALE, SNIPPET_KIND_MISMATCH (warnings). `path` is where
 * the reference is, e.g. "sections[2]" or "header"; problems point at its .snippet or .version.
 */
export function findSnippet(
  snippets: readonly Snippet[],
  ref: SnippetRef,
  path: string,
  options: FindOptions = {},
): { snippet?: Snippet; problems: Problem[] } {
  const at = pathJoin(path, "snippet");
  const sameId = options.byId ? (options.byId.get(ref.id) ?? []) : snippets.filter((s) => s.id === ref.id);
  if (sameId.length === 0) {
    const message = `No snippet in the library has the id "${ref.id}".${didYouMean(ref.id, idsOf(snippets))}`;
    return { problems: [problem({ code: "SNIPPET_NOT_FOUND", path: at, message })] };
  }
  // Only snippets with the id can be selected: the same answer as from all of them.
  const snippet = selectSnippet(sameId, ref.id, ref.version);
  if (!snippet) {
    const versions = [...new Set(sameId.map((s) => s.version))].sort((a, b) => a - b).join(", ");
    const message = `Snippet "${ref.id}" has no version ${ref.version}; the library has version${sameId.length === 1 ? "" : "s"} ${versions}`;
    return { problems: [problem({ code: "VERSION_NOT_FOUND", path: pathJoin(path, "version"), message })] };
  }
  const problems: Problem[] = [];
  const name = `"${snippet.id}" version ${snippet.version}`;
  const pinned = ref.version !== undefined;
  if (snippet.status === "draft") {
    const why = pinned ? "the pinned version" : "there is no approved version";
    problems.push(
      problem({
        code: "SNIPPET_DRAFT",
        path: at,
        message: `Using ${name}, a draft that has not been approved (${why})`,
      }),
    );
  } else if (snippet.status === "deprecated") {
    const better = selectSnippet(sameId, ref.id);
    const successor = snippet.replacedBy !== undefined ? selectSnippet(snippets, snippet.replacedBy) : undefined;
    const hint =
      successor && successor.status !== "deprecated"
        ? `; use "${successor.id}" instead`
        : better && better !== snippet && better.status !== "deprecated"
          ? `; version ${better.version} is ${better.status}`
          : "";
    problems.push(
      problem({ code: "SNIPPET_DEPRECATED", path: at, message: `Using ${name}, which is deprecated${hint}` }),
    );
  }
  if (options.today && snippetHealth(snippet, options.today).stale) {
    const message = `${name} was due for review on ${snippet.reviewBy}: its text may be out of date`;
    problems.push(problem({ code: "SNIPPET_STALE", path: at, message }));
  }
  if (options.kind && snippet.kind !== options.kind) {
    const message = `${name} is a ${snippet.kind} snippet but is used as a ${options.kind === "body" ? "section" : options.kind}`;
    problems.push(problem({ code: "SNIPPET_KIND_MISMATCH", path: at, message }));
  }
  return { snippet, problems };
}
