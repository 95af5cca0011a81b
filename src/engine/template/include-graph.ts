import type { Snippet } from "../model/types";
import { parseTemplate } from "./parse";
import { SourceText } from "./source-text";
import { includeIds } from "./tags";

// The include graph of a library, read once per snippet: variable collection and the include-cycle
// check walk it for every snippet, and re-parsing each body on every visit made validating a library
// with many includes take minutes (the Handlebars parse cache holds 500 bodies; see limits.ts).

// Keyed by the snippet object, and checked against its body: an editor that changes a body in place
// gets the new includes.
const cache = new WeakMap<Snippet, { body: string; ids: readonly string[] }>();

/** The ids `snippet`'s body includes with {{> id}}, in source order (empty when the body does not parse). */
export function includesOf(snippet: Snippet): readonly string[] {
  const hit = cache.get(snippet);
  if (hit && hit.body === snippet.body) return hit.ids;
  const parsed = parseTemplate(snippet.body);
  const ids = parsed.ok ? includeIds(new SourceText(snippet.body, ""), parsed.program) : [];
  cache.set(snippet, { body: snippet.body, ids });
  return ids;
}
