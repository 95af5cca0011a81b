// One contender at one size, in a process of its own (so its peak memory is its own): warm up on a small
// document, then time `runs` builds (a full GC before each for large documents), read the process's peak
// RSS, check the last output, and print one JSON line. Run with --expose-gc.
//
//   node --expose-gc .tmp/bench/engine-worker.mjs '{"contender":"engine","sections":100,"runs":7,"maxSeconds":60,"gcBetweenRuns":true}'

import { writeFile } from "node:fs/promises";
import { benchDocument, createFormatters, expected } from "../fixtures/document";
import { CONTENDERS } from "./contenders";
import type { Contender, ContenderKey } from "./contenders/types";
import { verifyDocx, type Verification } from "./verify";

export type WorkerRequest = {
  contender: ContenderKey;
  sections: number;
  runs: number;
  /** Stop starting new runs once this much time has gone (at least one run always happens). */
  maxSeconds: number;
  /** Write the last output here (for page counting). */
  save?: string;
  /**
   * A full GC before each run, so every run starts from a clean heap and the peak RSS is one build's. Worth
   * it for large documents; for small ones the forced GC costs more than the build (a run right after it
   * pays for re-growing the heap: measured 2× on 1-section builds), so they run back to back.
   */
  gcBetweenRuns: boolean;
};

export type WorkerResult = {
  contender: ContenderKey;
  sections: number;
  /** Total ms per run (wall clock). */
  totals: number[];
  /** CPU ms per run (user + system, all of the process's threads: V8's GC helpers count too). */
  cpu: number[];
  /** Per phase, ms per run (phase names are the contender's). */
  phases: Record<string, number[]>;
  /** Peak resident set size of the whole process, bytes (includes Node itself, ≈ `baselineRss`). */
  peakRss: number;
  /** RSS after loading modules, generating the input and warming up, before the timed runs. */
  baselineRss: number;
  verification: Verification;
  warmupMs: number;
};

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

type Timed = { total: number; cpu: number; phases: Record<string, number>; bytes: Uint8Array };

async function timed(c: Contender<unknown>, given: unknown): Promise<Timed> {
  const input = c.fresh ? c.fresh(given) : given;
  const phases: Record<string, number> = {};
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let last = start;
  const bytes = await c.run(input, (phase) => {
    const now = performance.now();
    phases[phase] = (phases[phase] ?? 0) + (now - last);
    last = now;
  });
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { total, cpu: (cpu.user + cpu.system) / 1000, phases, bytes };
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? "{}") as WorkerRequest;
  const contender = CONTENDERS[request.contender];
  if (!contender) throw new Error(`unknown contender ${request.contender}`);
  if (!(globalThis as { gc?: unknown }).gc) throw new Error("run with --expose-gc");

  const sections = benchDocument(request.sections);
  const input = await contender.prepare(sections);

  // Warm-up on a 10-section document: compiles the hot paths without paying for a large build twice.
  const warm = await contender.prepare(benchDocument(10));
  const warmStart = performance.now();
  for (let i = 0; i < 3; i++) await timed(contender, warm);
  const warmupMs = (performance.now() - warmStart) / 3;

  gc();
  const baselineRss = process.memoryUsage().rss;
  const totals: number[] = [];
  const cpu: number[] = [];
  const phases: Record<string, number[]> = {};
  let last: Uint8Array = new Uint8Array();
  const began = performance.now();
  for (let i = 0; i < request.runs; i++) {
    if (i > 0 && performance.now() - began > request.maxSeconds * 1000) break;
    if (request.gcBetweenRuns) gc();
    const r = await timed(contender, input);
    totals.push(r.total);
    cpu.push(r.cpu);
    for (const [k, v] of Object.entries(r.phases)) (phases[k] ??= []).push(v);
    last = r.bytes;
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;

  const base = expected(sections, createFormatters());
  const verification = await verifyDocx(last, contender.adjust ? contender.adjust(base, sections) : base);
  if (request.save) await writeFile(request.save, last);
  const result: WorkerResult = {
    contender: request.contender,
    sections: request.sections,
    totals,
    cpu,
    phases,
    peakRss,
    baselineRss,
    verification,
    warmupMs,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
