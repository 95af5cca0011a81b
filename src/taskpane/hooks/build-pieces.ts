// Turns the outline into what Word receives. Fragments (cursor, selection, start, end) are built one
// section at a time so each lands in its own content control tagged "sectionsmith:<id>@<version>";
// whole-document locations get one complete .docx with page setup, header and footer.

import type { Problem } from "../../engine/core";
import type { Engine } from "../engine";
import type { InsertPiece } from "../host";
import { buildAssembly } from "../model/assembly";
import type { DocumentState } from "../model/document";
import type { SnippetRef } from "./use-library";

export type Built = { pieces: InsertPiece[]; warnings: Problem[] };

type Context = {
  engine: Engine;
  libraries: unknown[];
  libraryNames: string[];
  doc: DocumentState;
  lookup(id: string, version?: number): SnippetRef | undefined;
  onProgress(label: string): void;
};

// Insert hands Word one fragment package per section, and building one costs 40–130 ms (a docx
// package each: styles, numbering, compile, zip; npm run bench:profile -- insert 10), so ten sections
// took 0.9–2 s after the click. Fragments are therefore built ahead, one section at a time while the
// pane is idle after each change (prebuildFragments, from useDocumentActions), and kept by what they
// were built from: the library objects (the pane replaces, never edits, a library), the one-section
// assembly, the library names and the day (dates and "stale" depend on it). Insert then reuses them
// and builds only what is missing or changed.
type Fragment = { base64: string; warnings: Problem[] };
const MAX_KEPT = 200;
const fragments = new WeakMap<Engine, WeakMap<readonly unknown[], Map<string, Promise<Fragment>>>>();
/** Builds that have finished: Insert shows no "Building…" progress for them (a render before Word gets the file). */
const finished = new WeakSet<Promise<Fragment>>();

function fragmentFor(
  engine: Engine,
  libraries: unknown[],
  libraryNames: string[],
  assembly: unknown,
): Promise<Fragment> {
  let byLibraries = fragments.get(engine);
  if (byLibraries === undefined) fragments.set(engine, (byLibraries = new WeakMap()));
  let kept = byLibraries.get(libraries);
  if (kept === undefined) byLibraries.set(libraries, (kept = new Map()));
  const key = JSON.stringify([new Date().toDateString(), libraryNames, assembly]);
  const found = kept.get(key);
  if (found !== undefined) return found;
  const building = engine
    .exportDocument(libraries, assembly, {
      as: "base64",
      shape: "fragment",
      names: { libraries: libraryNames },
    })
    .then((r) => ({ base64: r.output, warnings: r.warnings }));
  kept.set(key, building);
  building.then(
    () => finished.add(building),
    () => undefined,
  );
  // A failed build is not kept: Insert tries again (and reports the problems).
  building.catch(() => kept.delete(key));
  // Oldest first out: the outline being edited keeps its recent sections.
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return building;
}

const oneSection = (doc: DocumentState, i: number) =>
  buildAssembly([doc.sections[i]!], doc.settings, { whole: false });

/**
 * Builds (and keeps) the fragments of the outline's sections one by one, giving the pane the main
 * thread back between sections; stops when `cancelled()` turns true (the outline changed again).
 * Failures are left for Insert to report.
 */
export async function prebuildFragments(
  { engine, libraries, libraryNames, doc }: Pick<Context, "engine" | "libraries" | "libraryNames" | "doc">,
  cancelled: () => boolean,
): Promise<void> {
  for (let i = 0; i < doc.sections.length; i++) {
    if (cancelled()) return;
    await fragmentFor(engine, libraries, libraryNames, oneSection(doc, i)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export async function buildFragments({
  engine,
  libraries,
  libraryNames,
  doc,
  lookup,
  onProgress,
}: Context): Promise<Built> {
  const pieces: InsertPiece[] = [];
  const warnings: Problem[] = [];
  const total = doc.sections.length;
  for (const [i, section] of doc.sections.entries()) {
    // Each fragment is a one-section assembly: its problems say sections[0]; they are about sections[i].
    const reindex = (p: Problem): Problem => ({
      ...p,
      path: p.path.replace(/^sections\[0\]/, `sections[${i}]`),
    });
    try {
      // Ready at once when built ahead; otherwise built now, one section after the other.
      const building = fragmentFor(engine, libraries, libraryNames, oneSection(doc, i));
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

export async function buildWhole({
  engine,
  libraries,
  libraryNames,
  doc,
  onProgress,
}: Context): Promise<Built> {
  onProgress("Building…");
  const result = await engine.exportDocument(libraries, buildAssembly(doc.sections, doc.settings), {
    as: "base64",
    shape: "document",
    names: { libraries: libraryNames },
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
