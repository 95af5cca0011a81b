// Which of a snippet's variables its text will actually show with the values typed so far: the engine
// expands the body (its includes too) and lists the variables written in the branches taken. A variable
// the text shows must not be empty — "… Confidential Information of , use it …" is never what the user
// meant — even when the library does not mark it required (it may be needed in one branch only).

import type { SnippetLookup } from "../../engine";
import type { Snippet, Values, Variable } from "../../engine/core";
import type { Engine } from "../engine";
import { isEmptyValue, labelOf, validateValue } from "./values";

/** The names the text shows, or undefined when it cannot be worked out (no engine yet). */
export function usedVariables(
  engine: Engine | undefined,
  snippet: Snippet,
  variables: readonly Variable[],
  values: Values,
  lookup: SnippetLookup | undefined,
  locale: string,
  today: Date,
): ReadonlySet<string> | undefined {
  if (!engine || !lookup) return undefined;
  // Only values that are valid, as a build would get them (an invalid one is reported at its field).
  const valid: Values = {};
  for (const v of variables) {
    const value = values[v.name];
    if (!isEmptyValue(value) && validateValue(v, value) === undefined) valid[v.name] = value!;
  }
  try {
    const result = engine.expandTemplate({
      body: snippet.body,
      path: "body",
      snippetId: snippet.id,
      variables: new Map(variables.map((v) => [v.name, v])),
      values: valid,
      valuesPath: "values",
      lookup,
      locale,
      today,
    });
    return new Set(result.used);
  } catch {
    return undefined;
  }
}

/** "Receiving party is in the text here: fill it in." for each used variable left empty. */
export function emptyInText(
  variables: readonly Variable[],
  values: Values,
  used: ReadonlySet<string> | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!used) return out;
  for (const v of variables)
    if (used.has(v.name) && v.type !== "boolean" && v.type !== "list" && isEmptyValue(values[v.name]))
      out.set(v.name, `${labelOf(v)} is in the text here: fill it in, or the sentence will have a gap.`);
  return out;
}
