// "Import from a Word document…" and "Import this document" (issue 30): the document is read by the
// engine (importDocx) into a report — nothing is written — which the user reviews: how to split it, the
// variables' types, each duplicate's fate. Accepting applies it all or nothing through the library's own
// import (store/import-report.ts), so it is one transaction with history, like any library import.

import { useCallback, useState } from "react";
import type { DocxImport, DuplicateChoice, Problem, SplitMode, VariableType } from "../../engine";
import { loadEngine } from "../engine";
import type { WordHost } from "../host";
import { buildImportReport, type RawLibrary } from "../store";
import type { LibraryApi } from "./use-library";
import type { LibraryStoreApi } from "./use-library-store";

export type DocxSource = { name: string; bytes: Uint8Array };

export type DocxImportState =
  | { phase: "idle" }
  | { phase: "reading"; name: string }
  | { phase: "refused"; name: string; problems: Problem[] }
  | {
      phase: "report";
      source: DocxSource;
      report: DocxImport;
      duplicates: Record<string, DuplicateChoice>;
      types: Record<string, VariableType>;
      applying?: boolean;
      problems?: Problem[];
    }
  | { phase: "done"; name: string; added: number; skipped: number };

export type DocxImportApi = {
  state: DocxImportState;
  fromFile(file: File): Promise<void>;
  fromDocument(): Promise<void>;
  resplit(mode: SplitMode): Promise<void>;
  chooseDuplicate(id: string, choice: DuplicateChoice): void;
  retype(name: string, type: VariableType): void;
  apply(): Promise<void>;
  close(): void;
};

const THIS_DOCUMENT = "This document.docx";

/** File.arrayBuffer where there is one; FileReader for older webviews (and jsdom). */
function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return file.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsArrayBuffer(file);
  });
}

/** Lets the pane paint "Reading…" before the engine takes the main thread. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 30));

export function useDocxImport(
  library: LibraryApi,
  libraryStore: LibraryStoreApi,
  host?: Pick<WordHost, "documentFile">,
): DocxImportApi {
  const [state, setState] = useState<DocxImportState>({ phase: "idle" });

  const read = useCallback(
    async (source: DocxSource, split?: SplitMode) => {
      setState({ phase: "reading", name: source.name });
      await nextFrame();
      const engine = await loadEngine();
      const compared = library.rawLibraries.flatMap(
        (l) =>
          ((l as RawLibrary).snippets ?? []) as Array<{
            id: string;
            version?: number;
            title?: string;
            body: string;
          }>,
      );
      const result = engine.importDocx(source.bytes, {
        fileName: source.name,
        ...(split ? { split } : {}),
        library: compared,
      });
      if (!result.ok) {
        setState({ phase: "refused", name: source.name, problems: result.problems });
        return;
      }
      const duplicates: Record<string, DuplicateChoice> = {};
      for (const s of result.value.snippets) {
        const choice = engine.defaultChoice(s);
        if (choice) duplicates[s.snippet.id] = choice;
      }
      setState({ phase: "report", source, report: result.value, duplicates, types: {} });
    },
    [library.rawLibraries],
  );

  const fail = (name: string, error: unknown) =>
    setState({
      phase: "refused",
      name,
      problems: [
        {
          code: "INTERNAL",
          severity: "error",
          message: error instanceof Error ? error.message : String(error),
          path: "",
        },
      ],
    });

  const fromFile = useCallback(
    async (file: File) => {
      try {
        await read({ name: file.name, bytes: await readBytes(file) });
      } catch (error) {
        fail(file.name, error);
      }
    },
    [read],
  );

  const fromDocument = useCallback(async () => {
    if (!host?.documentFile) return;
    try {
      setState({ phase: "reading", name: THIS_DOCUMENT });
      await read({ name: THIS_DOCUMENT, bytes: await host.documentFile() });
    } catch (error) {
      fail(THIS_DOCUMENT, error);
    }
  }, [host, read]);

  const resplit = useCallback(
    async (mode: SplitMode) => {
      if (state.phase === "report") await read(state.source, mode);
    },
    [state, read],
  );

  const chooseDuplicate = (id: string, choice: DuplicateChoice) =>
    setState((s) => (s.phase === "report" ? { ...s, duplicates: { ...s.duplicates, [id]: choice } } : s));
  const retype = (name: string, type: VariableType) =>
    setState((s) => (s.phase === "report" ? { ...s, types: { ...s.types, [name]: type } } : s));

  const apply = useCallback(async () => {
    if (state.phase !== "report" || !libraryStore.store) return;
    const current = state;
    setState({ ...current, applying: true });
    const engine = await loadEngine();
    const personal = (library.rawLibraries[0] ?? {
      format: "sectionsmith/library@1",
      snippets: [],
    }) as RawLibrary;
    const applied = engine.applyImport(
      [current.report],
      { duplicates: current.duplicates, types: current.types },
      personal,
    );
    if (!applied.ok) {
      setState({
        ...current,
        applying: false,
        problems: applied.problems.filter((p) => p.severity === "error"),
      });
      return;
    }
    const added = applied.library.snippets.slice(personal.snippets.length);
    const report = buildImportReport(
      { format: "sectionsmith/library@1", snippets: added },
      current.source.name,
      libraryStore.store.snapshot(),
      engine.validateLibrary,
    );
    const result = await library.applyReport(report);
    if (!result.ok) {
      setState({
        ...current,
        applying: false,
        problems: result.problems.length > 0 ? result.problems : report.errors,
      });
      return;
    }
    setState({
      phase: "done",
      name: current.source.name,
      added: added.length,
      skipped: applied.skipped.length,
    });
  }, [state, library, libraryStore.store]);

  return {
    state,
    fromFile,
    fromDocument,
    resplit,
    chooseDuplicate,
    retype,
    apply,
    close: () => setState({ phase: "idle" }),
  };
}
