import type { Problem, ProblemPlace } from "../errors/problem";
import type { ExpandBudget } from "../limits";
import type { Snippet, Values, Variable } from "../model/types";

/** Where a character of expanded Markdown came from. */
export type SourceLocation = {
  /** JSON path of the body it came from, e.g. "snippets[4].body" (or "footer.text"). */
  path: string;
  /** 1-based line and column inside that body. */
  line: number;
  column: number;
  /** The snippet (and its library) the body belongs to, when known: what the problem's `place` says. */
  place?: ProblemPlace;
};

/** Maps an offset in the expanded Markdown back to the template text that produced it. */
export type SourceMap = {
  locate(offset: number): SourceLocation;
};

/** A snippet found by id (and optionally version), with its JSON path in the library. */
export type SnippetLookup = (
  id: string,
  version?: number,
) => { snippet: Snippet; path: string; place?: ProblemPlace } | undefined;

export type ExpandInput = {
  /** The template text (a snippet body, or a header/footer `text`). */
  body: string;
  /** JSON path of `body`, used in problems and the source map: "snippets[4].body". */
  path: string;
  /** The snippet (and library) `body` belongs to, for problems' places; absent for inline text. */
  place?: ProblemPlace;
  /** The id of the snippet being expanded (for include-cycle detection); absent for inline text. */
  snippetId?: string;
  /** Every variable visible to the template: the snippet's own and those of its includes. */
  variables: ReadonlyMap<string, Variable>;
  /** Values already validated, with defaults applied (see model/values). */
  values: Values;
  /** JSON path where the values came from, for problems: "sections[2].values". */
  valuesPath: string;
  lookup: SnippetLookup;
  /** BCP 47 locale for formatting numbers, currencies and dates. */
  locale: string;
  /** The generation date, for {{today}} (a parameter so builds are reproducible). */
  today: Date;
  /**
   * What expansion may spend (steps, characters): pass one budget to every expansion of a document so
   * the limits hold for the document as a whole. Default: a fresh budget for this expansion alone.
   */
  budget?: ExpandBudget;
  /** What the text is, in problems about the values it uses: 'section 2 ("Fees")', "the header". */
  usedIn?: string;
  /**
   * Write values as holes where that is sound (holes.ts): `markdown` then holds placeholders, and
   * `holes` their values, for assemble/fill-holes.ts to put into the parsed tree. Off by default.
   */
  holes?: boolean;
};

export type ExpandResult = {
  /** Markdown with sentinels (see sentinels.ts). Values are escaped: they are always literal text. */
  markdown: string;
  map: SourceMap;
  /** Texts of {{#note "…"}} blocks; the sentinel index is the position in this array. */
  notes: string[];
  /** Snippets pulled in with {{> id}}, in first-use order, as "id@version". */
  includes: string[];
  /** The escaped values written as holes (only with `holes`), by the index their placeholders carry. */
  holes: string[];
  /**
   * The names of `variables` whose value is written out ({{name}}) in the branches the values take, in
   * first-use order — empty or not. A variable used only in a branch not taken is not listed: the pane
   * requires a value exactly where the text will show it.
   */
  used: string[];
  problems: Problem[];
};
