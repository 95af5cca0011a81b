// The snippet libraries the pane works with: the built-in starter library plus the ones the user
// imports (persisted, so they come back with the outline that uses them). They are merged by the
// engine's loadLibraries — the same merge a build does — so the pane lists and resolves exactly the
// snippets the document will get (a later library's id@version replaces an earlier one).

import { useCallback, useEffect, useMemo, useState } from "react";
import type { Snippet, Variable } from "../../engine/model/types";
import { problem, type Problem } from "../../engine/errors/problem";
import { createSnippetIndex, type SnippetIndex } from "../../engine/search";
import { loadEngine, type Engine } from "../engine";
import type { KeyValueStore } from "../model/storage";

export type LibrarySource = { name: string; origin: "starter" | "imported"; raw: unknown; count: number };

export type SnippetRef = { snippet: Snippet; path: string };

export type ImportResult = { ok: boolean; name: string; problems: Problem[] };

export type LibraryApi = {
  status: "loading" | "ready" | "error";
  error?: string;
  engine?: Engine;
  sources: LibrarySource[];
  index: SnippetIndex;
  /** The raw library JSON, in order (starter first), as the engine's build functions take it. */
  rawLibraries: unknown[];
  libraryNames: string[];
  lookup(id: string, version?: number): SnippetRef | undefined;
  variablesOf(snippet: Snippet): { variables: Variable[]; problems: Problem[] };
  importFile(file: File): Promise<ImportResult>;
};

type Stored = Array<{ name: string; raw: unknown }>;
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
): LibraryApi {
  const [engine, setEngine] = useState<Engine>();
  const [sources, setSources] = useState<LibrarySource[]>([]);
  const [status, setStatus] = useState<LibraryApi["status"]>("loading");
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (store === undefined) return;
    let live = true;
    (async () => {
      const [eng, starter, stored] = await Promise.all([
        loadEngine(),
        loadStarter(),
        store.get<Stored>(IMPORTED_KEY),
      ]);
      const loaded: LibrarySource[] = [];
      const starterParsed = eng.parseLibrary(starter, { source: STARTER_NAME });
      if (starterParsed.ok)
        loaded.push(sourceOf("starter", STARTER_NAME, starter, starterParsed.value.snippets.length));
      for (const item of Array.isArray(stored) ? stored : []) {
        const parsed = eng.parseLibrary(item.raw, { source: item.name });
        if (parsed.ok) loaded.push(sourceOf("imported", item.name, item.raw, parsed.value.snippets.length));
      }
      if (!live) return;
      setEngine(eng);
      setSources(loaded);
      setStatus("ready");
      if (!starterParsed.ok)
        setError("The starter library could not be read; imported libraries still work.");
    })().catch((e: unknown) => {
      if (!live) return;
      setStatus("error");
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      live = false;
    };
  }, [store, loadStarter]);

  const rawLibraries = useMemo(() => sources.map((s) => s.raw), [sources]);
  const libraryNames = useMemo(() => sources.map((s) => s.name), [sources]);
  const merged = useMemo(
    () => (engine ? engine.loadLibraries(rawLibraries, libraryNames) : undefined),
    [engine, rawLibraries, libraryNames],
  );
  const index = useMemo(() => createSnippetIndex(merged?.snippets ?? []), [merged]);

  const lookup = useCallback((id: string, version?: number) => merged?.lookup(id, version), [merged]);

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

  const importFile = useCallback(
    async (file: File): Promise<ImportResult> => {
      const eng = engine ?? (await loadEngine());
      let raw: unknown;
      try {
        raw = JSON.parse(await readText(file));
      } catch (e) {
        const message = `${file.name} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
        return {
          ok: false,
          name: file.name,
          problems: [problem({ code: "JSON_SYNTAX", message, path: "", source: file.name })],
        };
      }
      const parsed = eng.parseLibrary(raw, { source: file.name });
      if (!parsed.ok) return { ok: false, name: file.name, problems: parsed.problems };
      // Importing a file of the same name again replaces it (a corrected version of the same library).
      const next = sources.filter((s) => !(s.origin === "imported" && s.name === file.name));
      next.push(sourceOf("imported", file.name, raw, parsed.value.snippets.length));
      setSources(next);
      const imported: Stored = next
        .filter((s) => s.origin === "imported")
        .map((s) => ({ name: s.name, raw: s.raw }));
      await store?.set(IMPORTED_KEY, imported).catch(() => undefined);
      return { ok: true, name: file.name, problems: parsed.problems };
    },
    [engine, sources, store],
  );

  return {
    status,
    error,
    engine,
    sources,
    index,
    rawLibraries,
    libraryNames,
    lookup,
    variablesOf,
    importFile,
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

function sourceOf(origin: LibrarySource["origin"], name: string, raw: unknown, count: number): LibrarySource {
  return { origin, name, raw, count };
}
