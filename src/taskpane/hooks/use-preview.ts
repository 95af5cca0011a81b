// Builds the real Word output of one section (debounced as the user types) for the preview. Only the
// latest build is kept: an older one finishing late must not overwrite a newer preview.

import { useEffect, useRef, useState } from "react";
import type { Problem } from "../../engine/core";
import type { Engine } from "../engine";
import { useDebounced } from "./use-debounced";

export const PREVIEW_DELAY_MS = 400;

export type PreviewState =
  | { status: "idle" | "building" }
  | { status: "ready"; blob: Blob; warnings: Problem[] }
  | { status: "error"; message: string; problems: Problem[] };

export function usePreview(
  engine: Engine | undefined,
  libraries: unknown[],
  libraryNames: string[],
  assembly: unknown,
): PreviewState {
  // JSON text as the debounced key: a new object with the same content does not rebuild.
  const key = useDebounced(JSON.stringify(assembly), PREVIEW_DELAY_MS);
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  const generation = useRef(0);

  useEffect(() => {
    if (engine === undefined) return;
    const mine = ++generation.current;
    setState({ status: "building" });
    engine
      .exportDocument(libraries, JSON.parse(key) as unknown, {
        as: "blob",
        shape: "document",
        names: { libraries: libraryNames },
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
  }, [engine, libraries, libraryNames, key]);

  return state;
}
