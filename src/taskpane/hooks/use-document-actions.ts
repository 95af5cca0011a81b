// Insert into Word and Download .docx: build, show warnings before inserting or downloading ("Insert
// anyway" / "Download anyway", or "Cancel"), insert with progress, and turn every failure into a message
// that says what to do.

import { useCallback, useEffect, useRef, useState } from "react";
import type { Catalogue, Problem } from "../../engine/core";
import type { Engine } from "../engine";
import {
  INSERT_CHOICES,
  isActionableError,
  type InsertLocation,
  type InsertOptions,
  type InsertPiece,
  type WordHost,
} from "../host";
import { buildAssembly, fileNameFor } from "../model/assembly";
import type { DocumentState } from "../model/document";
import { base64Size, megabytes, saveBlob } from "../model/download";
import { valuesByTag } from "../model/stored-values";
import { buildInsert, buildWhole, prebuildFragments, unique } from "./build-pieces";
import type { SnippetRef } from "./use-library";

export type ActionState =
  | { phase: "idle" }
  | { phase: "working"; label: string }
  | { phase: "confirm"; action: "insert" | "download"; warnings: Problem[]; proceed(): void }
  | { phase: "done"; message: string; warnings: Problem[] }
  | { phase: "error"; title: string; action: string; problems: Problem[] };

type Deps = {
  host: WordHost;
  engine: Engine | undefined;
  /** The libraries parsed once (LibraryApi.catalogue); undefined while the engine loads. */
  catalogue: Catalogue | undefined;
  doc: DocumentState;
  lookup(id: string, version?: number): SnippetRef | undefined;
  /** After a successful insert or download (the team library reports usage: ids and versions only). */
  onDone?(kind: "insert" | "download"): void;
};

export function useDocumentActions({ host, engine, catalogue, doc, lookup, onDone }: Deps) {
  const [state, setState] = useState<ActionState>({ phase: "idle" });
  const done = useRef(onDone);
  done.current = onDone;
  const busy = useRef(false);
  const working = (label: string) => setState({ phase: "working", label });

  // Insert's package is built ahead, a beat after each change to the outline or the library, so
  // the click hands Word a ready payload (build-pieces.ts). A newer change cancels the round. The first
  // round (the outline restored, the engine and libraries just there: Insert is enabled now) starts at
  // once, not a beat later: a click at that moment finds the build under way and waits for it
  // (fragmentFor hands it the same promise) instead of starting from nothing (issue 15).
  const primed = useRef(false);
  useEffect(() => {
    if (engine === undefined || catalogue === undefined || doc.sections.length === 0) return;
    let cancelled = false;
    const delay = primed.current ? PREBUILD_DELAY_MS : 0;
    primed.current = true;
    const timer = setTimeout(() => {
      void prebuildFragments({ engine, catalogue, doc }, () => cancelled);
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [engine, catalogue, doc]);

  const run = useCallback(async (job: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await job();
    } catch (e) {
      setState(errorState(e));
    } finally {
      busy.current = false;
    }
  }, []);

  const insert = useCallback(
    (location: InsertLocation, options: InsertOptions = {}) =>
      run(async () => {
        if (engine === undefined || catalogue === undefined) throw new Error("The engine is still loading.");
        if (doc.sections.length === 0) throw emptyError();
        const can = host.capabilities().can[location];
        if (!can.ok)
          throw Object.assign(new Error(can.why ?? "Word cannot insert there."), {
            code: "not-supported",
            action: "Choose another place, or download .docx.",
          });
        const whole = INSERT_CHOICES.find((l) => l.location === location)?.whole ?? false;
        const ctx = { engine, catalogue, doc, lookup, onProgress: working };
        const max = host.capabilities().maxInsertBytes;
        // One package for the whole outline; several only past Word on the web's 4 MB limit.
        const built = whole ? await buildWhole(ctx) : await buildInsert(ctx, max);
        checkSize(built.pieces, max, whole);
        const sections = doc.sections.length;
        const insertBuilt = async () => {
          const total = built.pieces.length;
          working(total === 1 ? "Inserting…" : `Inserting 1 of ${total}…`);
          await host.insert(
            built.pieces,
            location,
            (done, of) => of > 1 && working(`Inserting ${Math.min(done + 1, of)} of ${of}…`),
            options,
          );
          const what = whole ? "the document" : sections === 1 ? "1 section" : `${sections} sections`;
          // The values travel with the sections, so an update never asks for them. A document that
          // cannot take them still has its sections: the update asks once instead.
          let note = "";
          if (host.writeSectionValues && location !== "new-document")
            await host.writeSectionValues(valuesByTag(doc.sections, lookup)).catch(() => {
              note = " Word did not keep the values they were built with: an update will ask for them once.";
            });
          setState({ phase: "done", message: `Inserted ${what} into Word.${note}`, warnings: [] });
          done.current?.("insert");
        };
        // Warnings first: the user decides, later, in a job of its own ("Insert anyway").
        if (built.warnings.length > 0)
          setState({
            phase: "confirm",
            action: "insert",
            warnings: built.warnings,
            proceed: () => void run(insertBuilt),
          });
        else await insertBuilt();
      }),
    [run, engine, catalogue, doc, lookup, host],
  );

  const download = useCallback(
    () =>
      run(async () => {
        if (engine === undefined || catalogue === undefined) throw new Error("The engine is still loading.");
        if (doc.sections.length === 0) throw emptyError();
        working("Building…");
        const result = await engine.exportDocument(catalogue, buildAssembly(doc.sections, doc.settings), {
          as: "blob",
          shape: "document",
        });
        const name = fileNameFor(doc.settings.title);
        const save = async () => {
          saveBlob(result.output, name);
          setState({ phase: "done", message: `Downloaded ${name}.`, warnings: [] });
          done.current?.("download");
        };
        const warnings = unique(result.warnings);
        // As for Insert: the warnings are seen before the file is, and the user decides.
        if (warnings.length > 0)
          setState({ phase: "confirm", action: "download", warnings, proceed: () => void run(save) });
        else await save();
      }),
    [run, engine, catalogue, doc],
  );

  const dismiss = useCallback(() => setState({ phase: "idle" }), []);
  return { state, insert, download, dismiss };
}

/** Long enough for a burst of typing to settle, short enough to be done before a user reaches Insert. */
const PREBUILD_DELAY_MS = 300;

function checkSize(pieces: InsertPiece[], max: number | undefined, whole: boolean) {
  if (max === undefined) return;
  const big = pieces.find((p) => base64Size(p.base64) > max);
  if (big === undefined) return;
  const size = megabytes(base64Size(big.base64));
  const limit = megabytes(max);
  throw Object.assign(
    new Error(
      whole
        ? `The document is ${size}; Word here accepts at most ${limit} at once.`
        : `“${big.title ?? big.tag}” is ${size}; Word here accepts at most ${limit} at once.`,
    ),
    {
      code: "too-large",
      action: whole
        ? "Insert at the cursor or at the end instead (that goes section by section), or download .docx."
        : "Download .docx and open it in Word, or make the section smaller (large images).",
    },
  );
}

function emptyError() {
  return Object.assign(new Error("The document has no sections yet."), {
    code: "no-sections",
    action: "Open a snippet in the Library and choose “Add to document”.",
  });
}

export function errorState(e: unknown): ActionState {
  const problems = (e as { problems?: unknown }).problems;
  if (Array.isArray(problems)) {
    return {
      phase: "error",
      title: "The document cannot be built.",
      action: "Fix what is listed (Edit values on the section, or the library), then try again.",
      // Errors first and alone when there are any: the warnings seen on the way are not the reason.
      problems: (problems as Problem[]).some((p) => p.severity === "error")
        ? (problems as Problem[]).filter((p) => p.severity === "error")
        : (problems as Problem[]),
    };
  }
  if (isActionableError(e)) return { phase: "error", title: e.message, action: e.action, problems: [] };
  const message = e instanceof Error ? e.message : String(e);
  return {
    phase: "error",
    title: message,
    action: "Try again; if it keeps failing, download .docx instead.",
    problems: [],
  };
}
