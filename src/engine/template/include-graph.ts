import { MAX_INCLUDE_DEPTH } from "../limits";
import type { Snippet } from "../model/types";
import { parseTemplate } from "./parse";
import { SourceText } from "./source-text";
import { includeIds } from "./tags";
import type { SnippetLookup } from "./types";

// The include graph of a library, read once per snippet: variable collection and the include-cycle
// check walk it for every snippet, and re-parsing each body on every visit made validating a library
// with many includes take minutes (the Handlebars parse cache holds 500 bodies; see limits.ts).

/**
 * How many snippets an include-cycle search may visit for one body (validate) or one expansion (the
 * build's search below untaken includes). Cycles are also found when a document is built (and long ones
 * are LIMIT_INCLUDE_DEPTH there), so this only bounds the time a library of thousands of densely
 * included snippets takes.
 */
export const CYCLE_SEARCH_VISITS = 20_000;

// Keyed by the snippet object, and checked against its body: an editor that changes a body in place
// gets the new includes.
const cache = new WeakMap<Snippet, { body: string; ids: readonly string[] }>();

/** The ids `snippet`'s body includes with {{> id}}, in source order (empty when the body does not parse). */
export function includesOf(snippet: Snippet): readonly string[] {
  const hit = cache.get(snippet);
  if (hit && hit.body === snippet.body) return hit.ids;
  const parsed = parseTemplate(snippet.body);
  // Every {{> id}} has a ">": a body without one includes nothing, and needs no line index to say so.
  const ids = parsed.ok && snippet.body.includes(">") ? includeIds(new SourceText(snippet.body, ""), parsed.program) : [];
  cache.set(snippet, { body: snippet.body, ids });
  return ids;
}

/**
 * A cycle reachable from `start` when it is included at the end of `path` (the snippets being expanded,
 * outermost first): the chain from the snippet where the cycle closes, round to it again
 * ([a, b, a]), or undefined when there is none within the include-depth limit or the budget. Depth
 * first and without recursion; each snippet is explored once (a snippet with no cycle below it is not
 * searched again). Used by the build for includes in branches it does not take, which it never expands:
 * `validate` finds their cycles on the snippets involved, so the build must find them too.
 */
export function cycleFrom(
  start: string,
  path: readonly string[],
  lookup: SnippetLookup,
  budget: { visits: number },
): string[] | undefined {
  const chain = [...path];
  const at = new Map(chain.map((id, i) => [id, i]));
  const done = new Set<string>();
  const frames: Array<{ id: string; next: number; targets: readonly string[] }> = [];
  const enter = (id: string): string[] | undefined => {
    const back = at.get(id);
    if (back !== undefined) return [...chain.slice(back), id];
    const found = lookup(id);
    if (done.has(id) || !found || chain.length > path.length + MAX_INCLUDE_DEPTH) return undefined;
    at.set(id, chain.push(id) - 1);
    frames.push({ id, next: 0, targets: includesOf(found.snippet) });
    return undefined;
  };
  const first = enter(start);
  if (first) return first;
  while (frames.length > 0) {
    const top = frames[frames.length - 1]!;
    if (top.next >= top.targets.length) {
      frames.pop();
      chain.pop();
      at.delete(top.id);
      done.add(top.id);
      continue;
    }
    if (--budget.visits < 0) return undefined;
    const cycle = enter(top.targets[top.next++]!);
    if (cycle) return cycle;
  }
  return undefined;
}
