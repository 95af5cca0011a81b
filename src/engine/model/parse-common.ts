import { errorsOf, problem, type Problem } from "../errors/problem";
import { fileLimitProblems } from "../limits-check";
import { show } from "./describe";
import { parseJsonText } from "./json-text";
import { sanitize } from "./sanitize";
import { ASSEMBLY_FORMAT, LIBRARY_FORMAT } from "./types";

// What parseLibrary and parseAssembly share: reading JSON text, sanitising, the format gate, and
// the shape of the result.

/** On success `problems` holds warnings only; on failure it holds every error (and warning) found. */
export type ParseResult<T> = { ok: true; value: T; problems: Problem[] } | { ok: false; problems: Problem[] };

export type ParseOptions = {
  /** Names the file in every problem (Problem.source), e.g. "library.json". */
  source?: string;
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * JSON text or an already-parsed value → a sanitised value (forbidden characters removed, with warnings).
 * A file over the size, nesting or snippet/section-count limits (limits.ts) is refused before it is
 * parsed or walked any further: those steps would be slow, or overflow the stack.
 */
export function load(
  input: unknown,
  kind: "library" | "assembly",
): { ok: true; value: unknown; problems: Problem[] } | { ok: false; problems: Problem[] } {
  let value = input;
  const warnings: Problem[] = [];
  if (typeof input === "string") {
    const tooBig = fileLimitProblems(input, undefined, kind);
    if (tooBig.length > 0) return { ok: false, problems: tooBig };
    const parsed = parseJsonText(input);
    if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
    value = parsed.value;
    warnings.push(...(parsed.warnings ?? []));
  }
  const limited = fileLimitProblems(typeof input === "string" ? input : undefined, value, kind);
  if (limited.length > 0) return { ok: false, problems: limited };
  const clean = sanitize(value, "");
  return { ok: true, value: clean.value, problems: [...warnings, ...clean.problems] };
}

/**
 * A file of the other kind, or of another version of the format, is not checked field by field:
 * hundreds of "unknown field" warnings would hide the one thing that is wrong.
 */
export function formatMismatch(value: unknown, kind: "library" | "assembly"): Problem | undefined {
  if (!isObject(value) || typeof value.format !== "string") return undefined;
  const format = value.format;
  const expected = kind === "library" ? LIBRARY_FORMAT : ASSEMBLY_FORMAT;
  const m = /^sectionsmith\/(library|assembly)@(.+)$/.exec(format);
  if (format === expected || !m) return undefined;
  const message =
    m[1] !== kind
      ? `This is ${m[1] === "assembly" ? "an assembly" : "a library"} file ("format": ${show(format)}), but ${kind === "assembly" ? "an assembly" : "a library"} was expected ("format": "${expected}")`
      : `This ${kind} is in format ${show(format)}, which this version of Sectionsmith cannot read; it reads "${expected}"`;
  return problem({ code: "FORMAT_UNKNOWN", path: "format", message });
}

export function finish<T>(
  problems: Problem[],
  value: T | undefined,
  source: string | undefined,
): ParseResult<T> {
  const withSource =
    source === undefined ? problems : problems.map((p) => (p.source === undefined ? { ...p, source } : p));
  if (value === undefined || errorsOf(withSource).length > 0) return { ok: false, problems: withSource };
  return { ok: true, value, problems: withSource };
}
