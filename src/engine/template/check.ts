import type { ProblemCode } from "../errors/codes";
import { problem, type Problem } from "../errors/problem";
import type { Variable } from "../model/types";
import { MAX_INCLUDE_DEPTH } from "../limits";
import { parseTemplate } from "./parse";
import { SourceText } from "./source-text";
import { walkStatic } from "./static";
import { CYCLE_SEARCH_VISITS, includesOf } from "./include-graph";
import type { SnippetLookup } from "./types";

export type CheckInput = {
  body: string;
  /** JSON path of the body, for problems: "snippets[4].body". */
  path: string;
  /** The id of the snippet the body belongs to (for include cycles); absent for inline text. */
  snippetId?: string;
  variables: ReadonlyMap<string, Variable>;
  lookup: SnippetLookup;
  /** Names declared by variables that could not be read (they have errors of their own): not unknown. */
  declared?: ReadonlySet<string>;
};

/** The ids a snippet includes (empty when it is missing or its body does not parse). */
function includedBy(id: string, lookup: SnippetLookup): readonly string[] {
  const found = lookup(id);
  return found ? includesOf(found.snippet) : [];
}


/**
 * The shortest include chain from `start` back to `target` ([start, …, target]), if there is one within
 * the include-depth limit (a longer cycle is reported as LIMIT_INCLUDE_DEPTH when built). Breadth first
 * and without recursion: each snippet is read once, however long the chains in the library.
 */
function pathBack(start: string, target: string, lookup: SnippetLookup, budget: { visits: number }): string[] | undefined {
  const cameFrom = new Map<string, string | undefined>([[start, undefined]]);
  let level = [start];
  for (let depth = 0; depth <= MAX_INCLUDE_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const id of level) {
      if (--budget.visits < 0) return undefined;
      if (id === target) {
        const chain: string[] = [];
        for (let at: string | undefined = id; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      for (const to of includedBy(id, lookup)) {
        if (cameFrom.has(to)) continue;
        cameFrom.set(to, id);
        next.push(to);
      }
    }
    level = next;
  }
  return undefined;
}

/**
 * Checks a template without values: syntax, unknown variables and helpers, wrong arguments, includes
 * that are missing or lead back to this snippet, {{#each}} over a non-list, {{pagebreak}}/{{toc}} not
 * alone on their line. Every problem is reported, in source order (a syntax error stops the parse, so
 * it is reported alone). Used when a library is validated and live in the authoring editor.
 */
export function checkTemplate(input: CheckInput): Problem[] {
  const src = new SourceText(input.body, input.path);
  const problems: Problem[] = [];
  const report = (code: ProblemCode, message: string, offset: number): void => {
    problems.push(problem({ code, message, path: input.path, ...src.position(offset) }));
  };
  const parsed = parseTemplate(input.body);
  if (!parsed.ok) {
    report(parsed.failure.code, parsed.failure.message, parsed.failure.offset);
    return problems;
  }
  const { snippetId, lookup } = input;
  const searched = new Map<string, string[] | undefined>();
  const budget = { visits: CYCLE_SEARCH_VISITS };
  walkStatic(
    {
      src,
      variables: input.variables,
      isKnown: (name) => input.declared?.has(name) === true,
      report,
      include: (id, offset) => {
        if (!lookup(id)) {
          report("TEMPLATE_INCLUDE_NOT_FOUND", `no snippet "${id}" in the library`, offset);
          return;
        }
        if (snippetId === undefined) return;
        // Only cycles through this snippet are reported here; others are reported on their own snippets.
        if (!searched.has(id)) searched.set(id, pathBack(id, snippetId, lookup, budget));
        const chain = searched.get(id);
        if (chain)
          report(
            "TEMPLATE_INCLUDE_CYCLE",
            `including "${id}" makes a cycle: ${[snippetId, ...chain].join(" → ")}`,
            offset,
          );
      },
    },
    parsed.program,
    [],
  );
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
