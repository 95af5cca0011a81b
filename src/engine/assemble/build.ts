import { errorsOf, problem, SectionsmithError, warningsOf, type Problem } from "../errors/problem";
import { parseAssembly } from "../model/parse-assembly";
import type { HeaderFooterSource, Snippet } from "../model/types";
import type { Block } from "../render/blocks";
import { DocumentState, documentSizeMessage, overDocumentSize } from "../render/context";
import { pageGeometry } from "../render/page";
import { renderSection } from "../render/section";
import { buildNonce } from "../render/nonce";
import { proofingLanguage } from "../render/language";
import type { NumberingCarry } from "../render/numbering";
import { createExpandBudget, FRAGMENT_MAX_WIDTH_TWIPS } from "../limits";
import { readMarkdownAt } from "../markdown/read";
import { fillHoles, HolesUnsound } from "./fill-holes";
import type { Root } from "mdast";
import type { BuildContext } from "./context";
import type { DocxSide } from "./docx-side";
import { catalogueOf, type Catalogue } from "./libraries";
import { unknownSnippets } from "./unknown-snippets";
import { prepareSection, prepareText, type Prepared } from "./prepare";
import type { BuildOptions } from "./types";
import { append } from "../append";
import { checkTerms } from "../terms/check";
import { termParagraphs } from "../terms/paragraphs";
import type { Value } from "../model/types";
import { bookmarkRenamer } from "../pack/bookmark-names";
import type { RefTarget } from "../render/cross-refs";

export type BuildResult = {
  bytes: Uint8Array;
  warnings: Problem[];
  snippets: string[];
  /** Where the counting stands after the last section: what a next package of a split insert continues. */
  carry: NumberingCarry;
  /** Whether the body has a table of contents ({{toc}}). */
  hasToc: boolean;
  /** Headings that references can point at, with their bookmark names as written (fragment: renamed). */
  targets: Record<string, RefTarget>;
};

export type BuildInput = {
  /** The catalogue (loadLibraries), or one library or several (later ones overlay earlier ones) as JSON text or values. */
  libraries: Catalogue | readonly unknown[];
  assembly: unknown;
  /** File names for problems, in the same order as `libraries`. */
  librarySources?: readonly (string | undefined)[];
  assemblySource?: string;
};

/**
 * library + assembly → .docx bytes. All input problems are collected first (every library, the
 * assembly, every section's values and template, every Markdown construct) and thrown together as a
 * SectionsmithError; nothing is packed unless the input is clean, so there is never partial output.
 * `side` renders with docx and packs (docx-side.ts, exportDocument), or, for a check without `pack`
 * (validateFile: a dry run), renders with stand-ins and never loads docx (render/docx-kit.ts).
 * `valueHoles` false expands every value as text (template/holes.ts): for the test that both agree.
 */
export async function buildDocx(
  input: BuildInput,
  options: BuildOptions,
  side: DocxSide,
  valueHoles = true,
): Promise<BuildResult> {
  const today = options.today ?? new Date();
  const shape = options.shape ?? "document";
  const progress = options.onProgress ?? (() => undefined);

  progress({ stage: "validate", done: 0, total: 1 });
  const libs = catalogueOf(input.libraries, input.librarySources);
  const parsedAssembly = parseAssembly(
    input.assembly,
    input.assemblySource === undefined ? {} : { source: input.assemblySource },
  );
  const problems: Problem[] = [...libs.problems, ...parsedAssembly.problems];
  if (!parsedAssembly.ok || errorsOf(problems).length > 0) {
    // Every problem at once: a broken library does not hide that the assembly names snippets no library has.
    if (parsedAssembly.ok)
      append(problems, unknownSnippets(parsedAssembly.value, libs).map(sourced(input.assemblySource)));
    throw new SectionsmithError(problems);
  }
  const assembly = parsedAssembly.value;

  const geometry = pageGeometry(assembly.page);
  const fragment = shape === "fragment";
  // Word keeps the host's styles on insert, so a fragment says its language on every run (language.ts).
  const runLanguage = fragment ? proofingLanguage(assembly.locale) : undefined;
  const state = new DocumentState({
    docx: side.kit,
    draftingNotes: assembly.options.draftingNotes,
    today,
    // A fragment lands on the host's page, not ours: pictures are capped to the narrower of the two.
    contentWidthTwips: fragment
      ? Math.min(geometry.contentWidth, FRAGMENT_MAX_WIDTH_TWIPS)
      : geometry.contentWidth,
    contentHeightTwips: geometry.contentHeight,
    fragment,
    ...(runLanguage ? { runLanguage } : {}),
    ...(options.carry ? { carry: options.carry } : {}),
    missingReferences: assembly.options.missingReferences,
    ...(options.outsideTargets ? { outsideTargets: options.outsideTargets } : {}),
  });
  // One number per build: content control ids (w:id) and bookmark names differ from earlier inserts'.
  // Only a fragment uses it: a document build does not load the platform's random source (WebCrypto
  // in Node: ≈1–2 ms of a CLI build) for a number it would not write.
  const nonce = options.nonce ?? (fragment ? buildNonce() : 0);
  const controls = fragment && options.contentControls !== false;
  const ctx: BuildContext = {
    assembly,
    libs,
    today,
    // One expansion budget for the whole document (limits.ts): many sections cannot multiply the limits.
    budget: createExpandBudget(),
    state,
    problems,
    snippets: [],
    assemblySource: input.assemblySource,
    valueHoles,
    terms: [],
  };
  const { snippets } = ctx;

  // Header and footer first: they stand at the top of every page, and list first in the provenance.
  const header = shape === "document" ? headerFooter(ctx, "header") : undefined;
  const footer = shape === "document" ? headerFooter(ctx, "footer") : undefined;

  const sections: Array<{ snippet: Snippet; blocks: Block[]; index: number }> = [];
  const total = assembly.sections.length;
  for (let i = 0; i < total; i++) {
    progress({ stage: "render", done: i, total });
    const blocks = bodySection(ctx, i);
    if (blocks === undefined) continue;
    sections.push({ ...blocks, index: i });
    // Past the size limit nothing more is rendered: the build fails, and the rest would only cost time.
    if (overDocumentSize(state)) {
      if (!state.sizeReported) {
        state.sizeReported = true;
        problems.push(
          problem({
            code: "LIMIT_DOCUMENT_SIZE",
            path: `sections[${i}]`,
            place: { section: i },
            message: documentSizeMessage(state, "By this section"),
          }),
        );
      }
      break;
    }
  }
  // Every heading is numbered now: references are checked, and their results known (cross-refs.ts).
  append(state.problems, state.refs.resolve());
  append(problems, state.problems.map(sourced(undefined)));
  // Defined terms are checked on the whole assembled text: a definition in one section covers the rest.
  if (options.checkTerms !== false && errorsOf(problems).length === 0)
    append(
      problems,
      checkTerms(ctx.terms ?? [], libs.snippets, { definitionsFirst: assembly.options.definitionsFirst }).map(
        sourced(input.assemblySource),
      ),
    );
  progress({ stage: "render", done: total, total });

  const errors = errorsOf(problems);
  const warnings = warningsOf(problems);
  if (errors.length > 0) throw new SectionsmithError(problems);
  if (options.strict && warnings.length > 0) {
    throw new SectionsmithError(
      warnings.map((w) => ({ ...w, severity: "error" as const })),
      `--strict: ${warnings.length} warning${warnings.length === 1 ? "" : "s"} treated as errors`,
    );
  }

  const carry = state.numbering.carry();
  const hasToc = state.hasToc;
  const keep = options.keepBookmarks ?? [];
  const rename = fragment ? bookmarkRenamer(state.refs.bookmarkNames(), nonce, keep) : (name: string) => name;
  const targets = Object.fromEntries(
    Object.entries(state.refs.builtTargets()).map(([name, t]) => [
      name,
      { ...t, bookmark: rename(t.bookmark) },
    ]),
  );
  if (options.dryRun || !side.pack)
    return { bytes: new Uint8Array(0), warnings, snippets, carry, hasToc, targets };
  progress({ stage: "pack", done: 0, total: 1 });
  const bytes = await side.pack({
    assembly,
    shape,
    geometry,
    state,
    sections,
    header,
    footer,
    snippets,
    today,
    nonce,
    keepBookmarks: keep,
    controls,
  });
  progress({ stage: "pack", done: 1, total: 1 });
  return { bytes, warnings, snippets, carry, hasToc, targets };
}

/** Section `i`: prepared (values, template), read (Markdown) and rendered; undefined when it has errors. */
function bodySection(ctx: BuildContext, i: number): { snippet: Snippet; blocks: Block[] } | undefined {
  const { assembly, state } = ctx;
  const section = assembly.sections[i]!;
  const { prepared, root } = readPrepared(ctx, (c) => prepareSection(c, i));
  append(ctx.problems, withSource(ctx, prepared.problems));
  if (!prepared.ok) return undefined;
  append(ctx.snippets, prepared.snippets);
  if (!root) return { snippet: prepared.snippet, blocks: [] };
  ctx.terms?.push({
    index: i,
    snippet: prepared.snippet.id,
    paragraphs: termParagraphs(root),
    locate: prepared.locate,
    // What the text says from values, defaults included: the user's words, not the library's terms.
    values: textsOf(prepared.values),
  });
  const blocks = renderSection(
    {
      root,
      locate: prepared.locate,
      notes: prepared.notes,
      sectionNote: prepared.snippet.notes,
      headingOffset: section.headingOffset,
      titleBlock: prepared.snippet.titleBlock === true,
      pageBreakBefore: section.pageBreakBefore,
      continueNumbering: section.numbering === "continue",
      numberHeadings: assembly.options.headingNumbering === "legal",
      snippetId: section.snippet,
      sectionIndex: i,
      commentAuthor: commentAuthor(prepared.snippet),
    },
    state,
  );
  return { snippet: prepared.snippet, blocks };
}

/**
 * A text prepared, read and its values put in. Where a kept tree shows its holes unsound for this text
 * (fill-holes.ts), the text is prepared and read again with the values written in, and the first read's
 * problems are dropped: the document is the one the values make, never a placeholder.
 */
function readPrepared(
  ctx: BuildContext,
  prepare: (c: BuildContext) => Prepared,
): { prepared: Prepared; root?: Root } {
  const { problems } = ctx.state;
  const before = problems.length;
  const prepared = prepare(ctx);
  if (!prepared.ok) return { prepared };
  const parsed = readMarkdownAt(prepared.markdown, prepared.locate, problems);
  if (!parsed) return { prepared };
  try {
    return { prepared, root: fillHoles(parsed, prepared.holes) };
  } catch (error) {
    if (!(error instanceof HolesUnsound)) throw error;
  }
  problems.length = before;
  const plain = prepare({ ...ctx, valueHoles: false });
  if (!plain.ok) return { prepared: plain };
  return { prepared: plain, root: readMarkdownAt(plain.markdown, plain.locate, problems) };
}

/** Problems name their file: the library their place names, else the assembly's file when known. */
const withSource = (ctx: BuildContext, list: Problem[]): Problem[] => list.map(sourced(ctx.assemblySource));

function headerFooter(ctx: BuildContext, which: "header" | "footer"): Block[] | undefined {
  const source: HeaderFooterSource | undefined = ctx.assembly[which];
  if (!source) return undefined;
  const { state } = ctx;
  const { prepared, root } = readPrepared(ctx, (c) => prepareText(c, which, source));
  append(ctx.problems, prepared.problems);
  if (!prepared.ok) return undefined;
  append(ctx.snippets, prepared.snippets);
  if (!root) return [];
  // A list in a header or footer is not "the previous section's list" for numbering: "continue".
  const lastOrdered = state.numbering.lastOrdered;
  const blocks = renderSection(
    {
      root,
      locate: prepared.locate,
      notes: [],
      headingOffset: 0,
      pageBreakBefore: false,
      continueNumbering: false,
      commentAuthor: "Sectionsmith",
      part: which,
    },
    state,
  );
  state.numbering.lastOrdered = lastOrdered;
  return blocks;
}

/** Every text in a section's values (list rows included), longest first. */
function textsOf(values: Readonly<Record<string, Value>>): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(add);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(add);
  };
  Object.values(values).forEach(add);
  return out.sort((a, b) => b.length - a.length);
}

const commentAuthor = (snippet: Snippet): string => snippet.owner ?? "Sectionsmith";

/**
 * The file a problem's path is in: the library its place names (a snippet body, wherever it was
 * included from), else the assembly's file when given.
 */
const sourced =
  (assemblySource: string | undefined) =>
  (p: Problem): Problem => {
    if (p.source) return p;
    const source = p.place?.library ?? assemblySource;
    return source ? { ...p, source } : p;
  };
