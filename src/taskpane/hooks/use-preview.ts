// Builds the real Word output of one section (debounced as the user types) for the preview. Only the
// latest build is kept: an older one finishing late must not overwrite a newer preview.

import { useEffect, useMemo, useRef, useState } from "react";
import type { AssemblyInput, Catalogue, Problem } from "../../engine/core";
import type { RefTarget } from "../../engine";
import type { Engine } from "../engine";
import { useDebounced } from "./use-debounced";

export const PREVIEW_DELAY_MS = 400;
const NO_TARGETS: Readonly<Record<string, RefTarget>> = {};

export type PreviewState =
  | { status: "idle" | "building" }
  | { status: "ready"; blob: Blob; warnings: Problem[] }
  | { status: "error"; message: string; problems: Problem[] };

export function usePreview(
  engine: Engine | undefined,
  catalogue: Catalogue | undefined,
  assembly: AssemblyInput | undefined,
  /** The outline's headings its references point at (use-outline-targets.ts): their numbers show. */
  outside: Readonly<Record<string, RefTarget>> = NO_TARGETS,
): PreviewState {
  const settled = useDebounced(assembly, PREVIEW_DELAY_MS);
  // The engine gets the assembly object itself; its JSON text only says whether the content changed
  // (a new object with the same content does not rebuild).
  const key = useMemo(() => JSON.stringify([settled, outside]), [settled, outside]);
  const latest = useRef(settled);
  latest.current = settled;
  const targets = useRef(outside);
  targets.current = outside;
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  const generation = useRef(0);

  useEffect(() => {
    if (engine === undefined || catalogue === undefined || latest.current === undefined) return;
    const mine = ++generation.current;
    setState({ status: "building" });
    engine
      // One snippet on its own: its terms are defined elsewhere in the document it goes into, so the
      // defined-terms check (the Document view's list) is not run here.
      .exportDocument(catalogue, latest.current, {
        as: "blob",
        shape: "document",
        outsideTargets: targets.current,
        checkTerms: false,
      })
      .then((result) => {
        if (mine === generation.current)
          setState({ status: "ready", blob: result.output, warnings: result.warnings });
      })
      .catch((e: unknown) => {
        if (mine !== generation.current) return;
        const problems = (e as { problems?: Problem[] }).problems ?? [];
        setState({ status: "error", message: e instanceof Error ? e.message : String(e), problems });
      });
  }, [engine, catalogue, key]);

  return state;
}
