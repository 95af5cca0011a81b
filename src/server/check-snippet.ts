import {
  errorsOf,
  LIBRARY_FORMAT,
  parseLibrary,
  validateLibrary,
  type Problem,
  type Snippet,
} from "../engine/index";

// Snippet bodies and variables are checked by the engine's own library check (structure, variables,
// template, Markdown: links, raw HTML, images) — the same rules as `sectionsmith validate` and the
// pane's editor. The snippet is checked inside a library of the snippets it includes, directly or
// through others (store/snippets.ts loads them).

export type SnippetCheck =
  { ok: true; snippet: Snippet; warnings: Problem[] } | { ok: false; problems: Problem[] };

const PREFIX = "snippets[0]";

/** Paths relative to the snippet ("body", "variables[0].name") rather than to the wrapping library. */
const relative = (p: Problem): Problem => ({
  ...p,
  path: p.path === PREFIX ? "" : p.path.startsWith(`${PREFIX}.`) ? p.path.slice(PREFIX.length + 1) : p.path,
});

/**
 * Checks a snippet as sent (raw JSON), as version `version` of id `id`, among `others` (snippets of the
 * same library it may include; never the same id). Returns the engine's normalised snippet.
 */
export function checkSnippet(
  raw: unknown,
  id: string,
  version: number,
  others: readonly Snippet[] = [],
): SnippetCheck {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return {
      ok: false,
      problems: [
        {
          code: "FIELD_TYPE",
          severity: "error",
          message: "The snippet must be a JSON object { … }",
          path: "",
        },
      ],
    };
  const candidate = { ...(raw as Record<string, unknown>), id, version, status: "draft" };
  const result = validateLibrary({
    format: LIBRARY_FORMAT,
    snippets: [candidate, ...others.filter((s) => s.id !== id)],
  });
  // Only this snippet's own problems count: another stored snippet that no longer passes today's rules
  // (or one it includes that has errors of its own) is not this write's to fix.
  const own = result.problems
    .filter((p) => p.path === PREFIX || p.path.startsWith(`${PREFIX}.`) || p.path === "")
    .map(relative);
  if (errorsOf(own).length > 0) return { ok: false, problems: own };
  // The engine's normalised form of the snippet, read alone (its structure passed above).
  const alone = parseLibrary({ format: LIBRARY_FORMAT, snippets: [candidate] });
  const snippet = alone.ok ? alone.value.snippets[0] : undefined;
  if (!snippet) return { ok: false, problems: alone.problems.map(relative) };
  return { ok: true, snippet, warnings: own };
}

/** The ids a body includes ({{> id}}), to load only those snippets as context for the check. */
export function includedIds(body: unknown): string[] {
  if (typeof body !== "string") return [];
  return [...new Set([...body.matchAll(/\{\{~?>\s*([a-z0-9][a-z0-9._-]*)/g)].map((m) => m[1]!))];
}
