// Batch benchmark (issue 24): a mail-merge — 1,000 documents of 10 sections from the same snippets with
// other values each, in one process — built by the engine and by the hand-written docx floor writing the
// same 1,000 documents (bench/batch/worker.ts). Each contender in processes of its own, taking turns
// (engine, floor, floor, engine, …) so the machine's load falls on both alike; whole batch, wall clock and
// CPU, medians. Budget: the engine within 1.2× the floor.

import { join } from "node:path";
import { runChild } from "../lib/child";
import { machine } from "../lib/machine";
import type { Check, PartReport } from "../lib/report";
import { mb, median, ms, ratio } from "../lib/stats";
import type { BatchRequest, BatchResult } from "./worker";

export type BatchBenchOptions = { scripts: string; quick?: boolean; log?: (line: string) => void };

const BUDGET = 1.2;

export async function runBatchBench(options: BatchBenchOptions): Promise<PartReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const machineStart = machine();
  const documents = options.quick ? 30 : 1000;
  const rounds = options.quick ? 1 : 3;
  const results: Record<BatchRequest["contender"], BatchResult[]> = { engine: [], floor: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Array<BatchRequest["contender"]> = round % 2 === 0 ? ["engine", "floor"] : ["floor", "engine"];
    for (const contender of order) {
      const request: BatchRequest = { contender, documents, sections: 10 };
      const r = await runChild<BatchResult>(join(options.scripts, "batch-worker.mjs"), request);
      results[contender].push(r);
      log(`  ${contender} round ${round + 1}: ${ms(r.wallMs)} (CPU ${ms(r.cpuMs)}), peak ${mb(r.peakRss)}`);
    }
  }
  const wall = (c: BatchRequest["contender"]) => median(results[c].map((r) => r.wallMs));
  const cpu = (c: BatchRequest["contender"]) => median(results[c].map((r) => r.cpuMs));
  const wallRatio = wall("engine") / wall("floor");
  const failures = [...results.engine, ...results.floor].flatMap((r) => r.verification.flatMap((v) => v.failures));
  const check: Check = {
    what: `batch: ${documents.toLocaleString("en-US")} documents of 10 sections (same snippets, other values), one process`,
    figure: `${ratio(wallRatio)} the floor (CPU ${ratio(cpu("engine") / cpu("floor"))})`,
    budget: `≤ ${BUDGET}×`,
    pass: failures.length === 0 && wallRatio <= BUDGET,
    note:
      `medians of ${rounds} processes each: the engine ${ms(wall("engine"))} (CPU ${ms(cpu("engine"))}), hand-written docx ${ms(wall("floor"))} (CPU ${ms(cpu("floor"))}) for the whole batch` +
      (failures.length > 0 ? `; OUTPUT CHECK FAILED: ${failures.slice(0, 3).join("; ")}` : "") +
      (wallRatio > BUDGET ? "; where the engine's time goes: bench/analysis.md (\"The batch\")" : ""),
  };
  const row = (c: BatchRequest["contender"], name: string): string[] => {
    const rs = results[c];
    return [name, ms(wall(c)), ms(cpu(c)), ms(wall(c) / documents), mb(median(rs.map((r) => r.peakRss))), rs.every((r) => r.verification.every((v) => v.ok)) ? "✓ first and last" : "✗"];
  };
  return {
    part: "batch",
    title: "Batch: a mail-merge of 1,000 documents",
    machineStart,
    machineEnd: machine(),
    seconds: (performance.now() - started) / 1000,
    checks: [check],
    tables: [
      {
        title: `${documents.toLocaleString("en-US")} documents of 10 sections each, one process per contender (median of ${rounds})`,
        head: ["contender", "whole batch", "CPU", "per document", "peak RSS", "output check"],
        rows: [row("engine", "Sectionsmith engine (library read once, exportDocument per document)"), row("floor", "docx by hand (floor)")],
        notes: [
          "The same 10 snippets (the engine bench's first 10 sections) in every document; each document has its own client, fee, start date, mutual or one-way wording and 1–8 price rows (bench/fixtures/mail-merge.ts).",
          "Timed from the first document to the last, modules loaded and the batch's values made; the engine reads the library once (loadLibraries) and builds each document from its assembly.",
        ],
      },
    ],
    notes: [],
  };
}
