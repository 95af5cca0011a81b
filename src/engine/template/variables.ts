import { pathJoin, problem, type Problem } from "../errors/problem";
import type { Snippet, Variable } from "../model/types";
import { MAX_INCLUDE_DEPTH } from "../limits";
import { includesOf } from "./include-graph";
import type { SnippetLookup } from "./types";

/** Two declarations are compatible when they have the same type (and, for lists, the same field types). */
function sameShape(a: Variable, b: Variable): boolean {
  if (a.type !== b.type) return false;
  if (a.type !== "list") return true;
  const fields = new Map((a.fields ?? []).map((f) => [f.name, f.type]));
  return (b.fields ?? []).every((f) => !fields.has(f.name) || fields.get(f.name) === f.type);
}

const describe = (v: Variable): string =>
  v.type === "list" ? `a list (${(v.fields ?? []).map((f) => `${f.name}: ${f.type}`).join(", ")})` : v.type;

/**
 * The variables a snippet's form needs: its own, then those of every snippet it includes (transitively,
 * depth first in source order). The first declaration of a name wins; an include declaring the same
 * name with another type is a TEMPLATE_VARIABLE_CONFLICT. (A variable named like a built-in tag is the
 * model's VARIABLE_RESERVED warning.) Missing includes and cycles are left to checkTemplate.
 */
export function collectVariables(
  snippet: Snippet,
  snippetPath: string,
  lookup: SnippetLookup,
): { variables: Map<string, Variable>; problems: Problem[] } {
  const variables = new Map<string, Variable>();
  const owner = new Map<string, string>();
  const problems: Problem[] = [];

  snippet.variables.forEach((v) => {
    if (!variables.has(v.name)) {
      variables.set(v.name, v);
      owner.set(v.name, snippet.id);
    }
  });

  // Depth first in source order, with an explicit stack (a long chain of includes cannot overflow the
  // call stack) and each body's includes read once (include-graph.ts). Includes deeper than the limit
  // are not followed: the expander reports LIMIT_INCLUDE_DEPTH there. A snippet met again at a
  // shallower depth is followed again from there, so the depth cut never hides a nearer include.
  const seenAt = new Map<string, number>([[snippet.id, 0]]);
  const stack: Array<{ ids: readonly string[]; next: number; depth: number }> = [
    { ids: includesOf(snippet), next: 0, depth: 1 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.ids.length) {
      stack.pop();
      continue;
    }
    const id = frame.ids[frame.next++]!;
    const before = seenAt.get(id);
    if (before !== undefined && before <= frame.depth) continue;
    seenAt.set(id, frame.depth);
    const found = lookup(id);
    if (!found) continue;
    if (before === undefined) {
      found.snippet.variables.forEach((v, i) => {
        const first = variables.get(v.name);
        if (!first) {
          variables.set(v.name, v);
          owner.set(v.name, found.snippet.id);
        } else if (!sameShape(first, v)) {
          problems.push(
            problem({
              code: "TEMPLATE_VARIABLE_CONFLICT",
              message: `"${v.name}" is ${describe(first)} in "${owner.get(v.name)}" but ${describe(v)} in the included snippet "${found.snippet.id}"`,
              path: pathJoin(found.path, "variables", i, "name"),
              ...(found.place ? { place: { ...found.place, path: pathJoin("variables", i, "name") } } : {}),
            }),
          );
        }
      });
    }
    if (frame.depth < MAX_INCLUDE_DEPTH) stack.push({ ids: includesOf(found.snippet), next: 0, depth: frame.depth + 1 });
  }
  return { variables, problems };
}
