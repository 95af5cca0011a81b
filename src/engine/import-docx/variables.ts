import type { Variable, VariableType } from "../model/types";
import type { Occurrence } from "./inline-markdown";
import type { PlaceholderGuess } from "./placeholders";

// One variable per name across the whole import, so that a value given once fills every snippet that
// uses the name. Two placeholders of one name with different plain types become text (the type that
// holds both); a choice keeps every option either had.

export type VariableRecord = { variable: Variable; placeholder: string | boolean; occurrences: number };

export function mergeVariables(all: Map<string, VariableRecord>, occurrences: readonly Occurrence[]): void {
  for (const { guess, original } of occurrences) {
    const had = all.get(guess.name);
    if (!had) {
      all.set(guess.name, {
        variable: fromGuess(guess),
        placeholder: guess.type === "boolean" ? original === "☒" : original,
        occurrences: 1,
      });
      continue;
    }
    had.occurrences++;
    const v = had.variable;
    if (v.type === guess.type) {
      if (v.type === "choice") v.options = [...new Set([...(v.options ?? []), ...(guess.options ?? [])])];
      continue;
    }
    if (v.type === "boolean" || guess.type === "boolean") continue;
    const merged: VariableType = v.type === "multiline" || guess.type === "multiline" ? "multiline" : "text";
    had.variable = { name: v.name, ...(v.label ? { label: v.label } : {}), type: merged, required: false };
  }
}

function fromGuess(g: PlaceholderGuess): Variable {
  return {
    name: g.name,
    label: g.label.slice(0, 200),
    type: g.type,
    required: false,
    ...(g.options ? { options: g.options } : {}),
    ...(g.currency ? { currency: g.currency } : {}),
    ...(g.format ? { format: g.format } : {}),
  };
}

/** The variable as a library file writes it (no `required: false`, no empty rules). */
export function variableJson(v: Variable): Record<string, unknown> {
  return {
    name: v.name,
    ...(v.label ? { label: v.label } : {}),
    type: v.type,
    ...(v.options ? { options: v.options } : {}),
    ...(v.currency ? { currency: v.currency } : {}),
    ...(v.format ? { format: v.format } : {}),
  };
}

/** A variable retyped by the user; a choice needs options, so one without keeps its type. */
export function retype(v: Variable, type: VariableType): Variable {
  if (type === v.type) return v;
  if (type === "choice" && !(v.options && v.options.length > 0)) return v;
  if (type === "list") return v;
  return {
    name: v.name,
    ...(v.label ? { label: v.label } : {}),
    type,
    required: false,
    ...(type === "choice" ? { options: v.options! } : {}),
    ...(type === "currency" && v.currency ? { currency: v.currency } : {}),
    ...(type === "date" && v.format ? { format: v.format } : {}),
  };
}
