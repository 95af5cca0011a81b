// The defined-terms findings of the whole outline (issue 32), checked a beat after each change to the
// outline or the library, so the pane can list them before the user reaches Insert or Download. They
// never hold those up: a section inserted on its own often uses terms the open document already defines
// (docs/decisions.md, "Defined terms are listed, not asked about").

import { useEffect, useMemo, useRef, useState } from "react";
import type { Catalogue, Problem } from "../../engine/core";
import type { Engine } from "../engine";
import { buildAssembly } from "../model/assembly";
import type { DocumentState } from "../model/document";
import { useDebounced } from "./use-debounced";

export const TERM_CHECK_DELAY_MS = 400;

/** A finding of the defined-terms check (the engine's TERM_* warnings). */
export const isTermFinding = (p: Problem): boolean => p.code.startsWith("TERM_");

export type TermCheck = {
  /** undefined until the first check of the outline has finished. */
  findings: Problem[] | undefined;
  checking: boolean;
  /** The check itself failed (not a finding): the pane says so rather than "nothing found". */
  failed?: boolean;
  /** The outline has errors (Insert and Download report them): terms are checked once it builds. */
  blocked?: boolean;
};

export function useTermCheck(
  engine: Engine | undefined,
  catalogue: Catalogue | undefined,
  doc: DocumentState,
): TermCheck {
  const assembly = useMemo(
    () => (doc.sections.length === 0 ? undefined : buildAssembly(doc.sections, doc.settings)),
    [doc.sections, doc.settings],
  );
  const settled = useDebounced(assembly, TERM_CHECK_DELAY_MS);
  // Its JSON text says whether the content changed: a new object with the same content is not re-checked.
  const key = useMemo(() => JSON.stringify(settled), [settled]);
  const latest = useRef(settled);
  latest.current = settled;
  const [state, setState] = useState<TermCheck>({ findings: undefined, checking: false });
  const generation = useRef(0);

  useEffect(() => {
    const assembly = latest.current;
    if (engine === undefined || catalogue === undefined) return;
    const mine = ++generation.current;
    if (assembly === undefined) {
      setState({ findings: [], checking: false });
      return;
    }
    setState((old) => ({ ...old, checking: true }));
    // A dry run of the build: the same check Insert and Download run, without making a package. An
    // outline with errors has no term findings (the engine checks terms only when it builds).
    engine
      .validateFile(assembly, { libraries: catalogue })
      .then(({ problems }) => {
        if (mine !== generation.current) return;
        if (problems.some((p) => p.severity === "error"))
          setState({ findings: undefined, checking: false, blocked: true });
        else setState({ findings: problems.filter(isTermFinding), checking: false });
      })
      .catch(() => {
        if (mine === generation.current) setState({ findings: undefined, checking: false, failed: true });
      });
  }, [engine, catalogue, key]);

  return state;
}
