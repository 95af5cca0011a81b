// The snippet library the pane works with: the user's lasting library (src/taskpane/store, IndexedDB under
// the host's storage key), seeded on first run with the built-in starter library and with any libraries
// an earlier version of the pane kept. Imports go through an import report; one that would replace or
// conflict with anything is shown to the user before it is applied (all or nothing).
// The library is handed to the engine's loadLibraries — the same merge a build does — so the pane lists
// and resolves exactly the snippets the document will get.

import { useCallback, useEffect, useMemo, useState } from "react";
import {
  type Snippet,
  type Variable,
  problem,
  type Problem,
  createSnippetIndex,
  type Catalogue,
  type SnippetIndex,
} from "../../engine/core";
import { loadEngine, type Engine } from "../engine";
import type { KeyValueStore } from "../model/storage";
import {
  buildImportReport,
  exportLibrary,
  importChanges,
  seedChanges,
  withDefaultChoices,
  type ImportReport,
  type LanguageOf,
  type LibrarySnapshot,
  type RawLibrary,
  type RawSnippet,
} from "../store";
import { isConflict, type LibraryStoreApi } from "./use-library-store";
import { countLibrary, countSnippets, type LibraryCounts } from "../model/library-counts";

export type LibrarySource = {
  name: string;
  origin: "starter" | "imported" | "team";
  raw: unknown;
  count: number;
  /** This library's own counts (the Import row's caption names each library with them). */
  counts: LibraryCounts;
};

/** A team library's copy (src/taskpane/team), merged after the personal one (which stays first). */
export type TeamLibraryInput = { name: string; raw: RawLibrary };

export type SnippetRef = { snippet: Snippet; path: string };

export type ImportResult = {
  ok: boolean;
  name: string;
  problems: Problem[];
  /** Set when the import needs the user's go-ahead (it would replace or conflict with something). */
  report?: ImportReport;
};

export type LibraryApi = {
  status: "loading" | "ready" | "error";
  error?: string;
  engine?: Engine;
  sources: LibrarySource[];
  index: SnippetIndex;
  /** The raw library JSON, in order (what the store holds; the editor reads it). */
  rawLibraries: unknown[];
  libraryNames: string[];
  /** The libraries parsed once (the engine's loadLibraries): what every build, preview and listing takes. */
  catalogue?: Catalogue;
  lookup(id: string, version?: number): SnippetRef | undefined;
  variablesOf(snippet: Snippet): { variables: Variable[]; problems: Problem[] };
  /** Imports at once when the file only adds snippets; otherwise returns the report to confirm. */
  importFile(file: File): Promise<ImportResult>;
  /** The report for a file, without applying anything. */
  reportFor(file: File): Promise<ImportReport>;
  /** Applies a report (all or nothing). */
  applyReport(report: ImportReport): Promise<ImportResult>;
  /** Snippets left out of the pane because they have errors (fix them in Manage). */
  hidden: Problem[];
  /** The counts every tab shows (model/library-counts.ts). */
  counts: LibraryCounts;
  /** The name of the library a listed snippet comes from (a team library's name starts "Team: "). */
  sourceOf(snippet: Snippet): string | undefined;
};

type Stored = Array<{ name: string; raw: unknown }>;
/** Where the pane kept imported libraries before the library store existed (read once, to seed). */
const IMPORTED_KEY = "libraries";
const STARTER_NAME = "starter-library.json";

export async function defaultStarterLibrary(): Promise<unknown> {
  try {
    const response = await fetch("assets/starter-library.json");
    if (response.ok) return await response.json();
  } catch {
    // no server (tests, file://): fall back to the copy bundled in its own chunk
  }
  return (await import("../../../assets/starter-library.json")).default;
}

export function useLibrary(
  store: KeyValueStore | undefined,
  loadStarter: () => Promise<unknown>,
  libraryStore: LibraryStoreApi,
  team?: TeamLibraryInput,
): LibraryApi {
  const [engine, setEngine] = useState<Engine>();
  const [status, setStatus] = useState<LibraryApi["status"]>("loading");
  const [error, setError] = useState<string>();
  const { snapshot, commit } = libraryStore;
  const needsSeed = snapshot !== undefined && !snapshot.seeded;

  useEffect(() => {
    let live = true;
    loadEngine()
      .then((eng) => live && setEngine(eng))
      .catch((e: unknown) => {
        if (!live) return;
        setStatus("error");
        setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, []);

  // First run: the starter library, plus what an older pane kept, go into the store in one transaction.
  useEffect(() => {
    if (engine === undefined || store === undefined || !needsSeed || !libraryStore.store) return;
    let live = true;
    (async () => {
      const [starter, stored] = await Promise.all([
        loadStarter().catch(() => undefined),
        store.get<Stored>(IMPORTED_KEY).catch(() => undefined),
      ]);
      const libraries: Array<{ name?: string; snippets: RawSnippet[]; origin: "starter" | "imported" }> = [];
      const starterOk = engine.parseLibrary(starter, { source: STARTER_NAME }).ok;
      if (starterOk) libraries.push({ ...(starter as RawLibrary), origin: "starter" });
      for (const item of Array.isArray(stored) ? stored : [])
        if (engine.parseLibrary(item.raw, { source: item.name }).ok)
          libraries.push({ ...(item.raw as RawLibrary), origin: "imported" });
      const current = libraryStore.store!.snapshot();
      await commit(seedChanges(current, libraries)).catch((e: unknown) => {
        if (!isConflict(e)) throw e; // another pane seeded first: its library is the one
      });
      if (live && !starterOk)
        setError("The starter library could not be read; imported libraries still work.");
    })().catch((e: unknown) => {
      if (!live) return;
      setStatus("error");
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      live = false;
    };
  }, [engine, store, needsSeed, libraryStore.store, loadStarter, commit]);

  useEffect(() => {
    if (engine !== undefined && snapshot?.seeded) setStatus((s) => (s === "error" ? s : "ready"));
  }, [engine, snapshot]);

  const usable = useMemo(
    () => (engine && snapshot ? usableLibrary(engine, snapshot) : undefined),
    [engine, snapshot],
  );
  const usableTeam = useMemo(
    () => (engine && team ? keepValid(engine, team.raw).raw : undefined),
    [engine, team],
  );
  const stored = snapshot?.records.length ?? 0;
  const sources = useMemo<LibrarySource[]>(
    () =>
      usable
        ? [
            {
              name: usable.raw.name ?? "My library",
              origin: "starter",
              raw: usable.raw,
              count: usable.raw.snippets.length,
              counts: countSnippets(stored, usable.raw.snippets),
            },
            // After the personal library: SnippetEditor edits rawLibraries[0].
            ...(team && usableTeam
              ? [
                  {
                    name: team.name,
                    origin: "team" as const,
                    raw: usableTeam,
                    count: usableTeam.snippets.length,
                    counts: countSnippets(team.raw.snippets.length, usableTeam.snippets),
                  },
                ]
              : []),
          ]
        : [],
    [usable, team, usableTeam, stored],
  );

  const rawLibraries = useMemo(() => sources.map((s) => s.raw), [sources]);
  const libraryNames = useMemo(() => sources.map((s) => s.name), [sources]);
  const merged = useMemo(
    () => (engine ? engine.loadLibraries(rawLibraries, libraryNames) : undefined),
    [engine, rawLibraries, libraryNames],
  );
  const index = useMemo(() => createSnippetIndex(merged?.snippets ?? []), [merged]);

  const lookup = useCallback((id: string, version?: number) => merged?.lookup(id, version), [merged]);
  const counts = useMemo(
    () => countLibrary(stored, usable?.raw.snippets.length ?? 0, index.size),
    [stored, usable, index],
  );
  const sourceOf = useCallback((snippet: Snippet) => merged?.home.get(snippet)?.source, [merged]);

  const variablesOf = useCallback(
    (snippet: Snippet) => {
      if (engine === undefined || merged === undefined) return { variables: snippet.variables, problems: [] };
      const home = merged.home.get(snippet);
      const { variables, problems } = engine.collectVariables(
        snippet,
        home?.path ?? snippet.id,
        merged.lookup,
      );
      return {
        variables: [...variables.values()],
        problems: home?.source ? problems.map((p) => ({ ...p, source: p.source ?? home.source })) : problems,
      };
    },
    [engine, merged],
  );

  const reportFor = useCallback(
    async (file: File): Promise<ImportReport> => {
      const [eng, { languageOf }] = await Promise.all([engine ?? loadEngine(), loadLanguage()]);
      const current = libraryStore.store?.snapshot() ?? { revision: 0, seeded: true, records: [] };
      return withDefaultChoices(
        buildImportReport(await readText(file), file.name, current, eng.validateLibrary, languageOf),
      );
    },
    [engine, libraryStore.store],
  );

  const applyReport = useCallback(
    async (report: ImportReport): Promise<ImportResult> => {
      if (!report.canApply || !libraryStore.store)
        return { ok: false, name: report.source, problems: report.errors };
      const current = libraryStore.store.snapshot();
      // The library changed since the report was made (another pane): the user must see a fresh one.
      if (current.revision !== report.revision)
        return {
          ok: false,
          name: report.source,
          problems: [],
          report: rebuildReport(
            engine ?? (await loadEngine()),
            report,
            current,
            (await loadLanguage()).languageOf,
          ),
        };
      await commit(importChanges(report, current));
      return { ok: true, name: report.source, problems: report.warnings };
    },
    [engine, libraryStore.store, commit],
  );

  const importFile = useCallback(
    async (file: File): Promise<ImportResult> => {
      const report = await reportFor(file);
      if (!report.canApply) {
        const jsonError = report.errors.find((p) => p.code === "JSON_SYNTAX");
        const problems = jsonError
          ? [problem({ ...jsonError, message: `${file.name} is not valid JSON: ${jsonError.message}` })]
          : report.errors;
        return { ok: false, name: file.name, problems };
      }
      // Only additions (or nothing new): nothing can be lost, so no need to ask.
      if (report.items.every((i) => i.kind === "new" || i.kind === "unchanged")) return applyReport(report);
      return { ok: false, name: file.name, problems: [], report };
    },
    [reportFor, applyReport],
  );

  return {
    status,
    error,
    engine,
    sources,
    index,
    rawLibraries,
    libraryNames,
    ...(merged ? { catalogue: merged } : {}),
    lookup,
    variablesOf,
    importFile,
    reportFor,
    applyReport,
    hidden: usable?.hidden ?? [],
    counts,
    sourceOf,
  };
}

/** File.text() where there is one; FileReader for older webviews (and jsdom). */
function readText(file: Blob): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsText(file);
  });
}

/**
 * The stored library as the engine gets it. A snippet with errors (a draft saved half-written) would make
 * the whole library unreadable, so such snippets are left out — and reported — instead.
 */
function usableLibrary(engine: Engine, snapshot: LibrarySnapshot): { raw: RawLibrary; hidden: Problem[] } {
  return keepValid(engine, exportLibrary(snapshot));
}

function keepValid(engine: Engine, raw: RawLibrary): { raw: RawLibrary; hidden: Problem[] } {
  const parsed = engine.parseLibrary(raw);
  if (parsed.ok) return { raw, hidden: [] };
  // Problems name their snippet (place): the snippets with errors are left out by id and version.
  const bad = new Set<string>();
  for (const p of parsed.problems)
    if (p.severity === "error" && p.place?.snippet !== undefined)
      bad.add(`${p.place.snippet}@${p.place.version ?? 1}`);
  const kept = { ...raw, snippets: raw.snippets.filter((s) => !bad.has(`${s.id}@${s.version ?? 1}`)) };
  return { raw: kept, hidden: parsed.problems.filter((p) => p.severity === "error") };
}

function rebuildReport(
  engine: Engine,
  report: ImportReport,
  current: LibrarySnapshot,
  languageOf: LanguageOf,
): ImportReport {
  const raw = {
    format: "sectionsmith/library@1",
    ...(report.name ? { name: report.name } : {}),
    snippets: report.items.map((i) => i.snippet),
  };
  return withDefaultChoices(
    buildImportReport(raw, report.source, current, engine.validateLibrary, languageOf),
  );
}

/** The language guesser (model/language.ts), loaded when a file is first imported: its data is large. */
const loadLanguage = () => import(/* webpackChunkName: "language" */ "../model/language");
