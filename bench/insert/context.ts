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
  // A new array each run: the pane keeps fragments built ahead per libraries array, and this measures
  // building them (the library objects stay the same, as in a pane that has listed them already).
  return () =>
    buildInsert(
      { engine, libraries: [...libraries], libraryNames: ["starter-library.json", "bench.json"], doc, lookup: () => undefined, onProgress: () => undefined },
      undefined,
    );
}
