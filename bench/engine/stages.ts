// The engine's own stages — what the hand-written floor does not do — measured alone on the benchmark
// document, in one process warmed as the bench's worker warms it (three builds of 10 sections) and with a
// full GC before each timed run from 100 sections, as the worker does: the least each stage costs, set
// against the allowance the 1.15× budget leaves (bench/analysis.md). CPU ms, median and minimum.
//
//   npm run bench:stages -- 100 [runs]      (node bench/bench.mjs stages 100 7; needs --expose-gc: given)

import { parse as parseHandlebars } from "@handlebars/parser";
import { loadLibraries } from "../../src/engine/assemble/libraries";
import { prepareSection } from "../../src/engine/assemble/prepare";
import type { BuildContext } from "../../src/engine/assemble/context";
import { createExpandBudget } from "../../src/engine/limits";
import { parseMarkdown } from "../../src/engine/markdown/parse";
import { parseAssembly } from "../../src/engine/model/parse-assembly";
import { fastAssembly, fastLibrary } from "../../src/engine/model/fast-parse";
import { CHECK_KIT } from "../../src/engine/render/check-kit";
import { DocumentState } from "../../src/engine/render/context";
import { escapeValue } from "../../src/engine/template/escape";
import { clearTemplateCache, parseTemplate } from "../../src/engine/template/parse";
import { benchDocument, createFormatters, type SectionContent } from "../fixtures/document";
import { benchAssembly, benchLibrary, snippetBody } from "../fixtures/sectionsmith";
import { BENCH_TODAY, engineContender } from "./contenders/engine";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The Markdown the templates make of a section: values formatted and escaped, rows repeated. */
function expandedMarkdown(s: SectionContent, f: ReturnType<typeof createFormatters>): string {
  const v = s.values;
  return snippetBody(s)
    .replace(/\{\{#each rows\}\}\n([^\n]*)\n\{\{\/each\}\}/, (_, row: string) =>
      v.rows
        .map((r) => row.replace("{{item}}", escapeValue(r.item)).replace("{{qty}}", String(r.qty)).replace("{{price}}", escapeValue(f.money(r.price))))
        .join("\n"),
    )
    .replace(/\{\{#if mutual\}\}(.*)\{\{else\}\}(.*)\{\{\/if\}\}/, (_, yes: string, no: string) => (v.mutual ? yes : no))
    .replaceAll("{{client}}", escapeValue(v.client))
    .replaceAll("{{start}}", escapeValue(f.date(v.start)))
    .replaceAll("{{fee}}", escapeValue(f.money(v.fee)));
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 100);
  const runs = Number(process.argv[3] ?? 7);
  const doc = benchDocument(n);
  const f = createFormatters();
  const markdown = doc.map((s) => expandedMarkdown(s, f));
  const bodies = doc.map(snippetBody);
  const library = benchLibrary(doc);
  const assembly = benchAssembly(doc);

  let timedInside: number | undefined;
  const stages: Record<string, (k: number) => void> = {
    "the engine's Markdown parse (micromark + mdast-util-from-markdown + GFM)": (k) => {
      for (let i = 0; i < k; i++) parseMarkdown(markdown[i]!);
    },
    "Handlebars' parse alone": (k) => {
      for (let i = 0; i < k; i++) parseHandlebars(bodies[i]!);
    },
    "the engine's template parse (parse-fast.ts; the library for what it leaves)": (k) => {
      clearTemplateCache();
      for (let i = 0; i < k; i++) parseTemplate(bodies[i]!);
    },
    "the schema check alone (fast-parse.ts, generated from the zod schemas; library + assembly)": () => {
      fastLibrary(structuredClone(library));
      fastAssembly(assembly);
    },
    "validation (loadLibraries + parseAssembly)": () => {
      loadLibraries([structuredClone(library)]);
      parseAssembly(assembly);
    },
    "templates (prepareSection: values, template parse and expansion; parsed bodies forgotten first, as the bench does)": (k) => {
      clearTemplateCache();
      const libs = loadLibraries([structuredClone(library)]);
      const parsed = parseAssembly(assembly);
      if (!parsed.ok) throw new Error("invalid assembly");
      const state = new DocumentState({ docx: CHECK_KIT, draftingNotes: false, today: BENCH_TODAY, contentWidthTwips: 9000 });
      const ctx: BuildContext = { assembly: parsed.value, libs, today: BENCH_TODAY, budget: createExpandBudget(), state, problems: [], snippets: [], assemblySource: undefined };
      const start = cpu();
      for (let i = 0; i < k; i++) prepareSection(ctx, i);
      timedInside = cpu() - start;
    },
  };

  // As the worker: three builds of 10 sections, and each stage run on 10 sections as often.
  const warm = await engineContender.prepare(benchDocument(10));
  for (let i = 0; i < 3; i++) await engineContender.run(engineContender.fresh!(warm), () => undefined);
  for (const run of Object.values(stages)) for (let i = 0; i < 3; i++) run(Math.min(10, n));

  const floorOf = (t: number[]): string => {
    const s = [...t].sort((a, b) => a - b);
    return `${s[s.length >> 1]!.toFixed(1)} ms (min ${s[0]!.toFixed(1)})`;
  };
  console.log(`${n} sections, ${markdown.reduce((a, b) => a + b.length, 0).toLocaleString("en-US")} characters of expanded Markdown, ${runs} runs each (CPU, median):`);
  for (const [name, run] of Object.entries(stages)) {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      if (n >= 100) gc();
      timedInside = undefined;
      const start = cpu();
      run(n);
      times.push(timedInside ?? cpu() - start);
    }
    console.log(`  ${name}: ${floorOf(times)}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
