import { readFileSync } from "node:fs";
import { loadLibraries, type Catalogue } from "../../src/engine/core";
import type { OutlineSection } from "../../src/taskpane/model/document";

// Outlines for tests that insert from the pane's model: sections of the starter library as the
// Document tab holds them.

/** The starter library (assets/starter-library.json) as the engine parses it. */
export function starterCatalogue(): Catalogue {
  const starter: unknown = JSON.parse(readFileSync("assets/starter-library.json", "utf8"));
  return loadLibraries([starter], ["starter-library.json"]);
}

/** An outline section: snippet `snippet` with `values`, its heading level as written, numbering restarted. */
export const outlineSection = (key: string, snippet: string, values: OutlineSection["values"]): OutlineSection => ({
  key,
  snippet,
  title: snippet,
  values,
  headingOffset: 0,
  pageBreakBefore: false,
  numbering: "restart",
});

/** The starter's report title page (with its table of contents), every variable filled. */
export const titlePage = (key: string): OutlineSection =>
  outlineSection(key, "report-title-page", {
    reportTitle: "Annual review",
    author: "Ada Lovelace",
    reportDate: "2026-11-20",
    classification: "Internal",
  });
