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
export class SectionsmithError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[], message?: string) {
    const errors = errorsOf(problems);
    super(
      message ??
        `${errors.length} problem${errors.length === 1 ? "" : "s"} in the input:\n` +
          errors.map((p) => "  " + formatProblem(p)).join("\n"),
    );
    this.name = "SectionsmithError";
    this.problems = problems;
  }
}

/**
 * Joins JSON path segments: pathJoin("sections", 2, "values", "term") → "sections[2].values.term".
 * The first segment is taken as written, so an existing path can be extended: pathJoin("sections[2]", "values").
 */
export function pathJoin(...parts: Array<string | number>): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else if (out === "") out = part;
    else if (part === "") continue;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out === "" ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
