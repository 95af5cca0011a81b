import { PROBLEM_CODES, type ProblemCode } from "./codes";

export type Severity = "error" | "warning";

/**
 * Where a problem is, as values rather than a path to re-parse: the library file (its name as given),
 * the snippet (id and version) or the assembly's section (0-based index), and the rest of the path
 * inside that snippet or section ("body", "values.term"; the whole path when neither is set), with
 * line and column inside a body. Fields are set as they apply; see docs/decisions.md.
 */
export type ProblemPlace = {
  library?: string;
  snippet?: string;
  version?: number;
  section?: number;
  path?: string;
  line?: number;
  column?: number;
  /** A word in the assembled text (the defined-terms check): 1-based paragraph of the section, 0-based character in it. */
  paragraph?: number;
  offset?: number;
};

/**
 * One thing wrong (or worth knowing) about a library, an assembly or a template.
 * `path` is a JSON path in the file the problem is in, written the way people read it:
 * `snippets[3].variables[0].name`, `sections[2].values.term`. Inside a snippet body,
 * `line` and `column` (1-based) point at the character in that body.
 */
export type Problem = {
  code: ProblemCode;
  severity: Severity;
  message: string;
  path: string;
  line?: number;
  column?: number;
  /** Which file or snippet the path is relative to, when there is more than one (e.g. "library.json"). */
  source?: string;
  /** The same place as values (library, snippet, version, section, …), for callers that show it their own way. */
  place?: ProblemPlace;
};

export type ProblemInit = Omit<Problem, "severity"> & { severity?: Severity };

/** Builds a Problem, taking the severity from the code catalogue unless given. */
export function problem(init: ProblemInit): Problem {
  const severity = init.severity ?? PROBLEM_CODES[init.code].severity;
  const out: Problem = { code: init.code, severity, message: init.message, path: init.path };
  if (init.line !== undefined) out.line = init.line;
  if (init.column !== undefined) out.column = init.column;
  if (init.source !== undefined) out.source = init.source;
  if (init.place !== undefined) out.place = withPosition(init.place, init.line, init.column);
  return out;
}

const withPosition = (place: ProblemPlace, line?: number, column?: number): ProblemPlace =>
  line === undefined ? place : { ...place, line, ...(column === undefined ? {} : { column }) };

/**
 * Gives problems whose path starts at `prefix` (a JSON path the caller made: "snippets[3]",
 * "sections[2]") the place `at`, with the rest of the path inside it. Problems that already have a
 * place, or are elsewhere, are returned as they are. When `at` names a library, it is also the
 * problem's `source` (the file name the one-line form shows).
 */
export function placeAt(problems: readonly Problem[], prefix: string, at: ProblemPlace): Problem[] {
  return problems.map((p) => {
    if (p.place !== undefined || !startsPath(p.path, prefix)) return p;
    const rest = p.path.slice(prefix.length).replace(/^\./, "");
    const place = withPosition({ ...at, ...(rest === "" ? {} : { path: rest }) }, p.line, p.column);
    return {
      ...p,
      place,
      ...(p.source === undefined && at.library !== undefined ? { source: at.library } : {}),
    };
  });
}

/** Does `path` lie at or under `prefix` ("snippets[1]" holds "snippets[1].body", not "snippets[10]")? */
const startsPath = (path: string, prefix: string): boolean =>
  prefix === "" ||
  (path.startsWith(prefix) &&
    (path.length === prefix.length || path[prefix.length] === "." || path[prefix.length] === "["));

export const errorsOf = (problems: readonly Problem[]): Problem[] =>
  problems.filter((p) => p.severity === "error");
export const warningsOf = (problems: readonly Problem[]): Problem[] =>
  problems.filter((p) => p.severity === "warning");

/** "snippets[2].body:4:7" — the location part of a problem, for one-line reports. */
export function formatLocation(p: Problem): string {
  const where = [p.source, p.path].filter((s) => s !== undefined && s !== "").join(": ");
  return p.line !== undefined ? `${where}:${p.line}:${p.column ?? 1}` : where;
}

/** One line a person can read: "error TEMPLATE_UNCLOSED snippets[0].body:3:1 — …". */
export function formatProblem(p: Problem): string {
  return `${p.severity} ${p.code} ${formatLocation(p) || "(file)"} — ${p.message}`;
}

/**
 * Thrown by the engine's build functions when input has errors. Carries every problem found
 * (errors and the warnings seen so far), never just the first.
 */
const MESSAGE_ERRORS = 200;

export class SectionsmithError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[], message?: string) {
    const errors = errorsOf(problems);
    // The message lists the first errors only: a file with a million mistakes must not make a message
    // too long to build (every problem is still in `problems`).
    const shown = errors.slice(0, MESSAGE_ERRORS);
    const more = errors.length - shown.length;
    super(
      message ??
        `${errors.length} problem${errors.length === 1 ? "" : "s"} in the input:\n` +
          shown.map((p) => "  " + formatProblem(p)).join("\n") +
          (more > 0 ? `\n  … and ${more} more` : ""),
    );
    this.name = "SectionsmithError";
    this.problems = problems;
  }
}

/**
 * Joins JSON path segments: pathJoin("sections", 2, "values", "term") → "sections[2].values.term".
 * The first segment is a path taken as written, so an existing path can be extended:
 * pathJoin("sections[2]", "values"). Every later string is a key: a key that is not a plain name —
 * the empty key included — is quoted, pathJoin("values", "") → 'values[""]', so no key can make a
 * problem's path empty or point somewhere else.
 */
export function pathJoin(base: string | number, ...keys: Array<string | number>): string {
  let out = typeof base === "number" ? `[${base}]` : base;
  for (const key of keys) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}
