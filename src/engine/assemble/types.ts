import type { Problem } from "../errors/problem";
import type { OutputForm, OutputOf } from "../pack/output";
import type { NumberingCarry } from "../render/numbering";
import type { RefTarget } from "../render/cross-refs";

export type { NumberingCarry, RefTarget };

/**
 * "document": a standalone .docx with everything (page setup, headers, footers, all styles).
 * "fragment": for inserting at the cursor of an open document — no section properties, no headers or
 * footers, and only the styles the content uses (Word piles up styles and drops headers on inserts).
 */
export type OutputShape = "document" | "fragment";

export type BuildStage = "validate" | "expand" | "render" | "pack";

export type BuildProgress = { stage: BuildStage; done: number; total: number };

export type BuildOptions = {
  shape?: OutputShape;
  /** The generation date ({{today}}, staleness); default now. */
  today?: Date;
  /** Treat warnings as errors. */
  strict?: boolean;
  /** Called as sections are processed, so a UI or CLI can show progress. */
  onProgress?: (progress: BuildProgress) => void;
  /** Check everything but write no file (what `sectionsmith validate` does with an assembly). */
  dryRun?: boolean;
  /**
   * Fragments only: wrap each section in its own block-level content control (w:sdt, tag
   * "sectionsmith:<id>@<version>", alias = the snippet's title). Default true; false for a piece that
   * replaces the content of a control already in the document.
   */
  contentControls?: boolean;
  /**
   * Where an earlier package of the same insert stopped counting (its result's `carry`): lists that
   * say "continue" and legal clause numbers go on from there with explicit start values.
   */
  carry?: NumberingCarry;
  /** A number that makes content control ids and bookmark names this build's own; default random. */
  nonce?: number;
  /**
   * Headings already in the document, by snippet id or {{anchor}} name, with their bookmark names as
   * the document has them: a {{ref}} to one that is not built here is a REF field to that bookmark
   * (showing `number`) instead of REF_TARGET_MISSING. What an Update in place and a later package of a
   * split insert pass (docs/templates.md, "Cross-references").
   */
  outsideTargets?: Readonly<Record<string, RefTarget>>;
  /**
   * Fragments only: bookmark names in the document that this build's headings take back instead of
   * new per-build names — the replaced section's own names in an Update in place, so references
   * elsewhere in the document still point at it. A built name "_Ref_fees" takes "_Ref_fees_k3x".
   */
  keepBookmarks?: readonly string[];
};

export type ExportOptions<F extends OutputForm> = BuildOptions & {
  as: F;
  /** File names to show in problems: one per library (same order), and the assembly's. */
  names?: { libraries?: readonly (string | undefined)[]; assembly?: string };
};

export type ExportResult<F extends OutputForm> = {
  output: OutputOf<F>;
  /** Warnings (draft/deprecated/stale snippets, removed characters, …): the build still succeeded. */
  warnings: Problem[];
  /** Provenance: "id@version" of every snippet used, in order (also in the sectionsmith.snippets property). */
  snippets: string[];
  /** Where the counting stands after the last section (pass as `carry` to build the next package). */
  carry: NumberingCarry;
  /** Whether the body has a table of contents (its field is written dirty; Word fills it in). */
  hasToc: boolean;
  /** The headings built here that {{ref}} can point at, with their bookmark names as written. */
  targets: Record<string, RefTarget>;
};
