// The live Word preview of a snippet being written, shared by the personal editor (SnippetEditor) and the
// team library's editor and review queue (TeamView): once the check passes, the draft is built as one
// section with its variables' defaults (placeholders for required ones, and "[Label]" for an empty optional
// one the text shows, so the preview shows where its value goes; an inserted or downloaded document keeps
// an empty optional value empty), from a library that lists the draft first (the preview pins the draft's
// version, so it wins over a saved copy of the same version).

import { useMemo } from "react";
import type { Engine } from "../engine";
import { buildAssembly } from "../model/assembly";
import type { DocumentSettings } from "../model/document";
import { usedVariables } from "../model/used-variables";
import { initialValues, previewValues } from "../model/values";
import type { RawSnippet } from "../store";
import { usePreview, type PreviewState } from "./use-preview";
import type { SnippetCheck } from "./use-snippet-check";

export type DraftPreviewInput = {
  engine: Engine | undefined;
  check: Pick<SnippetCheck, "snippet" | "library">;
  draft: RawSnippet;
  /** The rest of the library, for the snippets the draft refers to. */
  others: readonly RawSnippet[];
  settings: DocumentSettings;
  today: Date;
  /** The draft library's name in the engine's messages. */
  name: string;
};

/** The preview's state, or undefined while there is nothing to preview (the check has not passed). */
export function useDraftPreview(input: DraftPreviewInput): PreviewState | undefined {
  const { engine, check, draft, others, settings, today, name } = input;
  const built = useMemo(() => {
    if (!check.snippet || !check.library || !engine) return undefined;
    const s = check.snippet;
    const library = { format: "sectionsmith/library@1", snippets: [draft, ...others] };
    const catalogue = engine.loadLibraries([library], [name]);
    const initial = initialValues(s.variables);
    const shown = usedVariables(engine, s, s.variables, initial, catalogue.lookup, settings.locale, today);
    const values = previewValues(s.variables, initial, today, shown ? { shown } : {});
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
    return { catalogue, assembly };
  }, [engine, check.snippet, check.library, draft, others, settings, today, name]);
  const state = usePreview(built ? engine : undefined, built?.catalogue, built?.assembly);
  return built ? state : undefined;
}
