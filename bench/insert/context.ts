// What the task pane's Insert works on for the benchmarks (bench/insert, bench:profile insert): every
// library the pane holds (the starter library and the imported benchmark library) and an outline of
// `size` benchmark sections, for src/taskpane/hooks/build-pieces.ts's buildInsert, run as is.

import { readFile } from "node:fs/promises";
import * as engine from "../../src/engine";
import { DEFAULT_SETTINGS } from "../../src/taskpane/model/document";
import { buildInsert } from "../../src/taskpane/hooks/build-pieces";
import { benchDocument } from "../fixtures/document";
import { benchLibrary } from "../fixtures/sectionsmith";

export async function insertRunner(size: number): Promise<() => ReturnType<typeof buildInsert>> {
  const starter: unknown = JSON.parse(await readFile("assets/starter-library.json", "utf8"));
  const sections = benchDocument(size);
  const libraries = [starter, benchLibrary(sections)];
  // Parsed once, as the pane holds its libraries (a Catalogue) before Insert is clicked.
  const catalogue = engine.loadLibraries(libraries, ["starter-library.json", "bench.json"]);
  const doc = {
    settings: { ...DEFAULT_SETTINGS, locale: "en-GB" },
    sections: sections.map((s, i) => ({
      key: `k${i}`,
      snippet: `clause-${i + 1}`,
      version: 1,
      title: s.title,
      values: { ...s.values, rows: s.values.rows.map((r) => ({ ...r })) },
      headingOffset: 0,
      pageBreakBefore: false,
      numbering: "restart" as const,
    })),
  };
  // A new catalogue object each run (the same parsed libraries): the pane keeps fragments built ahead
  // per catalogue, and this measures building them.
  return () =>
    buildInsert(
      { engine, catalogue: { ...catalogue }, doc, lookup: () => undefined, onProgress: () => undefined },
      undefined,
    );
}
