// Which values go into the document with an insert, and which an update finds there. The document keeps
// them by content-control tag (WordHost.readSectionValues / writeSectionValues, a custom XML part), so an
// update rebuilds a section with exactly what it was built with and never asks again; see
// docs/task-pane.md "What Sectionsmith stores in the document".

import type { Snippet, Values } from "../../engine/core";
import { TAG_PREFIX } from "../host";
import type { OutlineSection } from "./document";

export const tagOf = (snippet: Pick<Snippet, "id" | "version">) =>
  `${TAG_PREFIX}${snippet.id}@${snippet.version}`;

/** Only the values of variables the snippet has: nothing else the outline may hold goes into the file. */
export function ownValues(snippet: Pick<Snippet, "variables">, values: Values): Values {
  const names = new Set(snippet.variables.map((v) => v.name));
  const kept: Values = {};
  for (const [name, value] of Object.entries(values)) if (names.has(name)) kept[name] = value;
  return kept;
}

/**
 * The values each inserted section was built with, by the tag its control carries. The same snippet
 * version inserted twice shares a tag (an update replaces every control with it), so the last one wins,
 * as the update would build both copies from one set of values anyway.
 */
export function valuesByTag(
  sections: readonly OutlineSection[],
  lookup: (id: string, version?: number) => { snippet: Snippet } | undefined,
): Record<string, Values> {
  const entries: Record<string, Values> = {};
  for (const section of sections) {
    const snippet = lookup(section.snippet, section.version)?.snippet;
    if (snippet) entries[tagOf(snippet)] = ownValues(snippet, section.values);
  }
  return entries;
}
