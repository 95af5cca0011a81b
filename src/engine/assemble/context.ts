import type { Problem } from "../errors/problem";
import type { ExpandBudget } from "../limits";
import type { Assembly } from "../model/types";
import type { DocumentState } from "../render/context";
import type { LoadedLibraries } from "./libraries";
import type { TermSection } from "../terms/check";

/**
 * One build's context: what every step between the validated input and the rendered blocks reads
 * (the assembly, the libraries, the day) and what they add to (the shared expansion budget, the
 * document's rendering state, the problems found, the snippets used). build.ts makes one per build and
 * hands it to prepare.ts and the renderer instead of eight to ten loose parameters.
 */
export type BuildContext = {
  readonly assembly: Assembly;
  readonly libs: LoadedLibraries;
  /** The build's day: dates, {{today}} and whether a snippet is stale. */
  readonly today: Date;
  /** Shared by every section, header and footer: the expansion limits hold for the document (limits.ts). */
  readonly budget: ExpandBudget;
  /** Numbering, notes, comments and pictures of the whole document (render/context.ts). */
  readonly state: DocumentState;
  /** Every problem found so far, in the order found. */
  readonly problems: Problem[];
  /** "id@version" of each snippet used, in document order (the provenance property). */
  readonly snippets: string[];
  /** The assembly's file name, for problems about it. */
  readonly assemblySource?: string | undefined;
  /** Expand values as holes where sound (template/holes.ts); off only to compare the two in tests. */
  readonly valueHoles: boolean;
  /** Each rendered section's paragraphs, for the defined-terms check once all are read (terms/check.ts). */
  readonly terms?: TermSection[];
};
