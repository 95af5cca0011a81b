import { load } from "./parse-common";
import { librarySchemas } from "./schema-library";
import type { Snippet, Variable } from "./types";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `unreadable`: the names of variables (and of their fields) left out because they have errors of their
 * own — still declared, so a body that uses them is not told they are unknown. `partial`: a variable
 * was left out whose name cannot be read either, so any name may be one it declares.
 */
export type LooseSnippet = { index: number; snippet: Snippet; unreadable: ReadonlySet<string>; partial: boolean };

/** The names a variable as written declares: its own and its fields', as far as they are text. */
function namesOf(raw: unknown, into: Set<string>): boolean {
  if (!isObject(raw) || typeof raw.name !== "string") return false;
  into.add(raw.name);
  if (Array.isArray(raw.fields)) for (const field of raw.fields) namesOf(field, into);
  return true;
}

/**
 * The snippets of a library that has errors, as far as each can be read on its own: a snippet that
 * fits the schema as it is, or else one with a text body, taken with the fields that are right (a bad
 * id is kept as written, a bad variable left out). Never built into a document: they let the checks
 * that do not depend on the broken fields — templates, include cycles, Markdown links, and whether an
 * assembly's snippets exist at all — run in the same pass as the field checks, so one run reports
 * every problem (the contract's "all problems at once").
 */
export function looseSnippetsAt(value: unknown): Array<LooseSnippet> {
  if (!isObject(value) || !Array.isArray(value.snippets)) return [];
  const out: Array<LooseSnippet> = [];
  const { snippetSchema, variableSchema } = librarySchemas();
  (value.snippets as unknown[]).forEach((raw, index) => {
    const parsed = snippetSchema.safeParse(raw);
    if (parsed.success) {
      out.push({ index, snippet: parsed.data as Snippet, unreadable: new Set(), partial: false });
      return;
    }
    if (!isObject(raw) || typeof raw.body !== "string") return;
    const unreadable = new Set<string>();
    let partial = raw.variables !== undefined && !Array.isArray(raw.variables);
    const variables = Array.isArray(raw.variables)
      ? raw.variables.flatMap((v) => {
          const one = variableSchema.safeParse(v);
          if (one.success) return [one.data as Variable];
          if (!namesOf(v, unreadable)) partial = true;
          return [];
        })
      : [];
    out.push({
      index,
      unreadable,
      partial,
      snippet: {
        id: typeof raw.id === "string" ? raw.id : `#${index}`,
        version: typeof raw.version === "number" ? raw.version : 1,
        title: typeof raw.title === "string" ? raw.title : "",
        tags: [],
        status: "approved",
        kind: raw.kind === "header" || raw.kind === "footer" ? raw.kind : "body",
        variables,
        body: raw.body,
      },
    });
  });
  return out;
}

/** looseSnippetsAt for library JSON text or a value (sanitised as the parser does). */
export function looseSnippets(input: unknown): Snippet[] {
  const loaded = load(input, "library");
  return loaded.ok ? looseSnippetsAt(loaded.value).map((s) => s.snippet) : [];
}
