// Turns the outline into what Word receives. Fragment locations (cursor, selection, start, end) get ONE
// package built from the whole outline, each section inside it in its own block-level content control
// tagged "sectionsmith:<id>@<version>" (the engine writes them), so lists that "continue", footnotes and
// comments are numbered once, as in the downloaded file. Only past Word on the web's 4 MB limit is the
// outline split into several packages, the later ones continuing the count with explicit start values
// (the engine's NumberingCarry). Whole-document locations get one complete .docx with page setup,
// header and footer. Updating one inserted section (the inventory) gets a one-section package without
// a control of its own: it replaces the content of the control already in the document.

import type { AssemblyInput, Catalogue, Problem } from "../../engine/core";
import type { NumberingCarry, RefTarget } from "../../engine";
import { base64ByteLength } from "../host";
import type { Engine } from "../engine";
import type { InsertPiece } from "../host";
import { buildAssembly } from "../model/assembly";
import type { DocumentState } from "../model/document";
import type { SnippetRef } from "./use-library";

export type Built = { pieces: InsertPiece[]; warnings: Problem[] };

type Context = {
  engine: Engine;
  /** The libraries as the engine parsed them once (LibraryApi.catalogue). */
  catalogue: Catalogue;
  doc: DocumentState;
  lookup(id: string, version?: number): SnippetRef | undefined;
  onProgress(label: string): void;
};

// Building a package costs 40–130 ms and more for a long outline (styles, numbering, compile, zip;
// npm run bench:profile -- insert 10). The outline's packages are therefore built ahead while the pane
// is idle after each change (prebuildFragments, from useDocumentActions), and kept by what they were
// built from: the catalogue (a changed library is a new catalogue), the assembly and the day (dates
// and "stale" depend on it). An Insert takes one — once: each build draws the nonce its bookmark names
// and content-control ids come from, so a package handed to Word is never handed to it again (two
// inserts of the same bytes repeat both, and Word keeps only the last control of a repeated id). Two
// are kept ready for the outline, so an Insert right after another finds its own package built too; the
// one an Insert takes is replaced by a fresh build. Builds for one outline run one after the other,
// never side by side, so a click that comes while one is under way is not slowed by the next.
type Fragment = { base64: string; warnings: Problem[]; carry: NumberingCarry; hasToc: boolean };
type FragmentOptions = { contentControls: boolean };
const MAX_KEPT = 200;
/** Packages ready for the next Inserts of an outline (oldest first), by outline. */
const fragments = new WeakMap<Engine, WeakMap<Catalogue, Map<string, Array<Promise<Fragment>>>>>();
/** Builds that have finished: Insert shows no "Building…" progress for them (a render before Word gets the file). */
const finished = new WeakSet<Promise<Fragment>>();
/** How many packages of the outline are kept ready: the next Insert's, and the one after it. */
const READY = 2;

function queueFor(engine: Engine, catalogue: Catalogue, key: string): Array<Promise<Fragment>> {
  let byLibraries = fragments.get(engine);
  if (byLibraries === undefined) fragments.set(engine, (byLibraries = new WeakMap()));
  let kept = byLibraries.get(catalogue);
  if (kept === undefined) byLibraries.set(catalogue, (kept = new Map()));
  let queue = kept.get(key);
  if (queue === undefined) {
    kept.set(key, (queue = []));
    // Oldest first out: the outline being edited keeps its recent sections.
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  return queue;
}

const fragmentKey = (assembly: AssemblyInput, { contentControls }: FragmentOptions) =>
  JSON.stringify([new Date().toDateString(), assembly, contentControls]);

/**
 * Fills the outline's queue up to `size` packages, each build starting when the one before it (or
 * `after`) has settled. A failed build leaves the queue: Insert tries again (and reports the problems).
 */
function fill(
  engine: Engine,
  catalogue: Catalogue,
  assembly: AssemblyInput,
  { contentControls }: FragmentOptions,
  size: number,
  after?: Promise<unknown>,
): Array<Promise<Fragment>> {
  const queue = queueFor(engine, catalogue, fragmentKey(assembly, { contentControls }));
  while (queue.length < size) {
    const before = queue.at(-1) ?? after;
    const start = () =>
      engine
        .exportDocument(catalogue, assembly, { as: "base64", shape: "fragment", contentControls })
        .then((r) => ({ base64: r.output, warnings: r.warnings, carry: r.carry, hasToc: r.hasToc }));
    const building = before ? before.then(start, start) : start();
    queue.push(building);
    building.then(
      () => finished.add(building),
      () => {
        const at = queue.indexOf(building);
        if (at >= 0) queue.splice(at, 1);
      },
    );
  }
  return queue;
}

/**
 * The package for one hand-over to Word: the oldest one built ahead (or under way), taken out so that no
 * later hand-over gets the same bytes. `keep`: how many stay ready for the next Inserts after it.
 */
function takeFragment(
  engine: Engine,
  catalogue: Catalogue,
  assembly: AssemblyInput,
  options: FragmentOptions,
  keep: number,
): Promise<Fragment> {
  const queue = fill(engine, catalogue, assembly, options, 1);
  const taken = queue.shift()!;
  if (keep === 0) return taken;
  // Nothing left ready: the next Insert's package starts as soon as this one is built. Otherwise the
  // refill waits for a quiet moment: a build is a long task on the pane's thread, and one started at
  // the click held up the next click (an Insert right after another) by as long as it ran.
  if (queue.length === 0) fill(engine, catalogue, assembly, options, 1, taken);
  setTimeout(() => fill(engine, catalogue, assembly, options, keep, taken), REFILL_DELAY_MS);
  return taken;
}

/** After an Insert, how long the spare package waits: the user's next clicks come first. */
const REFILL_DELAY_MS = 2000;

const oneSection = (doc: DocumentState, i: number) =>
  buildAssembly([doc.sections[i]!], doc.settings, { whole: false });
const wholeOutline = (doc: DocumentState) => buildAssembly(doc.sections, doc.settings, { whole: false });
const INSERT: FragmentOptions = { contentControls: true };

/**
 * Builds (and keeps) the outline's insert package ahead of the click; `cancelled()` turning true (the
 * outline changed again) makes the result unwanted. Failures are left for Insert to report.
 */
export async function prebuildFragments(
  { engine, catalogue, doc }: Pick<Context, "engine" | "catalogue" | "doc">,
  cancelled: () => boolean,
): Promise<void> {
  if (cancelled()) return;
  const queue = fill(engine, catalogue, wholeOutline(doc), INSERT, 1);
  await queue[0]!.catch(() => undefined);
  // The one after it, for an Insert right after the next (built once the first is done).
  if (!cancelled()) fill(engine, catalogue, wholeOutline(doc), INSERT, READY);
}

/**
 * What an Insert at a fragment location hands Word: one package for the whole outline, its sections
 * in their own content controls — or, only when that package is larger than `maxBytes` (Word on the
 * web: 4 MB), consecutive runs of sections in several packages, each as large as fits, the later ones
 * continuing the numbering of the earlier ones (carry). A single section larger than the limit is
 * still returned alone: the size check then says which one.
 */
export async function buildInsert(ctx: Context, maxBytes: number | undefined): Promise<Built> {
  try {
    const built = await buildPackages(ctx, maxBytes);
    return {
      ...built,
      warnings: unique(built.warnings.map((w) => placed(w, ctx.doc, built.offsets.get(w) ?? 0))),
    };
  } catch (e) {
    // Problems point into an assembly of the outline (or of part of it): say which section they are about.
    const problems = (e as { problems?: Problem[] }).problems;
    const offset = (e as { offset?: number }).offset ?? 0;
    if (problems) (e as { problems: Problem[] }).problems = problems.map((p) => placed(p, ctx.doc, offset));
    throw e;
  }
}

/** A problem at sections[i] of an assembly that starts at outline section `offset`, named "Section n (title)". */
function placed(p: Problem, doc: DocumentState, offset: number): Problem {
  const i = p.place?.section;
  if (i === undefined || p.source) return p;
  const n = offset + i;
  const section = doc.sections[n];
  return section ? { ...p, source: `Section ${n + 1} (${section.title})` } : p;
}

async function buildPackages(
  ctx: Context,
  maxBytes: number | undefined,
): Promise<Built & { offsets: Map<Problem, number> }> {
  const offsets = new Map<Problem, number>();
  const { engine, catalogue, doc, onProgress } = ctx;
  const building = takeFragment(engine, catalogue, wholeOutline(doc), INSERT, READY);
  if (!finished.has(building)) onProgress("Building…");
  const whole = await building;
  const title = outlineTitle(doc, 0, doc.sections.length);
  if (maxBytes === undefined || base64ByteLength(whole.base64) <= maxBytes || doc.sections.length === 1) {
    return {
      pieces: [piece(whole, title, continueTags(ctx, 0, doc.sections.length))],
      warnings: whole.warnings,
      offsets,
    };
  }
  const pieces: InsertPiece[] = [];
  const warnings: Problem[] = [];
  let carry: NumberingCarry | undefined;
  // Headings of the packages before: a later package's {{ref}} to one is a field to its bookmark as
  // that package wrote it (a reference forward into a later package is still REF_TARGET_MISSING).
  let targets: Record<string, RefTarget> = {};
  for (let start = 0; start < doc.sections.length;) {
    let end = doc.sections.length;
    for (;;) {
      onProgress(`Building sections ${start + 1}–${end}…`);
      const assembly = buildAssembly(doc.sections.slice(start, end), doc.settings, { whole: false });
      const result = await engine
        .exportDocument(catalogue, assembly, {
          as: "base64",
          shape: "fragment",
          ...(carry ? { carry } : {}),
          outsideTargets: targets,
        })
        .catch((e: unknown) => {
          throw Object.assign(e as object, { offset: start });
        });
      if (base64ByteLength(result.output) <= maxBytes || end - start === 1) {
        const built = {
          base64: result.output,
          warnings: result.warnings,
          carry: result.carry,
          hasToc: result.hasToc,
        };
        pieces.push(piece(built, outlineTitle(doc, start, end), continueTags(ctx, start, end)));
        for (const w of result.warnings) offsets.set(w, start);
        warnings.push(...result.warnings);
        carry = result.carry;
        targets = { ...result.targets, ...targets }; // the first heading of a name keeps it, as in one build
        start = end;
        break;
      }
      end = start + Math.ceil((end - start) / 2);
    }
  }
  return { pieces, warnings, offsets };
}

const piece = (f: Fragment, title: string, continuing: string[]): InsertPiece => ({
  base64: f.base64,
  title,
  hasControls: true,
  ...(f.hasToc ? { hasToc: true } : {}),
  ...(continuing.length > 0 ? { continueTags: continuing } : {}),
});

/**
 * The content-control tags of outline sections start…end-1 that belong to the run of "continue"
 * sections at the start of the outline: at the cursor inside a numbered list of the document, these
 * continue its count (WordHost, InsertPiece.continueTags). The first section that restarts ends the run.
 */
function continueTags({ doc, lookup }: Context, start: number, end: number): string[] {
  const tags: string[] = [];
  for (let i = 0; i < end; i++) {
    const section = doc.sections[i]!;
    if (section.numbering !== "continue") break;
    if (i < start) continue;
    const version = lookup(section.snippet, section.version)?.snippet.version ?? section.version ?? 1;
    tags.push(`sectionsmith:${section.snippet}@${version}`);
  }
  return tags;
}

/** "Fees" for one section, "Sections 1–3" for several: what size and failure messages name. */
function outlineTitle(doc: DocumentState, start: number, end: number): string {
  return end - start === 1 ? doc.sections[start]!.title : `Sections ${start + 1}–${end}`;
}

/**
 * One package per section, without a content control of its own, tagged and titled for the control it
 * replaces: what updating an inserted section (the inventory) hands WordHost.replaceTaggedContent.
 */
export async function buildFragments({
  engine,
  catalogue,
  doc,
  lookup,
  onProgress,
}: Context): Promise<Built> {
  const pieces: InsertPiece[] = [];
  const warnings: Problem[] = [];
  const total = doc.sections.length;
  for (const [i, section] of doc.sections.entries()) {
    // Each fragment is a one-section assembly: its problems say sections[0]; they are about sections[i].
    const reindex = (p: Problem): Problem =>
      p.place?.section === 0
        ? {
            ...p,
            path: `sections[${i}]${p.path.slice("sections[0]".length)}`,
            place: { ...p.place, section: i },
          }
        : p;
    try {
      // Ready at once when built ahead; otherwise built now, one section after the other.
      const building = takeFragment(engine, catalogue, oneSection(doc, i), { contentControls: false }, 0);
      if (!finished.has(building)) onProgress(total === 1 ? "Building…" : `Building ${i + 1} of ${total}…`);
      const result = await building;
      const resolved = lookup(section.snippet, section.version)?.snippet;
      const version = resolved?.version ?? section.version ?? 1;
      pieces.push({
        base64: result.base64,
        tag: `sectionsmith:${section.snippet}@${version}`,
        title: resolved?.title ?? section.title,
      });
      warnings.push(...result.warnings.map(reindex));
    } catch (e) {
      // Problems point into a one-section assembly: say which section of the outline they are about.
      const problems = (e as { problems?: Problem[] }).problems;
      if (problems) (e as { problems: Problem[] }).problems = problems.map(reindex);
      throw e;
    }
  }
  return { pieces, warnings: unique(warnings) };
}

export async function buildWhole({ engine, catalogue, doc, onProgress }: Context): Promise<Built> {
  onProgress("Building…");
  const result = await engine.exportDocument(catalogue, buildAssembly(doc.sections, doc.settings), {
    as: "base64",
    shape: "document",
    onProgress: (p) =>
      onProgress(
        p.stage === "render" && p.total > 1
          ? `Building ${Math.min(p.done + 1, p.total)} of ${p.total}…`
          : "Building…",
      ),
  });
  const title = doc.settings.title.trim() || undefined;
  return {
    pieces: [{ base64: result.output, ...(title ? { title } : {}) }],
    warnings: unique(result.warnings),
  };
}

export function unique(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.source ?? ""}|${p.path}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
