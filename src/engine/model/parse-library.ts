import { checkLibraryRules, inapplicableRules } from "./check-library";
import { mapIssues } from "./issues";
import { finish, formatMismatch, load, type ParseOptions, type ParseResult } from "./parse-common";
import { librarySchemas } from "./schema-library";
import type { Library, Variable } from "./types";
import { unknownKeys } from "./unknown-keys";
import { append } from "../append";
import { placeInLibrary } from "./place";

export type { ParseOptions, ParseResult } from "./parse-common";

/**
 * Drops rules that do not suit the variable's type (they were reported as RULE_NOT_APPLICABLE). A variable
 * with nothing to drop is returned as it is: the parsed library is already a fresh copy of the input
 * (zod builds one), so copying every variable and snippet again would only make garbage.
 */
function normaliseVariable(v: Variable): Variable {
  const drop = inapplicableRules(v, v);
  const fields = v.fields?.map(normaliseVariable);
  const fieldsChanged = fields !== undefined && fields.some((f, i) => f !== v.fields![i]);
  if (drop.length === 0 && !fieldsChanged) return v;
  const out: Variable = { ...v };
  for (const rule of drop) delete out[rule];
  if (out.fields) out.fields = fields;
  return out;
}

/** A snippet whose variables needed no change is returned as it is (see normaliseVariable). */
function normaliseSnippet<S extends { variables: Variable[] }>(s: S): S {
  const variables = s.variables.map(normaliseVariable);
  return variables.some((v, i) => v !== s.variables[i]) ? { ...s, variables } : s;
}

/**
 * Reads a library file (JSON text or a parsed value): checks its structure and every rule of the
 * contract, reports all problems at once, and returns the normalised library with defaults filled.
 */
export function parseLibrary(input: unknown, options: ParseOptions = {}): ParseResult<Library> {
  const loaded = load(input, "library");
  if (!loaded.ok)
    return finish<Library>(
      placeInLibrary(loaded.problems, undefined, options.source),
      undefined,
      options.source,
    );
  const { value, problems } = loaded;
  const mismatch = formatMismatch(value, "library");
  if (mismatch)
    return finish<Library>(
      placeInLibrary([...problems, mismatch], value, options.source),
      undefined,
      options.source,
    );
  const { librarySchema } = librarySchemas();
  const parsed = librarySchema.safeParse(value);
  if (!parsed.success) append(problems, mapIssues(parsed.error.issues, value));
  append(append(problems, checkLibraryRules(value)), unknownKeys(librarySchema, value));
  let library: Library | undefined;
  if (parsed.success) {
    const rest = { ...parsed.data };
    delete rest.$schema; // only for editors
    library = {
      ...rest,
      snippets: rest.snippets.map(normaliseSnippet),
    };
  }
  return finish(placeInLibrary(problems, value, options.source), library, options.source);
}
