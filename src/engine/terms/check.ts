import { problem, type Problem, type ProblemPlace } from "../errors/problem";
import type { ProblemCode } from "../errors/codes";
import type { Snippet } from "../model/types";
import type { SourceLocation } from "../template/types";
import type { TermParagraph } from "./paragraphs";
import {
  findDefinitions,
  findTermLikeUses,
  findUses,
  isFormOf,
  type Definition,
  type TermSpan,
} from "./recognise";
import { libraryDefinitions } from "./library";

/** One section of the assembly as the check reads it. */
export type TermSection = {
  index: number;
  snippet: string;
  paragraphs: TermParagraph[];
  locate: (offset: number) => SourceLocation;
  /** The section's values as text: a value is the user's words, never a term the library must define. */
  values: string[];
};

export type TermOptions = { definitionsFirst: boolean };

type At = { section: TermSection; paragraph: number; span: TermSpan };

/**
 * The defined-terms check of an assembly (issue 32): terms used but not defined in it (defined in a
 * snippet the assembly leaves out, or used as a term with no definition at all), defined but never
 * used, defined twice with different wording, and — when definitions come first — used before the
 * clause that defines them. Every problem is a warning with its place.
 */
export function checkTerms(
  sections: readonly TermSection[],
  library: readonly Snippet[],
  options: TermOptions,
): Problem[] {
  const definitions = new Map<string, Array<At & { definition: Definition }>>();
  const perParagraph = new Map<TermParagraph, Definition[]>();
  for (const section of sections)
    section.paragraphs.forEach((p, paragraph) => {
      const found = p.heading ? [] : findDefinitions(p);
      perParagraph.set(p, found);
      for (const d of found) {
        const list = definitions.get(d.term) ?? [];
        list.push({ section, paragraph, span: d, definition: d });
        definitions.set(d.term, list);
      }
    });
  const elsewhere = libraryDefinitions(library);
  const inAssembly = new Set(sections.map((s) => s.snippet));
  const outside = [...elsewhere.keys()].filter(
    (t) => !definitions.has(t) && [...elsewhere.get(t)!].some((id) => !inAssembly.has(id)),
  );
  const terms = [...definitions.keys(), ...outside];

  const problems: Problem[] = [];
  const uses = new Map<string, At[]>();
  // Capitalised phrases used like terms with no definition: the first place, how often, and whether
  // quotes or bold mark one (then once is enough; after "the" alone it must come back).
  const candidates = new Map<string, { at: At; count: number; marked: boolean }>();
  for (const section of sections)
    section.paragraphs.forEach((p, paragraph) => {
      const own = perParagraph.get(p)!;
      const masked = maskValues(p.text, section.values);
      // A value may say a defined term (a definitions list's own terms): a use, unlike a value's other
      // capitalised words, which are the user's names and never a term the library must define.
      for (const span of findUses(p.text, terms)) {
        if (own.some((d) => d.term === span.term && d.start === span.start)) continue;
        const list = uses.get(span.term) ?? [];
        list.push({ section, paragraph, span });
        uses.set(span.term, list);
      }
      // A heading is a label; so is a table's label (a definition of the "table" form, skipped as own).
      if (p.heading) return;
      for (const span of findTermLikeUses({ text: masked, bold: p.bold }, own)) {
        // The term, its plural, or the singular of a term defined in the plural ("Deliverables").
        if (terms.some((t) => isFormOf(span.term, t) || isFormOf(t, span.term))) continue;
        const seen = candidates.get(span.term);
        if (seen) seen.count++;
        else candidates.set(span.term, { at: { section, paragraph, span }, count: 1, marked: false });
        if (span.by !== "the") candidates.get(span.term)!.marked = true;
      }
    });

  for (const [term, c] of candidates)
    if (c.marked || c.count > 1)
      problems.push(
        warn(
          "TERM_UNDEFINED",
          c.at,
          `“${term}” is used as a defined term, but nothing in this assembly defines it`,
        ),
      );
  for (const term of outside) {
    const first = uses.get(term)?.[0];
    if (!first) continue;
    const ids = [...elsewhere.get(term)!].filter((id) => !inAssembly.has(id));
    problems.push(
      warn(
        "TERM_DEFINED_ELSEWHERE",
        first,
        `“${term}” is used but defined only in ${ids.map((id) => `“${id}”`).join(", ")}, which this assembly does not include`,
      ),
    );
  }
  for (const [term, all] of definitions) {
    // A label in a key-terms table defines its term for the rest, but is no drafting definition: it
    // need not be used again, and a table may name it twice.
    const list = all.filter((d) => d.definition.form !== "table");
    const first = list[0] ?? all[0]!;
    // A use of another term that is this one's plural ("Restricted Transfers", a table label) uses it.
    const used = [...uses.keys()].some((t) => isFormOf(t, term));
    if (list.length > 0 && !used)
      problems.push(warn("TERM_UNUSED", first, `“${term}” is defined but never used`));
    const other = list.find((d) => d.definition.wording !== first.definition.wording);
    if (other)
      problems.push(
        warn(
          "TERM_DEFINED_TWICE",
          other,
          `“${term}” is defined again with different wording (first defined in section ${first.section.index + 1}, paragraph ${first.paragraph + 1})`,
        ),
      );
    const before = options.definitionsFirst ? uses.get(term)?.find((u) => earlier(u, first)) : undefined;
    if (before)
      problems.push(
        warn(
          "TERM_USED_BEFORE_DEFINITION",
          before,
          `“${term}” is used before its definition (section ${first.section.index + 1}, paragraph ${first.paragraph + 1})`,
        ),
      );
  }
  return problems.sort((a, b) => order(a) - order(b));
}

const earlier = (a: At, b: At): boolean =>
  a.section.index !== b.section.index
    ? a.section.index < b.section.index
    : a.paragraph !== b.paragraph
      ? a.paragraph < b.paragraph
      : a.span.start < b.span.start;

const order = (p: Problem): number =>
  (p.place?.section ?? 0) * 1e9 + (p.place?.paragraph ?? 0) * 1e5 + (p.place?.offset ?? 0);

/** Values' text blanked out (same length, so places stay right). */
function maskValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) {
    if (v.trim().length < 2) continue;
    out = out.split(v).join(" ".repeat(v.length));
  }
  return out;
}

function warn(code: ProblemCode, at: At, message: string): Problem {
  const { section, paragraph, span } = at;
  const md = section.paragraphs[paragraph]!.offsetOf(span.start);
  const loc = md === undefined ? undefined : section.locate(md);
  const place: ProblemPlace = {
    ...(loc?.place ?? { snippet: section.snippet }),
    section: section.index,
    paragraph: paragraph + 1,
    offset: span.start,
  };
  return problem({
    code,
    path: loc?.path ?? `sections[${section.index}]`,
    ...(loc ? { line: loc.line, column: loc.column } : {}),
    place,
    message: `${message} (section ${section.index + 1}, paragraph ${paragraph + 1}, character ${span.start + 1})`,
  });
}
