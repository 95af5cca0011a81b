import { errorsOf, problem, type Problem } from "../errors/problem";
import { checkLibraryRules, inapplicableRules } from "./check-library";
import { show } from "./describe";
import { mapIssues } from "./issues";
import { parseJsonText } from "./json-text";
import { sanitize } from "./sanitize";
import { assemblySchema } from "./schema-assembly";
import { librarySchema } from "./schema-library";
import { ASSEMBLY_FORMAT, LIBRARY_FORMAT, type Assembly, type Library, type Variable } from "./types";
import { unknownKeys } from "./unknown-keys";

/** On success `problems` holds warnings only; on failure it holds every error (and warning) found. */
export type ParseResult<T> = { ok: true; value: T; problems: Problem[] } | { ok: false; problems: Problem[] };

export type ParseOptions = {
  /** Names the file in every problem (Problem.source), e.g. "library.json". */
  source?: string;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON text or an already-parsed value → a sanitised value (forbidden characters removed, with warnings). */
function load(input: unknown): { ok: true; value: unknown; problems: Problem[] } | { ok: false; problems: Problem[] } {
  let value = input;
  if (typeof input === "string") {
    const parsed = parseJsonText(input);
    if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
    value = parsed.value;
  }
  return { ok: true, ...sanitize(value, "") };
}

/**
 * A file of the other kind, or of another version of the format, is not checked field by field:
 * hundreds of "unknown field" warnings would hide the one thing that is wrong.
 */
function formatMismatch(value: unknown, kind: "library" | "assembly"): Problem | undefined {
  if (!isObject(value) || typeof value.format !== "string") return undefined;
  const format = value.format;
  const expected = kind === "library" ? LIBRARY_FORMAT : ASSEMBLY_FORMAT;
  const m = /^sectionsmith\/(library|assembly)@(.+)$/.exec(format);
  if (format === expected || !m) return undefined;
  const message =
    m[1] !== kind
      ? `This is ${m[1] === "assembly" ? "an assembly" : "a library"} file ("format": ${show(format)}), but a ${kind} was expected ("format": "${expected}")`
      : `This ${kind} is in format ${show(format)}, which this version of Sectionsmith cannot read; it reads "${expected}"`;
  return problem({ code: "FORMAT_UNKNOWN", path: "format", message });
}

function finish<T>(problems: Problem[], value: T | undefined, source: string | undefined): ParseResult<T> {
  const withSource = source === undefined ? problems : problems.map((p) => (p.source === undefined ? { ...p, source } : p));
  if (value === undefined || errorsOf(withSource).length > 0) return { ok: false, problems: withSource };
  return { ok: true, value, problems: withSource };
}

/** Drops rules that do not suit the variable's type (they were reported as RULE_NOT_APPLICABLE). */
function normaliseVariable(v: Variable): Variable {
  const out: Variable = { ...v };
  for (const rule of inapplicableRules(v, v)) delete out[rule];
  if (out.fields) out.fields = out.fields.map(normaliseVariable);
  return out;
}

/**
 * Reads a library file (JSON text or a parsed value): checks its structure and every rule of the
 * contract, reports all problems at once, and returns the normalised library with defaults filled.
 */
export function parseLibrary(input: unknown, options: ParseOptions = {}): ParseResult<Library> {
  const loaded = load(input);
  if (!loaded.ok) return finish<Library>(loaded.problems, undefined, options.source);
  const { value, problems } = loaded;
  const mismatch = formatMismatch(value, "library");
  if (mismatch) return finish<Library>([...problems, mismatch], undefined, options.source);
  const parsed = librarySchema.safeParse(value);
  if (!parsed.success) problems.push(...mapIssues(parsed.error.issues, value));
  problems.push(...checkLibraryRules(value), ...unknownKeys(librarySchema, value));
  let library: Library | undefined;
  if (parsed.success) {
    const { $schema: _ignored, ...rest } = parsed.data;
    library = { ...rest, snippets: rest.snippets.map((s) => ({ ...s, variables: s.variables.map(normaliseVariable) })) };
  }
  return finish(problems, library, options.source);
}

/**
 * Reads an assembly file (JSON text or a parsed value): checks its structure and every rule of the
 * contract, reports all problems at once, and returns the normalised assembly with defaults filled.
 * Whether the snippets it names exist is checked by the build (see select.ts: findSnippet).
 */
export function parseAssembly(input: unknown, options: ParseOptions = {}): ParseResult<Assembly> {
  const loaded = load(input);
  if (!loaded.ok) return finish<Assembly>(loaded.problems, undefined, options.source);
  const { value, problems } = loaded;
  const mismatch = formatMismatch(value, "assembly");
  if (mismatch) return finish<Assembly>([...problems, mismatch], undefined, options.source);
  const parsed = assemblySchema.safeParse(value);
  if (!parsed.success) problems.push(...mapIssues(parsed.error.issues, value));
  problems.push(...unknownKeys(assemblySchema, value));
  let assembly: Assembly | undefined;
  if (parsed.success) {
    const { $schema: _ignored, ...rest } = parsed.data;
    assembly = rest;
  }
  return finish(problems, assembly, options.source);
}
