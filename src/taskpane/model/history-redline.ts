// History → "Download redline": one version of a snippet against the version before it, as a .docx whose
// difference is tracked (the engine's exportRedline), so a reviewer sees in Word exactly what changed.
// Both versions are built with their variables' defaults; a required text without one shows its label in
// brackets ("[Disclosing party]"), the same on both sides, so it is never a change.

import type { Catalogue, Snippet, Values } from "../../engine/core";
import type { Engine } from "../engine";
import { changeAuthor } from "./change-author";
import { initialValues, labelOf } from "./values";

export type HistoryRedline = { blob: Blob; fileName: string; changes: number };

/** Defaults, and bracketed labels for texts that have none. */
export function sampleValues(snippet: Snippet | undefined): Values {
  const variables = snippet?.variables ?? [];
  const values = initialValues(variables);
  for (const v of variables) {
    const empty = values[v.name] === undefined || values[v.name] === "";
    if (empty && (v.type === "text" || v.type === "multiline")) values[v.name] = `[${labelOf(v)}]`;
  }
  return values;
}

export async function historyRedline(args: {
  engine: Engine;
  catalogue: Catalogue;
  id: string;
  from: number;
  to: number;
  locale: string;
  /** Who is signed in to the team library, if anyone: the changes' author (change-author.ts). */
  user?: string;
}): Promise<HistoryRedline> {
  const { engine, catalogue, id, from, to } = args;
  const version = (v: number) => catalogue.snippets.find((s) => s.id === id && s.version === v);
  // The newer version's variables name the values; the older one takes those it has.
  const values = { ...sampleValues(version(from)), ...sampleValues(version(to)) };
  const assembly = (v: number) => ({
    format: "sectionsmith/assembly@1",
    locale: args.locale,
    sections: [{ snippet: id, version: v, values }],
  });
  const result = await engine.exportRedline(catalogue, assembly(from), assembly(to), {
    as: "blob",
    shape: "document",
    author: changeAuthor(args.user, version(to)?.owner),
    names: { before: `${id}@${from}`, after: `${id}@${to}` },
  });
  const { insertions, deletions, formatting } = result.changes;
  return {
    blob: result.output,
    fileName: `${id}-v${from}-v${to}-redline.docx`,
    changes: insertions + deletions + formatting,
  };
}
