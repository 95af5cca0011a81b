// The snippet libraries the pane works with: the built-in starter library plus the ones the user
// imports (persisted, so they come back with the outline that uses them). Everything is parsed by the
// engine's parseLibrary, so the pane sees exactly what a build would see.

import { useCallback, useEffect, useMemo, useState } from "react";
import type { Library, Snippet, Variable } from "../../engine/model/types";
import { problem, type Problem } from "../../engine/errors/problem";
import { createSnippetIndex, type SnippetIndex } from "../../engine/search";
import { loadEngine, type Engine } from "../engine";
import type { KeyValueStore } from "../model/storage";

export type LibrarySource = { name: string; origin: "starter" | "imported"; raw: unknown; library: Library };

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
  lookup(id: string, version?: number): SnippetRef | undefined;
  variablesOf(snippet: Snippet): { variables: Variable[]; problems: Problem[] };
  importFile(file: File): Promise<ImportResult>;
};

type Stored = Array<{ name: string; raw: unknown }>;
const IMPORTED_KEY = "libraries";

export async function defaultStarterLibrary(): Promise<unknown> {
  try {
    const response = await fetch("assets/starter-library.json");
    if (response.ok) return await response.json();
  } catch {
    // no server (tests, file://): fall back to the copy bundled in its own chunk
  }
  return (await import("../../../assets/starter-library.json")).default;
}

export function useLibrary(store: KeyValueStore | undefined, loadStarter: () => Promise<unknown>): LibraryApi {
  const [engine, setEngine] = useState<Engine>();
  const [sources, setSources] = useState<LibrarySource[]>([]);
  const [status, setStatus] = useState<LibraryApi["status"]>("loading");
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (store === undefined) return;
    let live = true;
    (async () => {
      const [eng, starter, stored] = await Promise.all([loadEngine(), loadStarter(), store.get<Stored>(IMPORTED_KEY)]);
      const loaded: LibrarySource[] = [];
      const starterParsed = eng.parseLibrary(starter, { source: "starter-library.json" });
      if (starterParsed.ok) loaded.push(source("starter", starterParsed.value, starter));
      for (const item of Array.isArray(stored) ? stored : []) {
        const parsed = eng.parseLibrary(item.raw, { source: item.name });
        if (parsed.ok) loaded.push(source("imported", parsed.value, item.raw, item.name));
      }
      if (!live) return;
      setEngine(eng);
      setSources(loaded);
      setStatus("ready");
      if (!starterParsed.ok) setError("The starter library could not be read; imported libraries still work.");
    })().catch((e: unknown) => {
      if (!live) return;
      setStatus("error");
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      live = false;
    };
  }, [store, loadStarter]);

  const snippets = useMemo(() => sources.flatMap((s) => s.library.snippets), [sources]);
  const index = useMemo(() => createSnippetIndex(snippets), [snippets]);
  const rawLibraries = useMemo(() => sources.map((s) => s.raw), [sources]);

  const lookup = useCallback(
    (id: string, version?: number): SnippetRef | undefined => {
      if (engine === undefined) return undefined;
      const snippet = engine.selectSnippet(snippets, id, version);
      if (snippet === undefined) return undefined;
      for (const s of sources) {
        const i = s.library.snippets.indexOf(snippet);
        if (i >= 0) return { snippet, path: `${s.name}: snippets[${i}]` };
      }
      return { snippet, path: `snippets.${id}` };
    },
    [engine, snippets, sources],
  );

  const variablesOf = useCallback(
    (snippet: Snippet) => {
      if (engine === undefined) return { variables: snippet.variables, problems: [] };
      const path = lookup(snippet.id, snippet.version)?.path ?? snippet.id;
      const { variables, problems } = engine.collectVariables(snippet, path, lookup);
      return { variables: [...variables.values()], problems };
    },
    [engine, lookup],
  );

  const importFile = useCallback(
    async (file: File): Promise<ImportResult> => {
      const eng = engine ?? (await loadEngine());
      let raw: unknown;
      try {
        raw = JSON.parse(await file.text());
      } catch (e) {
        const message = `${file.name} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
        return { ok: false, name: file.name, problems: [jsonProblem(message, file.name)] };
      }
      const parsed = eng.parseLibrary(raw, { source: file.name });
      if (!parsed.ok) return { ok: false, name: file.name, problems: parsed.problems };
      const next = [...sources.filter((s) => !(s.origin === "imported" && s.name === file.name))];
      next.push(source("imported", parsed.value, raw, file.name));
      setSources(next);
      const imported: Stored = next.filter((s) => s.origin === "imported").map((s) => ({ name: s.name, raw: s.raw }));
      await store?.set(IMPORTED_KEY, imported).catch(() => undefined);
      return { ok: true, name: file.name, problems: parsed.problems };
    },
    [engine, sources, store],
  );

  return { status, error, engine, sources, index, rawLibraries, lookup, variablesOf, importFile };
}

function source(origin: LibrarySource["origin"], library: Library, raw: unknown, name?: string): LibrarySource {
  return { origin, library, raw, name: name ?? library.name ?? "Starter library" };
}

function jsonProblem(message: string, file: string): Problem {
  return problem({ code: "JSON_SYNTAX", message, path: "", source: file });
}
