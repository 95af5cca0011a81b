// The preview shows a gap as a gap. An empty number or date has no placeholder value that reads as one
// ("within 0 days" looks like a real term), so for the preview only, those variables of the opened
// snippet are retyped as text and given "[Label]". The document itself is never built this way: Add
// refuses until the value is there.

import type { Snippet, Value, Values, Variable } from "../../engine/core";
import { isEmptyValue, validateValue } from "./values";

const GAP_TYPES = new Set<Variable["type"]>(["number", "currency", "date"]);

/** Number, amount and date variables the preview must show as a gap (required or in the text, and empty or wrong). */
export function previewGaps(
  variables: readonly Variable[],
  values: Values,
  shown: ReadonlySet<string> = new Set(),
): Set<string> {
  const out = new Set<string>();
  for (const v of variables) {
    if (!GAP_TYPES.has(v.type) || !(v.required || shown.has(v.name))) continue;
    const value: Value | undefined = values[v.name];
    if (isEmptyValue(value) || validateValue(v, value) !== undefined) out.add(v.name);
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The libraries with `names` retyped as text in the opened snippet (the ones it declares; a gap in an
 * included snippet keeps its numeric placeholder), and which names that was.
 */
export function retypeForPreview(
  libraries: readonly unknown[],
  snippet: Pick<Snippet, "id" | "version">,
  names: ReadonlySet<string>,
): { libraries: unknown[]; retyped: Set<string> } {
  const retyped = new Set<string>();
  if (names.size === 0) return { libraries: [...libraries], retyped };
  const out = libraries.map((library) => {
    if (!isRecord(library) || !Array.isArray(library.snippets)) return library;
    return {
      ...library,
      snippets: library.snippets.map((s: unknown) => {
        if (
          !isRecord(s) ||
          s.id !== snippet.id ||
          (typeof s.version === "number" ? s.version : 1) !== snippet.version
        )
          return s;
        if (!Array.isArray(s.variables)) return s;
        return {
          ...s,
          variables: s.variables.map((v: unknown) => {
            if (!isRecord(v) || typeof v.name !== "string" || !names.has(v.name)) return v;
            retyped.add(v.name);
            return {
              name: v.name,
              type: "text",
              ...(typeof v.label === "string" ? { label: v.label } : {}),
              ...(v.required === true ? { required: true } : {}),
            };
          }),
        };
      }),
    };
  });
  return { libraries: out, retyped };
}
