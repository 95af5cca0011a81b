import { mapIssues } from "./issues";
import { finish, formatMismatch, load, type ParseOptions, type ParseResult } from "./parse-common";
import { assemblySchemaOf } from "./schema-assembly";
import type { Assembly } from "./types";
import { unknownKeys } from "./unknown-keys";
import { paperSizeFor } from "./paper";
import { append } from "../append";
import { placeInAssembly } from "./place";

export type { ParseOptions, ParseResult } from "./parse-common";

/**
 * Reads an assembly file (JSON text or a parsed value): checks its structure and every rule of the
 * contract, reports all problems at once, and returns the normalised assembly with defaults filled.
 * Whether the snippets it names exist is checked by the build (see select.ts: findSnippet).
 */
export function parseAssembly(input: unknown, options: ParseOptions = {}): ParseResult<Assembly> {
  const loaded = load(input, "assembly");
  if (!loaded.ok) return finish<Assembly>(loaded.problems, undefined, options.source);
  const { value, problems } = loaded;
  const mismatch = formatMismatch(value, "assembly");
  if (mismatch) return finish<Assembly>([...problems, mismatch], undefined, options.source);
  const assemblySchema = assemblySchemaOf();
  const parsed = assemblySchema.safeParse(value);
  if (!parsed.success) append(problems, mapIssues(parsed.error.issues, value));
  append(problems, unknownKeys(assemblySchema, value));
  let assembly: Assembly | undefined;
  if (parsed.success) {
    const rest = { ...parsed.data };
    delete rest.$schema; // only for editors
    // Extension of the contract (which says A4): with no size given, the locale's paper (paper.ts).
    assembly = { ...rest, page: { ...rest.page, size: rest.page.size ?? paperSizeFor(rest.locale) } };
  }
  return finish(placeInAssembly(problems), assembly, options.source);
}
