// CLI benchmark (issue 15): `sectionsmith build` of the contract example against a bare script that
// imports docx and packs a document of the same size (bench/cli/bare-docx.mjs), whole process each. A
// paired runner: the two commands alternate (AB, BA, AB, …) so load on the shared machine falls on both
// alike; CPU time (user + system, read by the process itself at exit through an --import hook, so the
// figure is the process's own) and wall clock, medians, and their ratio.

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

type Usage = { cpuMs: number; wallMs: number; maxRssMb: number };

function runOnce(args: readonly string[]): Usage {
  const file = join(OUT, "usage.json");
  rmSync(file, { force: true });
  const t = performance.now();
  const run = spawnSync(process.execPath, ["--import", `./${USAGE_HOOK}`, ...args], {
    env: { ...process.env, BENCH_USAGE_FILE: file },
    encoding: "utf8",
  });
  const wallMs = performance.now() - t;
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  const usage = JSON.parse(readFileSync(file, "utf8")) as { user: number; system: number; maxRSS: number };
  return { cpuMs: (usage.user + usage.system) / 1000, wallMs, maxRssMb: usage.maxRSS / 1024 };
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
  const a: Usage[] = [];
  const b: Usage[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      a.push(runOnce(cli));
      b.push(runOnce(script));
    } else {
      b.push(runOnce(script));
      a.push(runOnce(cli));
    }
  }
  const cpu = { cli: median(a.map((u) => u.cpuMs)), bare: median(b.map((u) => u.cpuMs)) };
  const wall = { cli: median(a.map((u) => u.wallMs)), bare: median(b.map((u) => u.wallMs)) };
  const rss = { cli: median(a.map((u) => u.maxRssMb)), bare: median(b.map((u) => u.maxRssMb)) };
  const pairRatios = a.map((u, i) => u.cpuMs / b[i]!.cpuMs);
  const cpuRatio = cpu.cli / cpu.bare;
  const wallRatio = wall.cli / wall.bare;
  const pass = cpuRatio <= BUDGET && wallRatio <= BUDGET;
  const checks: Check[] = [
    {
      what: "CLI build of the contract example vs a bare docx script (whole process)",
      figure: `CPU ${ratio(cpuRatio)}, wall ${ratio(wallRatio)}`,
      budget: `≤ ${BUDGET}×`,
      pass,
      note:
        `medians of ${pairs} alternating pairs: CLI ${ms(cpu.cli)} CPU / ${ms(wall.cli)} wall, bare docx script ${ms(cpu.bare)} CPU / ${ms(wall.bare)} wall ` +
        `(${size} paragraphs each); median of the pairs' CPU ratios ${ratio(median(pairRatios))}` +
        (pass
          ? ""
          : ". Where the difference goes (node --cpu-prof on the built CLI, bench/results.md): compiling and loading the bundled modules (zod alone ≈40 ms), checking the input, expanding templates and parsing Markdown, run cold once in a process that exits; a bare script does none of them"),
    },
  ];
  const row = (name: string, c: number, w: number, r: number): string[] => [name, ms(c), ms(w), `${r.toFixed(0)} MB`];
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
        head: ["command", "CPU", "wall", "peak RSS"],
        rows: [
          row("sectionsmith build (contract example)", cpu.cli, wall.cli, rss.cli),
          row(`bare docx script (${size} paragraphs)`, cpu.bare, wall.bare, rss.bare),
          ["ratio", ratio(cpuRatio), ratio(wallRatio), ratio(rss.cli / rss.bare)],
        ],
        notes: [
          "CPU = user + system time of the process, read by the process at exit (bench/cli/report-usage.mjs, loaded with --import); wall = spawn to exit, measured by the runner.",
        ],
      },
    ],
    notes: [],
  };
}
