import { buildDocx, type BuildResult } from "../assemble/build";
import { DOCX_SIDE } from "../assemble/docx-side";
import { isCatalogue, type Catalogue } from "../assemble/libraries";
import type { BuildOptions, OutputShape } from "../assemble/types";
import { SectionsmithError, type Problem } from "../errors/problem";
import { wrapOutput, type OutputForm, type OutputOf } from "../pack/output";
import { clipName } from "../render/author-name";
import { redlinePackages } from "./redline";
import type { RevisionCounts } from "./revisions";

export type RedlineOptions<F extends OutputForm> = {
  as: F;
  /** "document" (default): a standalone .docx; "fragment": the insertable fragment, without content controls. */
  shape?: OutputShape;
  /** Who the tracked changes are by; default "Sectionsmith". */
  author?: string;
  /** The build's date: {{today}} on both sides, staleness, and every tracked change's date. Default now. */
  today?: Date;
  /** Warnings of the new version's build are errors. */
  strict?: boolean;
  /**
   * Fragments: the document's headings a reference may point at, and the bookmark names of the section
   * the redline replaces (BuildOptions.outsideTargets, keepBookmarks), for both sides alike.
   */
  outsideTargets?: BuildOptions["outsideTargets"];
  keepBookmarks?: BuildOptions["keepBookmarks"];
  /** File names for problems: the libraries', and each assembly's. */
  names?: { libraries?: readonly (string | undefined)[]; before?: string; after?: string };
  /** Check defined terms (default true); off for two versions of one snippet, which are no document. */
  checkTerms?: boolean;
};

export type RedlineResult<F extends OutputForm> = {
  output: OutputOf<F>;
  /** The new version's warnings (the old one is expected to be outdated). */
  warnings: Problem[];
  /** Provenance of the new version: "id@version" of every snippet it uses. */
  snippets: string[];
  /** How many insertions, deletions and property changes the redline tracks. */
  changes: RevisionCounts;
  author: string;
  /** The text of each side, paragraphs on lines: what the old build reads like, to compare with a document. */
  text: { before: string; after: string };
};

/**
 * Two assemblies (two versions of a snippet, two outlines, one section with other values) → a .docx in
 * which the difference is tracked: accepting every change gives the `after` document, rejecting every
 * change the `before` one. Both are built exactly as exportDocument builds them; problems in either are
 * thrown together as one SectionsmithError.
 */
export async function exportRedline<F extends OutputForm>(
  library: Catalogue | unknown,
  before: unknown,
  after: unknown,
  options: RedlineOptions<F>,
): Promise<RedlineResult<F>> {
  const libraries = isCatalogue(library) ? library : Array.isArray(library) ? library : [library];
  const today = options.today ?? new Date();
  const shape = options.shape ?? "document";
  const build = (assembly: unknown, source: string | undefined, strict: boolean) =>
    buildDocx(
      {
        libraries,
        assembly,
        librarySources: options.names?.libraries,
        ...(source === undefined ? {} : { assemblySource: source }),
      },
      // One nonce: bookmark names are the new build's either way (the old side's are not kept).
      {
        shape,
        today,
        strict,
        contentControls: false,
        nonce: 1,
        checkTerms: options.checkTerms !== false,
        ...(options.outsideTargets ? { outsideTargets: options.outsideTargets } : {}),
        ...(options.keepBookmarks ? { keepBookmarks: options.keepBookmarks } : {}),
      },
      DOCX_SIDE,
    );
  const results = await Promise.allSettled([
    build(before, options.names?.before, false),
    build(after, options.names?.after, options.strict === true),
  ]);
  const problems: Problem[] = [];
  for (const r of results) {
    if (r.status === "rejected") {
      if (!(r.reason instanceof SectionsmithError)) throw r.reason;
      problems.push(...r.reason.problems);
    }
  }
  if (problems.length > 0) throw new SectionsmithError(problems);
  const [old, now] = results.map((r) => (r as PromiseFulfilledResult<BuildResult>).value) as [
    BuildResult,
    BuildResult,
  ];
  const author = clipName(options.author?.trim() || "Sectionsmith");
  const merged = redlinePackages(old.bytes, now.bytes, { author, date: today });
  return {
    output: wrapOutput(merged.bytes, options.as),
    warnings: now.warnings,
    snippets: now.snippets,
    changes: merged.counts,
    author,
    text: merged.text,
  };
}
