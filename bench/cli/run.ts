// CLI benchmark (issue 15): `sectionsmith build` of the contract example against a bare script that
// imports docx and packs a document of the same size (bench/cli/bare-docx.mjs), whole process each. A
// paired runner: the two commands alternate (AB, BA, AB, …) so load on the shared machine falls on both
// alike; CPU time (user + system, read by the process itself at exit through an --import hook, so the
// figure is the process's own) and wall clock, medians, and their ratio.
//
// The CLI keeps V8's compiled code of its chunks from one run of a command to the next (src/cli/code-cache.ts);
// a bare script gets no such cache. Both are measured: the CLI's second and later runs (its cache made by
// the warm-up run) and its first run (the cache removed before each run, so the run compiles everything
// and writes the cache at exit, as a user's first command does).

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import JSZip from "jszip";
import { machine } from "../lib/machine";
import type { Check, PartReport } from "../lib/report";
import { median, ms, ratio } from "../lib/stats";

export type CliBenchOptions = { quick?: boolean; log?: (line: string) => void };

const OUT = ".tmp/bench/cli";
const USAGE_HOOK = "bench/cli/report-usage.mjs";
const BUDGET = 1.3;

/** mainMs: the main thread's own CPU (NaN where Linux's /proc is missing). */
type Usage = { cpuMs: number; mainMs: number; wallMs: number; maxRssMb: number };

const CACHE = join(OUT, "code-cache");

function runOnce(args: readonly string[], cache: "warm" | "cold" = "warm"): Usage {
  const file = join(OUT, "usage.json");
  rmSync(file, { force: true });
  if (cache === "cold") rmSync(CACHE, { recursive: true, force: true });
  const t = performance.now();
  const run = spawnSync(process.execPath, ["--import", `./${USAGE_HOOK}`, ...args], {
    env: { ...process.env, BENCH_USAGE_FILE: file, SECTIONSMITH_CACHE_DIR: CACHE, NODE_DISABLE_COMPILE_CACHE: "" },
    encoding: "utf8",
  });
  const wallMs = performance.now() - t;
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  const usage = JSON.parse(readFileSync(file, "utf8")) as { user: number; system: number; main: number | null; maxRSS: number };
  return { cpuMs: (usage.user + usage.system) / 1000, mainMs: usage.main === null ? NaN : usage.main / 1000, wallMs, maxRssMb: usage.maxRSS / 1024 };
}

type Summary = {
  cpu: { cli: number; bare: number };
  main: { cli: number; bare: number };
  wall: { cli: number; bare: number };
  rss: { cli: number; bare: number };
  cpuRatio: number;
  wallRatio: number;
  pairRatio: number;
};

function summary({ a, b }: { a: Usage[]; b: Usage[] }): Summary {
  const cpu = { cli: median(a.map((u) => u.cpuMs)), bare: median(b.map((u) => u.cpuMs)) };
  const main = { cli: median(a.map((u) => u.mainMs)), bare: median(b.map((u) => u.mainMs)) };
  const wall = { cli: median(a.map((u) => u.wallMs)), bare: median(b.map((u) => u.wallMs)) };
  const rss = { cli: median(a.map((u) => u.maxRssMb)), bare: median(b.map((u) => u.maxRssMb)) };
  const pairRatio = median(a.map((u, i) => u.cpuMs / b[i]!.cpuMs));
  return { cpu, main, wall, rss, cpuRatio: cpu.cli / cpu.bare, wallRatio: wall.cli / wall.bare, pairRatio };
}

/**
 * Why the wall ratio can differ from the CPU ratio: the wall clock follows the main thread, and a process
 * also runs V8's compiler and GC threads beside it. Empty where the main thread's CPU is not known.
 */
function threads(s: Summary): string {
  if (Number.isNaN(s.main.cli) || Number.isNaN(s.main.bare)) return "";
  return (
    `Main thread alone: CLI ${ms(s.main.cli)} of its CPU, bare script ${ms(s.main.bare)} (${ratio(s.main.cli / s.main.bare)}); ` +
    `on other threads (V8's compiler and GC beside the main thread): CLI ${ms(s.cpu.cli - s.main.cli)}, bare script ${ms(s.cpu.bare - s.main.bare)}.`
  );
}

async function paragraphs(path: string): Promise<number> {
  const zip = await JSZip.loadAsync(readFileSync(path));
  const xml = await zip.file("word/document.xml")!.async("string");
  return (xml.match(/<w:p[ >]/g) ?? []).length;
}

export async function runCliBench(options: CliBenchOptions = {}): Promise<PartReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const machineStart = machine();
  mkdirSync(OUT, { recursive: true });
  log("  tsup (dist/cli) …");
  const tsup = spawnSync(process.execPath, ["node_modules/tsup/dist/cli-default.js", "--no-dts", "--silent"], { encoding: "utf8" });
  if (tsup.status !== 0) throw new Error(`tsup failed: ${tsup.stderr}`);

  const contract = join(OUT, "contract.docx");
  const bare = join(OUT, "bare.docx");
  const cli = ["dist/cli/index.js", "build", "examples/contract/assembly.json", "--library", "examples/contract/library.json", "-o", contract, "--quiet"];
  runOnce(cli); // the contract's size, and the file cache warm for both
  const size = await paragraphs(contract);
  const script = ["bench/cli/bare-docx.mjs", bare, String(size)];
  runOnce(script);

  const pairs = options.quick ? 3 : 15;
  /** Alternating pairs (AB, BA, …) of the CLI and the bare script. */
  const paired = (cache: "warm" | "cold"): { a: Usage[]; b: Usage[] } => {
    const a: Usage[] = [];
    const b: Usage[] = [];
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) {
        a.push(runOnce(cli, cache));
        b.push(runOnce(script));
      } else {
        b.push(runOnce(script));
        a.push(runOnce(cli, cache));
      }
    }
    return { a, b };
  };
  log("  second and later runs (V8's code cache made by the first) …");
  runOnce(cli, "cold");
  const warm = summary(paired("warm"));
  log("  first runs (no code cache yet) …");
  const cold = summary(paired("cold"));
  runOnce(cli, "cold"); // leaves a cache behind for whoever looks

  const checks: Check[] = [
    {
      what: "CLI build of the contract example vs a bare docx script (whole process)",
      figure: `CPU ${ratio(warm.cpuRatio)}, wall ${ratio(warm.wallRatio)}`,
      budget: `≤ ${BUDGET}×`,
      pass: warm.cpuRatio <= BUDGET && warm.wallRatio <= BUDGET,
      note:
        `the CLI's second and later runs (V8's code cache of its chunks, made by its first run; the bare script has none); ` +
        `medians of ${pairs} alternating pairs: CLI ${ms(warm.cpu.cli)} CPU / ${ms(warm.wall.cli)} wall, bare docx script ${ms(warm.cpu.bare)} CPU / ${ms(warm.wall.bare)} wall ` +
        `(${size} paragraphs each); median of the pairs' CPU ratios ${ratio(warm.pairRatio)}. ${threads(warm)} Where the time goes: bench/analysis.md`,
    },
    {
      what: "CLI build of the contract example vs a bare docx script, the CLI's first run (no code cache yet)",
      figure: `CPU ${ratio(cold.cpuRatio)}, wall ${ratio(cold.wallRatio)}`,
      budget: `≤ ${BUDGET}×`,
      pass: cold.cpuRatio <= BUDGET && cold.wallRatio <= BUDGET,
      note:
        `medians of ${pairs} alternating pairs, the CLI's cache removed before each of its runs (it compiles everything and writes the cache at exit): ` +
        `CLI ${ms(cold.cpu.cli)} CPU / ${ms(cold.wall.cli)} wall, bare docx script ${ms(cold.cpu.bare)} CPU / ${ms(cold.wall.bare)} wall; median of the pairs' CPU ratios ${ratio(cold.pairRatio)}. ${threads(cold)}`,
    },
  ];
  const row = (name: string, c: number, m: number, w: number, r: number): string[] => [name, ms(c), Number.isNaN(m) ? "–" : ms(m), ms(w), `${r.toFixed(0)} MB`];
  return {
    part: "cli",
    title: "CLI: building the contract example",
    machineStart,
    machineEnd: machine(),
    seconds: (performance.now() - started) / 1000,
    checks,
    tables: [
      {
        title: `Whole process, medians of ${pairs} alternating pairs`,
        head: ["command", "CPU", "main thread CPU", "wall", "peak RSS"],
        rows: [
          row("sectionsmith build (contract example), second and later runs", warm.cpu.cli, warm.main.cli, warm.wall.cli, warm.rss.cli),
          row(`bare docx script (${size} paragraphs)`, warm.cpu.bare, warm.main.bare, warm.wall.bare, warm.rss.bare),
          ["ratio", ratio(warm.cpuRatio), ratio(warm.main.cli / warm.main.bare), ratio(warm.wallRatio), ratio(warm.rss.cli / warm.rss.bare)],
          row("sectionsmith build (contract example), first run (no code cache)", cold.cpu.cli, cold.main.cli, cold.wall.cli, cold.rss.cli),
          row(`bare docx script (${size} paragraphs)`, cold.cpu.bare, cold.main.bare, cold.wall.bare, cold.rss.bare),
          ["ratio", ratio(cold.cpuRatio), ratio(cold.main.cli / cold.main.bare), ratio(cold.wallRatio), ratio(cold.rss.cli / cold.rss.bare)],
        ],
        notes: [
          "CPU = user + system time of the process, read by the process at exit (bench/cli/report-usage.mjs, loaded with --import); main thread CPU = the part of it on the main thread (Linux's schedstat), the rest ran on V8's compiler and GC threads; wall = spawn to exit, measured by the runner.",
          "Second and later runs: V8's code cache of the CLI's chunks, written by its first run of the command (src/cli/code-cache.ts). First run: that cache removed before each run.",
        ],
      },
    ],
    notes: [],
  };
}
