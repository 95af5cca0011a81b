import { PROBLEM_CODES, type ProblemCode } from "./codes";

export type Severity = "error" | "warning";

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
};

export type ProblemInit = Omit<Problem, "severity"> & { severity?: Severity };

/** Builds a Problem, taking the severity from the code catalogue unless given. */
export function problem(init: ProblemInit): Problem {
  const severity = init.severity ?? PROBLEM_CODES[init.code].severity;
  const out: Problem = { code: init.code, severity, message: init.message, path: init.path };
  if (init.line !== undefined) out.line = init.line;
  if (init.column !== undefined) out.column = init.column;
  if (init.source !== undefined) out.source = init.source;
  return out;
}

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
