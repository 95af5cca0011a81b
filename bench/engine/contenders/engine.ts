// Sectionsmith's engine: library + assembly (parsed JSON objects, as the CLI and the pane hold them) →
// .docx bytes through the public exportDocument. Phases come from the engine's own onProgress stages:
// validate (parse + check libraries and assembly), render (per section: values, template, Markdown,
// docx objects), pack (docx Document + Packer + our properties).

import { exportDocument } from "../../../src/engine";
import { clearMarkdownCache } from "../../../src/engine/markdown/read";
import { clearTemplateCache } from "../../../src/engine/template/parse";
import type { SectionContent } from "../../fixtures/document";
import { benchAssembly, benchLibrary } from "../../fixtures/sectionsmith";
import type { Contender } from "./types";

/** A fixed generation date: {{today}} and staleness never depend on the day the bench runs. */
export const BENCH_TODAY = new Date("2026-11-22T12:00:00Z");

type Input = { library: unknown; assembly: unknown };

export const engineContender: Contender<Input> = {
  name: "Sectionsmith engine",
  key: "engine",
  prepare: async (sections: readonly SectionContent[]) => ({ library: benchLibrary(sections), assembly: benchAssembly(sections) }),
  // A copy per run: the engine keeps what it parsed per library object (src/engine/assemble/libraries.ts),
  // and every timed run must validate the library from scratch, as a first build does. It also keeps
  // parsed Markdown by its text (src/engine/markdown/read.ts): forgotten too, so every timed run parses
  // every section, as a first build (the CLI's only one) does; and so are the parsed templates (kept by
  // their text in src/engine/template/parse.ts), so every timed run parses every snippet's template too.
  fresh: (input) => {
    clearMarkdownCache();
    clearTemplateCache();
    return { library: structuredClone(input.library), assembly: input.assembly };
  },
  async run({ library, assembly }, mark) {
    let stage = "validate";
    const result = await exportDocument(library, assembly, {
      as: "buffer",
      today: BENCH_TODAY,
      onProgress: (p) => {
        // Each stage's first event closes the previous one.
        if (p.stage !== stage) {
          mark(stage);
          stage = p.stage;
        }
      },
    });
    mark(stage);
    if (result.warnings.length > 0) throw new Error(`unexpected warnings: ${result.warnings.map((w) => w.code).join(", ")}`);
    return result.output;
  },
};
