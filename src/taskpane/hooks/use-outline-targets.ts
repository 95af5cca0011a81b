// The headings of the document's outline that a {{ref}} can point at, with the clause numbers the
// outline's order gives them: a snippet's preview shows "clause 3" for a reference to the third
// section, and the new number as soon as the sections are reordered. A dry run of the outline (no
// package is made); only when the outline has references to show, and nothing when it cannot be built
// (Insert reports that).

import { useEffect, useMemo, useState } from "react";
import type { Catalogue } from "../../engine/core";
import type { RefTarget } from "../../engine";
import type { Engine } from "../engine";
import { buildAssembly } from "../model/assembly";
import type { DocumentSettings, OutlineSection } from "../model/document";
import { useDebounced } from "./use-debounced";

export type Targets = Readonly<Record<string, RefTarget>>;
const NONE: Targets = {};

export function useOutlineTargets(
  engine: Engine | undefined,
  catalogue: Catalogue | undefined,
  outline: readonly OutlineSection[],
  settings: DocumentSettings,
  /** Whether the snippet shown refers to anything: otherwise no build at all. */
  wanted: boolean,
): Targets {
  const assembly = useMemo(
    () =>
      wanted && outline.length > 0
        ? buildAssembly(outline, settings, { whole: false, intoDocument: true })
        : undefined,
    [wanted, outline, settings],
  );
  const settled = useDebounced(assembly, 300);
  const [targets, setTargets] = useState<Targets>(NONE);
  useEffect(() => {
    if (engine === undefined || catalogue === undefined || settled === undefined) {
      setTargets(NONE);
      return;
    }
    let current = true;
    engine
      .exportDocument(catalogue, settled, {
        as: "base64",
        shape: "fragment",
        dryRun: true,
        checkTerms: false,
      })
      .then((r) => current && setTargets(r.targets))
      .catch(() => current && setTargets(NONE));
    return () => {
      current = false;
    };
  }, [engine, catalogue, settled]);
  return targets;
}
