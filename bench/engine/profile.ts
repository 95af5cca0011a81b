// Where does a contender's time go? Runs it under V8's sampling profiler (node:inspector, in-process)
// and prints self time by function and by package/source directory, plus the .cpuprofile for DevTools.
//
//   npm run bench:profile -- engine 100        (target, size, [runs])
//   targets: floor | engine | docxtemplater | html-to-docx (size = sections); engine-rebuild (the same
//   document again, parsed Markdown kept); insert (the pane's Insert,
//   size = sections); search, search-index (size = snippets in the library)

import { writeFile } from "node:fs/promises";
import { Session, type Profiler, type Runtime } from "node:inspector";
import { findSourceMap } from "node:module";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import * as engine from "../../src/engine";
import { insertRunner } from "../insert/context";
import { benchDocument } from "../fixtures/document";
import { searchLibrary } from "../search/library";
import { SESSIONS } from "../search/run";
import { CONTENDERS } from "./contenders";
import { engineContender } from "./contenders/engine";
import { clearMarkdownCache } from "../../src/engine/markdown/read";
import { clearTemplateCache } from "../../src/engine/template/parse";
import type { ContenderKey } from "./contenders/types";

type Node = Profiler.ProfileNode;

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );
}

/** "node_modules/docx" , "src/engine/render", … : where a function lives, coarse enough to act on. */
export function area(url: string): string {
  if (!url) return "(native/V8)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return `node_modules/${nm[1]}`;
  const src = /\/((?:src|bench)\/.+)$/.exec(url);
  if (src) return src[1]!.replace(/\/[^/]+$/, "");
  if (url.startsWith("node:")) return "node:*";
  return url.replace(/^.*\/work\/main\//, "");
}

/** A frame's file: repository-relative for our sources, the package for dependencies. */
function file(url: string): string {
  const ours = /\/((?:src|bench)\/.+)$/.exec(url);
  return ours ? ours[1]! : area(url);
}

/**
 * The bench is one esbuild bundle (engine sources included): map a frame back to its original file with
 * the bundle's source map (run node with --enable-source-maps), so the engine's own code shows as src/….
 */
function original(frame: Runtime.CallFrame): { url: string; line: number } {
  const { url, lineNumber, columnNumber } = frame;
  if (!url.startsWith("file:") || !url.includes("/.tmp/bench/")) return { url, line: lineNumber };
  const entry = findSourceMap(url)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  return entry?.originalSource ? { url: entry.originalSource, line: entry.originalLine ?? 0 } : { url, line: lineNumber };
}

/** Pipeline steps: time spent inside each (inclusive), found by function name (and area when ambiguous). */
const STEPS: ReadonlyArray<{ label: string; fn: string; area?: string }> = [
  { label: "pane: buildInsert", fn: "buildInsert" },
  { label: "engine: exportDocument", fn: "exportDocument" },
  { label: "engine: loadLibraries (validate libraries)", fn: "loadLibraries" },
  { label: "engine: parseAssembly (validate assembly)", fn: "parseAssembly" },
  { label: "engine: prepareSection (values + template)", fn: "prepareSection" },
  { label: "  collectVariables", fn: "collectVariables" },
  { label: "  resolveValues", fn: "resolveValues" },
  { label: "  expandTemplate", fn: "expandTemplate" },
  { label: "engine: readMarkdown (limits scan + parse, trees kept by text)", fn: "readMarkdown" },
  { label: "  parseMarkdown (micromark + mdast + GFM)", fn: "parseMarkdown" },
  { label: "    micromark extension setup (combineExtensions)", fn: "combineExtensions" },
  { label: "engine: renderSection (parsed tree → docx objects)", fn: "renderSection" },
  { label: "engine: createDocument", fn: "createDocument" },
  { label: "floor: buildFloorDocument", fn: "buildFloorDocument" },
  { label: "docx: Compiler.compile (objects → XML strings)", fn: "compile", area: "node_modules/docx" },
  { label: "docx: zipFiles (fflate DEFLATE)", fn: "zipFiles" },
  { label: "engine: toFragment (JSZip: unzip, prune styles, re-zip)", fn: "toFragment" },
  { label: "docxtemplater: render", fn: "render", area: "node_modules/docxtemplater" },
  { label: "pizzip: generate", fn: "generate", area: "node_modules/pizzip" },
  { label: "search: MiniSearch.search", fn: "search", area: "node_modules/minisearch" },
  { label: "search: MiniSearch addAll", fn: "addAll", area: "node_modules/minisearch" },
  { label: "search: foldTerm (NFD + strip marks)", fn: "foldTerm" },
  { label: "search: plainText", fn: "plainText" },
  { label: "search: sort for empty query (localeCompare)", fn: "byCategoryThenTitle" },
];

function inclusive(profile: Profiler.Profile, dt: Map<number, number>): Array<{ label: string; ms: number }> {
  const nodes = profile.nodes as Node[];
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const matches = (n: Node, step: (typeof STEPS)[number]) =>
    n.callFrame.functionName === step.fn && (!step.area || area(original(n.callFrame).url) === step.area);
  const totals = STEPS.map(() => 0);
  for (const n of nodes) {
    const self = dt.get(n.id) ?? 0;
    if (self === 0) continue;
    const hit = STEPS.map(() => false);
    for (let cur: Node | undefined = n; cur; cur = byId.get(parent.get(cur.id) ?? -1)) {
      STEPS.forEach((step, i) => {
        if (!hit[i] && matches(cur!, step)) hit[i] = true;
      });
    }
    hit.forEach((h, i) => {
      if (h) totals[i]! += self;
    });
  }
  return STEPS.map((s, i) => ({ label: s.label, ms: totals[i]! })).filter((s) => s.ms > 0);
}

export type ProfileSummary = {
  totalMs: number;
  steps: Array<{ label: string; ms: number; pct: number }>;
  byFunction: Array<{ name: string; where: string; selfMs: number; pct: number }>;
  byArea: Array<{ area: string; selfMs: number; pct: number }>;
};

export function summarise(profile: Profiler.Profile, top = 25): ProfileSummary {
  const dt = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) dt.set(samples[i]!, (dt.get(samples[i]!) ?? 0) + (deltas[i] ?? 0) / 1000);
  const fn = new Map<string, { name: string; where: string; selfMs: number }>();
  const areas = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes as Node[]) {
    const self = dt.get(node.id) ?? 0;
    if (self === 0) continue;
    const { functionName } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    const { url, line: lineNumber } = original(node.callFrame);
    total += self;
    const where = `${file(url)}:${lineNumber + 1}`;
    const key = `${functionName}@${url}:${lineNumber}`;
    const entry = fn.get(key) ?? { name: functionName || "(anonymous)", where, selfMs: 0 };
    entry.selfMs += self;
    fn.set(key, entry);
    const a = functionName === "(garbage collector)" ? "(garbage collector)" : area(url);
    areas.set(a, (areas.get(a) ?? 0) + self);
  }
  const pct = (ms: number) => (100 * ms) / (total || 1);
  return {
    totalMs: total,
    steps: inclusive(profile, dt).map((x) => ({ ...x, pct: pct(x.ms) })),
    byFunction: [...fn.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top).map((f) => ({ ...f, pct: pct(f.selfMs) })),
    byArea: [...areas].sort((a, b) => b[1] - a[1]).map(([area, selfMs]) => ({ area, selfMs, pct: pct(selfMs) })),
  };
}

/**
 * "insert": what the task pane does on Insert (src/taskpane/hooks/build-pieces.ts, run as is): one fragment
 * export of the whole outline, given every library the pane holds (the starter library and the imported one).
 */
async function insertTarget(size: number): Promise<{ name: string; run: () => Promise<unknown> }> {
  const insert = await insertRunner(size);
  return {
    name: "Task pane Insert (buildInsert)",
    // The Markdown trees kept by the last run are forgotten: Insert clicked before anything was built.
    run: () => {
      clearMarkdownCache();
      clearTemplateCache();
      return insert();
    },
  };
}

/** "search": every typed session of the search benchmark against a library of `size` snippets. */
function searchTarget(size: number): { name: string; run: () => Promise<unknown> } {
  const parsed = engine.parseLibrary(searchLibrary(size));
  if (!parsed.ok) throw new Error("invalid search library");
  const index = engine.createSnippetIndex(parsed.value.snippets);
  const today = new Date("2026-11-22T12:00:00Z");
  return {
    name: "Search keystrokes (SnippetIndex.search)",
    run: async () => {
      for (const s of SESSIONS) for (const q of s.queries) index.search(q, { ...s.filters, today });
    },
  };
}

/** "search-index": building the index (createSnippetIndex) over a parsed library of `size` snippets. */
function searchIndexTarget(size: number): { name: string; run: () => Promise<unknown> } {
  const parsed = engine.parseLibrary(searchLibrary(size));
  if (!parsed.ok) throw new Error("invalid search library");
  return { name: "Search index build (createSnippetIndex)", run: async () => engine.createSnippetIndex(parsed.value.snippets) };
}

async function target(key: string, size: number): Promise<{ name: string; run: () => Promise<unknown> }> {
  if (key === "insert") return insertTarget(size);
  if (key === "search") return searchTarget(size);
  if (key === "search-index") return searchIndexTarget(size);
  if (key === "engine-rebuild") {
    // The same document built again in the same process, the Markdown trees of the last build kept (as
    // the pane's rebuilds after an edit elsewhere in the outline): the engine minus most of its parsing.
    const input = await engineContender.prepare(benchDocument(size));
    return { name: "Sectionsmith engine, rebuilt (Markdown trees kept)", run: () => engineContender.run({ library: structuredClone(input.library), assembly: input.assembly }, () => undefined) };
  }
  const contender = CONTENDERS[key as ContenderKey];
  if (!contender) throw new Error(`unknown target ${key} (insert, ${Object.keys(CONTENDERS).join(", ")})`);
  const input = await contender.prepare(benchDocument(size));
  return { name: contender.name, run: () => contender.run(contender.fresh ? contender.fresh(input) : input, () => undefined) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const asBench = args.includes("--as-bench");
  const [key = "engine", size = "100", runsArg = "3"] = args.filter((a) => a !== "--as-bench");
  const { name, run } = await target(key, Number(size));
  const t0 = performance.now();
  let gc = (): void => undefined;
  if (asBench) {
    // bench/engine/worker.ts: three warm-up builds of 10 sections, a full GC before each timed build.
    const warm = await target(key, 10);
    for (let i = 0; i < 3; i++) await warm.run();
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  } else {
    await run(); // warm-up, not profiled
  }
  console.log(`warm-up: ${(performance.now() - t0).toFixed(0)} ms`);
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: 200 });
  await post(session, "Profiler.start");
  const times: number[] = [];
  for (let i = 0; i < Number(runsArg); i++) {
    if (asBench && Number(size) >= 100) gc();
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const { profile } = await post<{ profile: Profiler.Profile }>(session, "Profiler.stop");
  session.disconnect();
  const file = `.tmp/bench/${key}-${size}.cpuprofile`;
  await writeFile(file, JSON.stringify(profile));
  const s = summarise(profile);
  const row = (ms: number, pct: number) => `${ms.toFixed(0).padStart(7)} ms ${pct.toFixed(1).padStart(5)}%`;
  console.log(`\n${name}, ${size} sections, ${runsArg} runs (${times.map((t) => t.toFixed(0)).join(", ")} ms, profiled): ${s.totalMs.toFixed(0)} ms sampled (profile: ${file})\n`);
  console.log("Inclusive time by pipeline step (GC is counted apart, under areas):");
  for (const x of s.steps) console.log(`${row(x.ms, x.pct)}  ${x.label}`);
  console.log("\nSelf time by area:");
  for (const a of s.byArea.slice(0, 15)) console.log(`${row(a.selfMs, a.pct)}  ${a.area}`);
  console.log("\nSelf time by function:");
  for (const f of s.byFunction) console.log(`${row(f.selfMs, f.pct)}  ${f.name}  (${f.where})`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
