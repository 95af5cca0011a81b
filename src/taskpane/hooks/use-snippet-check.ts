// Problems in the snippet being edited, as the user types (debounced): the engine's validateLibrary on a
// library made of the draft plus the snippets it includes (transitively), so unknown variables, bad tags,
// unclosed blocks, include cycles and forbidden links are reported at their line with their codes.

import { useMemo } from "react";
import type { Problem, Library, Snippet } from "../../engine/core";
import type { Engine } from "../engine";
import type { RawSnippet } from "../store";
import { useDebounced } from "./use-debounced";

export const CHECK_DELAY_MS = 300;

export type SnippetCheck = {
  /** Problems of the draft itself (paths relative to the snippet: "body", "variables[1].name"). */
  problems: Problem[];
  /** The draft, normalised, when it has no errors (for the preview). */
  snippet?: Snippet;
  /** The library the check ran on (draft first), for the preview. */
  library?: Library;
};

const INCLUDE = /\{\{~?>\s*([a-z0-9][a-z0-9._-]*)/g;

/** The raw snippets `draft` includes, directly or not, from `others` (every version of each id). */
export function includedSnippets(draft: RawSnippet, others: readonly RawSnippet[]): RawSnippet[] {
  const out: RawSnippet[] = [];
  const seen = new Set<string>([draft.id]);
  const queue = [draft];
  while (queue.length > 0) {
    const body = queue.shift()!.body;
    if (typeof body !== "string") continue;
    for (const m of body.matchAll(INCLUDE)) {
      const id = m[1]!;
      if (seen.has(id)) continue;
      seen.add(id);
      const found = others.filter((s) => s.id === id);
      out.push(...found);
      queue.push(...found);
    }
  }
  return out;
}

export function checkDraft(engine: Engine, draft: RawSnippet, others: readonly RawSnippet[]): SnippetCheck {
  const snippets = [draft, ...includedSnippets(draft, others).filter((s) => !(s.id === draft.id))];
  const result = engine.validateLibrary({ format: "sectionsmith/library@1", snippets });
  // The draft's own problems, by their place (the draft is the only snippet with its id and version
  // here), with the path inside the snippet.
  const version = typeof draft.version === "number" ? draft.version : 1;
  const own = result.problems
    .filter((p) => p.place?.snippet === draft.id && (p.place.version ?? 1) === version)
    .map((p) => ({ ...p, path: p.place?.path ?? "" }));
  return result.ok
    ? { problems: own, snippet: result.value.snippets[0]!, library: result.value }
    : { problems: own };
}

export function useSnippetCheck(
  engine: Engine | undefined,
  draft: RawSnippet,
  others: readonly RawSnippet[],
): SnippetCheck {
  const settled = useDebounced(draft, CHECK_DELAY_MS);
  return useMemo(
    () => (engine ? checkDraft(engine, settled, others) : { problems: [] }),
    [engine, settled, others],
  );
}
