import { errorsOf, placeAt, type Problem, type ProblemPlace } from "../errors/problem";
import { resolveValues } from "../model/values";
import { findSnippet } from "../model/select";
import type {
  HeaderFooterSource,
  Snippet,
  SnippetKind,
  Value,
  Values,
  Variable,
  VariableType,
} from "../model/types";
import { collectVariables, expandTemplate } from "../template";
import type { SourceLocation } from "../template/types";
import type { LoadedLibraries } from "./libraries";
import type { BuildContext } from "./context";
import { append } from "../append";

/** A section (or header/footer) resolved, validated and expanded to Markdown, ready to render. */
export type Prepared =
  | {
      ok: true;
      snippet: Snippet;
      /** The expanded Markdown, with holes for values where that is sound (template/holes.ts). */
      markdown: string;
      /** The holes' values (escaped), for assemble/fill-holes.ts. */
      holes: string[];
      /** The values the text was expanded with: given, or a variable's default. */
      values: Values;
      locate: (offset: number) => SourceLocation;
      notes: string[];
      /** "id@version" of the snippet and everything it includes. */
      snippets: string[];
      problems: Problem[];
    }
  | { ok: false; problems: Problem[] };

const ref = (s: Snippet): string => `${s.id}@${s.version}`;

/** The snippet a section (or header/footer) names, its place in its library, and its governance warnings. */
function locate(
  libs: LoadedLibraries,
  ref: { id: string; version?: number },
  at: string,
  kind: SnippetKind,
  today: Date,
): { snippet: Snippet; path: string; problems: Problem[] } | { problems: Problem[] } {
  const found = findSnippet(libs.snippets, ref, at, { today, kind, byId: libs.byId });
  if (!found.snippet) return { problems: found.problems };
  return { snippet: found.snippet, path: libs.home.get(found.snippet)!.path, problems: found.problems };
}

/** What expand() turns into Markdown: a snippet's body (or a header's inline text) and its values. */
type Target = {
  snippet: Snippet;
  snippetPath: string;
  body: string;
  bodyPath: string;
  /** Value layers, later ones over earlier ones; the last one's path is where problems point. */
  layers: Array<{ values: Values; path: string; warnUnknown?: boolean }>;
  /** Variables the body may use besides its snippet's own (inline header and footer text). */
  extraVariables?: Variable[];
  /** What the expanded text is, for problems about its values: 'section 2 ("Fees")', "the header". */
  usedIn: string;
};

function expand(ctx: BuildContext, target: Target): Prepared {
  const { libs, assembly, today, budget } = ctx;
  const { snippet, layers } = target;
  const home = libs.home.get(snippet);
  // The snippet's place for its problems (inline header/footer text has none: it is in the assembly).
  const place: ProblemPlace | undefined = home && {
    ...(home.source ? { library: home.source } : {}),
    snippet: snippet.id,
    version: snippet.version,
  };
  const collected = collectVariables(snippet, target.snippetPath, libs.lookup);
  if (place) collected.problems = placeAt(collected.problems, target.snippetPath, place);
  const variables = new Map(collected.variables);
  for (const v of target.extraVariables ?? []) if (!variables.has(v.name)) variables.set(v.name, v);
  const resolved = resolveValues([...variables.values()], layers);
  const problems = [...collected.problems, ...resolved.problems];
  if (errorsOf(problems).length > 0) return { ok: false, problems };
  const expanded = expandTemplate({
    body: target.body,
    path: target.bodyPath,
    ...(place ? { place } : {}),
    snippetId: snippet.id,
    variables,
    values: resolved.values,
    valuesPath: layers[layers.length - 1]!.path,
    lookup: libs.lookup,
    locale: assembly.locale,
    today,
    budget,
    usedIn: target.usedIn,
    holes: ctx.valueHoles,
  });
  append(problems, expanded.problems);
  if (errorsOf(expanded.problems).length > 0) return { ok: false, problems };
  problems.push(...includeWarnings(expanded.includes, snippet, libs, layers[layers.length - 1]!.path, today));
  return {
    ok: true,
    snippet,
    markdown: expanded.markdown,
    holes: expanded.holes,
    values: resolved.values,
    locate: (offset) => expanded.map.locate(offset),
    notes: expanded.notes,
    snippets: [ref(snippet), ...expanded.includes.filter((r) => r !== ref(snippet))],
    problems,
  };
}

/**
 * An included snippet is content too: a draft, deprecated or stale one is warned about like a section's
 * own snippet, at the section (where the user can act), naming the snippet that includes it.
 */
function includeWarnings(
  includes: readonly string[],
  parent: Snippet,
  libs: LoadedLibraries,
  valuesPath: string,
  today: Date,
): Problem[] {
  const at = valuesPath.replace(/\.values$/, "").replace(/^values$/, "");
  const out: Problem[] = [];
  for (const key of includes) {
    const snippet = libs.snippets.find((s) => ref(s) === key);
    if (!snippet || snippet === parent) continue;
    // Includes always take the selected version (never pinned), so look it up as such.
    const found = findSnippet([snippet], { id: snippet.id }, at, { today });
    for (const p of found.problems) out.push({ ...p, message: `${p.message} (included by "${parent.id}")` });
  }
  return out;
}

/** Section `index` of the build's assembly, resolved, validated and expanded (the budget is the document's). */
export function prepareSection(ctx: BuildContext, index: number): Prepared {
  const { assembly, libs, today } = ctx;
  const section = assembly.sections[index]!;
  const at = `sections[${index}]`;
  const found = locate(
    libs,
    { id: section.snippet, ...(section.version === undefined ? {} : { version: section.version }) },
    at,
    "body",
    today,
  );
  if (!("snippet" in found)) return { ok: false, problems: placeAt(found.problems, at, { section: index }) };
  const result = expand(ctx, {
    snippet: found.snippet,
    snippetPath: found.path,
    body: found.snippet.body,
    bodyPath: `${found.path}.body`,
    layers: [
      { values: assembly.values, path: "values" },
      { values: section.values ?? {}, path: `${at}.values`, warnUnknown: true },
    ],
    usedIn: `section ${index + 1} ("${found.snippet.title}")`,
  });
  const problems = placeAt([...found.problems, ...result.problems], at, { section: index });
  // A value the text uses is the section's to give (template/gaps.ts): the problem's place says which.
  return {
    ...result,
    problems: problems.map((p) =>
      GAP_CODES.has(p.code) ? { ...p, place: { ...p.place, section: index } } : p,
    ),
  };
}

const GAP_CODES: ReadonlySet<string> = new Set(["VALUE_MISSING_HERE", "VALUE_EMPTY_IN_SENTENCE"]);

const typeOf = (value: Value): VariableType =>
  Array.isArray(value)
    ? "list"
    : typeof value === "number"
      ? "number"
      : typeof value === "boolean"
        ? "boolean"
        : "text";

/**
 * A header or footer: a snippet (with the assembly's values and its own), or inline Markdown `text`
 * that may use any of the assembly's values. Drafting-note ranges are dropped: Word has no comments
 * in headers and footers.
 */
export function prepareText(
  ctx: BuildContext,
  which: "header" | "footer",
  source: HeaderFooterSource,
): Prepared {
  const { assembly, libs, today } = ctx;
  let result: Prepared;
  let found: { problems: Problem[] } = { problems: [] };
  if ("snippet" in source) {
    found = locate(libs, { id: source.snippet }, which, which, today);
    if (!("snippet" in found)) return { ok: false, problems: found.problems };
    const f = found as { snippet: Snippet; path: string; problems: Problem[] };
    result = expand(ctx, {
      snippet: f.snippet,
      snippetPath: f.path,
      body: f.snippet.body,
      bodyPath: `${f.path}.body`,
      layers: [
        { values: assembly.values, path: "values" },
        { values: source.values ?? {}, path: `${which}.values`, warnUnknown: true },
      ],
      usedIn: `the ${which}`,
    });
  } else {
    // Inline text has no variable definitions of its own: the assembly's values stand in, typed by their JSON type.
    const pseudo: Snippet = {
      id: which,
      version: 1,
      title: which,
      tags: [],
      status: "approved",
      kind: which,
      variables: [],
      body: source.text,
    };
    const extraVariables: Variable[] = Object.entries(assembly.values).map(([name, value]) => ({
      name,
      type: typeOf(value),
      required: false,
      ...(Array.isArray(value) ? { fields: fieldsOf(value) } : {}),
    }));
    result = expand(ctx, {
      snippet: pseudo,
      snippetPath: which,
      body: source.text,
      bodyPath: `${which}.text`,
      layers: [{ values: assembly.values, path: "values" }],
      extraVariables,
      usedIn: `the ${which}`,
    });
    if (result.ok) result = { ...result, snippets: result.snippets.filter((r) => r !== `${which}@1`) };
  }
  const problems = [...found.problems, ...result.problems];
  if (!result.ok) return { ok: false, problems };
  return { ...result, markdown: stripNotes(result.markdown), notes: [], problems };
}

/**
 * The fields of a list value that no snippet declares, typed by their values (as typeOf does for whole
 * values): typing every field "text" made a list with a number or true/false field a VALUE_TYPE error
 * as soon as a header or footer was inline text (found by the fuzz tests). A field whose items disagree
 * takes its first item's type, so the odd one out is reported where it is.
 */
function fieldsOf(items: readonly Record<string, unknown>[]): Variable[] {
  const types = new Map<string, VariableType>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (!types.has(name))
        types.set(
          name,
          typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "text",
        );
    }
  }
  return [...types].map(([name, type]) => ({ name, type, required: false }));
}

// Drafting-note ranges, page breaks and tables of contents belong to the body, not to headers and footers.
const BODY_ONLY = /\uFDD3\d+\uFDD4|\uFDD5\d+\uFDD4|\uFDD6|\uFDD7/g;
const stripNotes = (markdown: string): string => markdown.replace(BODY_ONLY, "");
