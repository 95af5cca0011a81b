import { errorsOf, problem, SectionsmithError, type Problem } from "../errors/problem";
import { parseAssembly } from "../model/parse-assembly";
import { parseLibrary, type ParseResult } from "../model/parse-library";
import { load } from "../model/parse-common";
import { looseSnippetsAt, type LooseSnippet } from "../model/loose-snippets";
import { placeInLibrary } from "../model/place";
import { isCatalogue, type Catalogue } from "./libraries";
import { selectSnippet } from "../model/select";
import type { Library } from "../model/types";
import { DocumentState } from "../render/context";
import { renderSection } from "../render/section";
import { readMarkdownAt } from "../markdown/read";
import { checkTemplate, collectVariables } from "../template";
import type { SnippetLookup } from "../template/types";
import { buildDocx } from "./build";
import { CHECK_KIT } from "../render/check-kit";
import { append } from "../append";
import { expandedCost, formatCount, MAX_SECTION_EXPANDED_SIZE, SECTION_EXPANDED_SIZE_PAGES } from "../limits";
import { libraryWeightProblem } from "../limits-check";

/**
 * A library checked as deeply as it can be without values: its structure, every body's template
 * (syntax, unknown variables, includes and cycles) and every body's Markdown (links, HTML, images).
 * This is what `sectionsmith validate` and the authoring editor report.
 */
export function validateLibrary(input: unknown, options: { source?: string } = {}): ParseResult<Library> {
  const parsed = parseLibrary(input, options);
  // Every problem at once: when fields have errors, the snippets are still checked as far as they can
  // be read (model/loose-snippets.ts), so a bad id does not hide an include cycle or a bad link.
  let raw: unknown;
  let entries: LooseSnippet[];
  if (parsed.ok) {
    raw = parsed.value;
    entries = parsed.value.snippets.map((snippet, index) => ({ index, snippet, unreadable: new Set<string>(), partial: false }));
  } else {
    const loaded = load(input, "library");
    if (!loaded.ok) return parsed;
    raw = loaded.value;
    entries = looseSnippetsAt(raw);
  }
  const snippets = entries.map((e) => e.snippet);
  const paths = new Map(entries.map((e) => [e.snippet, `snippets[${e.index}]`]));
  const lookup: SnippetLookup = (id, version) => {
    const snippet = selectSnippet(snippets, id, version);
    return snippet ? { snippet, path: paths.get(snippet)! } : undefined;
  };
  const problems: Problem[] = [...parsed.problems];
  // Checking every body of an enormous library would cost what the limit exists to prevent.
  const tooLarge = libraryWeightProblem(snippets, 1);
  if (tooLarge) {
    const all = [...problems, tooLarge].map((p) => (options.source && !p.source ? { ...p, source: options.source } : p));
    return { ok: false, problems: all };
  }
  const found: Problem[] = [];
  for (const { index: k, snippet, unreadable, partial } of entries) {
    const path = `snippets[${k}]`;
    const before = found.length;
    const collected = collectVariables(snippet, path, lookup);
    append(found, collected.problems);
    found.push(
      ...checkTemplate({
        body: snippet.body,
        path: `${path}.body`,
        snippetId: snippet.id,
        variables: collected.variables,
        lookup,
        // Declared, with errors of their own (reported above): not unknown.
        declared: unreadable,
      }),
    );
    // A variable whose name cannot be read may be any name: "unknown variable" would only guess.
    if (partial)
      found.splice(
        before,
        found.length - before,
        ...found.slice(before).filter((p) => p.code !== "TEMPLATE_UNKNOWN_VARIABLE"),
      );
    append(found, checkMarkdown(snippet.body, `${path}.body`));
  }
  append(problems, placeInLibrary(found, raw, options.source));
  const withSource = options.source
    ? problems.map((p) => (p.source ? p : { ...p, source: options.source }))
    : problems;
  const unique = dedupe(withSource);
  return !parsed.ok || errorsOf(unique).length > 0
    ? { ok: false, problems: unique }
    : { ok: true, value: parsed.value, problems: unique };
}

/** Markdown problems in a raw body (template tags still in it), at their line and column. */
export function checkMarkdown(body: string, path: string): Problem[] {
  const starts = [0];
  for (let i = 0; i < body.length; i++) if (body[i] === "\n") starts.push(i + 1);
  const locate = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { path, line: lo + 1, column: offset - starts[lo]! + 1 };
  };
  // A body's own text is always expanded: one over the expanded-size limit fails every build, and
  // rendering it here would cost what the limit exists to prevent (a 358,000-character one-row table
  // took 17 s to validate). Say so instead, as the build does.
  if (expandedCost(body) > MAX_SECTION_EXPANDED_SIZE) {
    return [
      problem({
        code: "LIMIT_EXPANDED_SIZE",
        ...locate(0),
        message: `this body alone is more than Sectionsmith builds in one section (${formatCount(MAX_SECTION_EXPANDED_SIZE)}: characters plus a weight per line, list item, cell, link and mark-up, ${SECTION_EXPANDED_SIZE_PAGES}); split it into several snippets`,
      }),
    ];
  }
  const state = new DocumentState({
    docx: CHECK_KIT,
    draftingNotes: false,
    today: new Date(),
    contentWidthTwips: 9000,
    rawTemplate: true,
  });
  const root = readMarkdownAt(body, locate, state.problems);
  if (!root) return state.problems;
  renderSection(
    {
      root,
      locate,
      notes: [],
      headingOffset: 0,
      pageBreakBefore: false,
      continueNumbering: false,
      commentAuthor: "",
    },
    state,
  );
  return state.problems;
}

const dedupe = (problems: Problem[]): Problem[] => {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.path}|${p.line}|${p.column}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export type FileKind = "library" | "assembly";

/**
 * Validates a library or an assembly file (recognised by its "format"); with libraries (a catalogue
 * from loadLibraries, or library JSON), an assembly is checked in full.
 */
export async function validateFile(
  input: unknown,
  options: {
    source?: string;
    libraries?: Catalogue | readonly unknown[];
    librarySources?: readonly (string | undefined)[];
  } = {},
): Promise<{ kind?: FileKind; problems: Problem[] }> {
  const kind = detectKind(input);
  const named = options.source === undefined ? {} : { source: options.source };
  if (kind === "assembly") {
    if (!options.libraries || (!isCatalogue(options.libraries) && options.libraries.length === 0))
      return { kind, problems: parseAssembly(input, named).problems };
    try {
      const result = await buildDocx(
        {
          libraries: options.libraries,
          assembly: input,
          librarySources: options.librarySources,
          assemblySource: options.source,
        },
        { dryRun: true },
        { kit: CHECK_KIT },
      );
      return { kind, problems: result.warnings };
    } catch (error) {
      if (error instanceof SectionsmithError) return { kind, problems: error.problems };
      throw error;
    }
  }
  // A library, or something unrecognisable: the library parser says what is wrong with it.
  return { ...(kind ? { kind } : {}), problems: validateLibrary(input, named).problems };
}

function detectKind(input: unknown): FileKind | undefined {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input.replace(/^\uFEFF/, ""));
    } catch {
      return undefined;
    }
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format === "sectionsmith/assembly@1") return "assembly";
  if (format === "sectionsmith/library@1") return "library";
  return undefined;
}
