// An update as tracked changes: the section as it was built (its old version with its values) and as it
// will be (the new version with the same values), compared by the engine into one insertable fragment
// whose differences are tracked (w:ins/w:del by word, w:pPrChange). WordHost puts it in with Track
// Changes off, so Word's Review pane shows exactly these changes, by the author named here.

import type { Catalogue, Problem } from "../../engine/core";
import type { RefTarget } from "../../engine";
import type { Engine } from "../engine";
import type { InsertPiece } from "../host";
import { buildAssembly } from "../model/assembly";
import type { DocumentSettings, OutlineSection } from "../model/document";

export type TrackedUpdate = {
  piece: InsertPiece;
  warnings: Problem[];
  /** What the old build reads like, paragraphs on lines: to compare with what the document holds now. */
  textBefore: string;
  changes: number;
};

export async function buildTrackedUpdate(args: {
  engine: Engine;
  catalogue: Catalogue;
  settings: DocumentSettings;
  before: OutlineSection;
  after: OutlineSection;
  author: string;
  tag: string;
  title: string;
  /** The document's headings its references may point at (outsideTargets). */
  outside?: Readonly<Record<string, RefTarget>>;
  /** The replaced section's bookmark names in the document, taken back (keepBookmarks). */
  keepBookmarks?: readonly string[];
}): Promise<TrackedUpdate> {
  const { engine, catalogue, settings, before, after } = args;
  const scope = { whole: false, intoDocument: true };
  const result = await engine.exportRedline(
    catalogue,
    buildAssembly([before], settings, scope),
    buildAssembly([after], settings, scope),
    {
      as: "base64",
      shape: "fragment",
      author: args.author,
      ...(args.outside ? { outsideTargets: args.outside } : {}),
      ...(args.keepBookmarks ? { keepBookmarks: args.keepBookmarks } : {}),
    },
  );
  const { insertions, deletions, formatting } = result.changes;
  return {
    piece: { base64: result.output, tag: args.tag, title: args.title },
    warnings: result.warnings,
    textBefore: result.text.before,
    changes: insertions + deletions + formatting,
  };
}

/**
 * The words and numbers of a text, in order: what a reader would call "the same text" whatever Word
 * does with paragraph marks, tabs, list labels' punctuation or spacing. Strict on purpose: a word the
 * user changed in Word counts as a difference.
 */
export function wordsOf(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The first word at which the document's text and the old build's part ways, for the message. */
export function firstDifference(inDocument: string, built: string): string | undefined {
  const a = wordsOf(inDocument).split(" ");
  const b = wordsOf(built).split(" ");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] ?? "(the end)";
  }
  return undefined;
}
