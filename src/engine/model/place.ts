import type { Problem, ProblemPlace } from "../errors/problem";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Gives every problem of one library file its place: the file (`library`, when it has a name) and,
 * for a problem inside `snippets[k]`, that snippet's id and version read from the file itself, with
 * the rest of the path inside the snippet. This runs where the problems were made, with the very file
 * they are about, so nothing downstream guesses which library or snippet a path meant.
 */
export function placeInLibrary(problems: readonly Problem[], raw: unknown, library?: string): Problem[] {
  const snippets = isObject(raw) && Array.isArray(raw.snippets) ? (raw.snippets as unknown[]) : [];
  const named: ProblemPlace = library === undefined ? {} : { library };
  return problems.map((p) => {
    if (p.place !== undefined) return p;
    const at = snippetAt(p.path);
    const snippet = at === undefined ? undefined : snippets[at.index];
    let place: ProblemPlace;
    if (at !== undefined && isObject(snippet) && typeof snippet.id === "string") {
      const version = typeof snippet.version === "number" ? snippet.version : 1;
      place = { ...named, snippet: snippet.id, version, ...(at.rest === "" ? {} : { path: at.rest }) };
    } else place = { ...named, ...(p.path === "" ? {} : { path: p.path }) };
    if (p.line !== undefined) place.line = p.line;
    if (p.column !== undefined) place.column = p.column;
    return { ...p, place };
  });
}

/**
 * The assembly's counterpart: a problem inside `sections[k]` gets the place { section: k, path inside
 * it }, so the pane names the section without reading the path.
 */
export function placeInAssembly(problems: readonly Problem[]): Problem[] {
  return problems.map((p) => {
    const at = p.place === undefined ? indexAt(p.path, "sections[") : undefined;
    if (at === undefined) return p;
    const place: ProblemPlace = { section: at.index, ...(at.rest === "" ? {} : { path: at.rest }) };
    if (p.line !== undefined) place.line = p.line;
    if (p.column !== undefined) place.column = p.column;
    return { ...p, place };
  });
}

/** "snippets[12].body" → 12 and "body": the one reading of a path the engine itself wrote (pathJoin). */
const snippetAt = (path: string) => indexAt(path, "snippets[");

function indexAt(path: string, prefix: string): { index: number; rest: string } | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const close = path.indexOf("]", prefix.length);
  const digits = path.slice(prefix.length, close);
  if (close < 0 || !/^\d+$/.test(digits)) return undefined;
  const rest = path.slice(close + 1);
  return { index: Number(digits), rest: rest.startsWith(".") ? rest.slice(1) : rest };
}
