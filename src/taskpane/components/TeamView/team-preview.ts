// What the team editor previews and how it words problems: the checked draft built as one section with
// its variables' defaults (placeholders for required ones), as the personal editor does, and each problem
// as a sentence with its line (no engine code as the message).

import { useMemo } from "react";
import type { Problem } from "../../../engine/core";
import type { Engine } from "../../engine";
import type { SnippetCheck } from "../../hooks/use-snippet-check";
import { buildAssembly } from "../../model/assembly";
import type { DocumentSettings } from "../../model/document";
import { plainProblem } from "../../model/plain-problem";
import { initialValues, previewValues } from "../../model/values";
import type { RawSnippet } from "../../store";

export function usePreviewInput(
  engine: Engine | undefined,
  check: SnippetCheck,
  draft: RawSnippet,
  others: readonly RawSnippet[],
  settings: DocumentSettings,
  today: Date,
) {
  return useMemo(() => {
    if (!check.snippet || !check.library || !engine) return undefined;
    const s = check.snippet;
    const values = previewValues(s.variables, initialValues(s.variables), today);
    const assembly = buildAssembly(
      [
        {
          key: "preview",
          snippet: s.id,
          version: s.version,
          title: s.title,
          values,
          headingOffset: 0,
          pageBreakBefore: false,
          numbering: "restart",
        },
      ],
      settings,
      { whole: false, preview: true },
    );
    const library = { format: "sectionsmith/library@1", snippets: [draft, ...others] };
    return { catalogue: engine.loadLibraries([library], ["team draft"]), assembly };
  }, [engine, check, draft, others, settings, today]);
}

/** "Line 2: The body uses {{courtCity}}, which is not one of its variables." */
export function draftProblemText(p: Problem): string {
  const text = plainProblem({ ...p, place: undefined } as Problem, { sections: [], naming: "single" });
  return p.line !== undefined ? `Line ${p.line}: ${text}` : text;
}
