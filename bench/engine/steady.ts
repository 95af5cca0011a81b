// The engine and the floor once a process is warm (information beside the budget runs). The budget runs
// time a process's first builds of a size (three small warm-up builds, then the timed ones): the engine's
// larger code is still being optimized by V8 then (bench/analysis.md, "the JIT warm-up"). Here each
// process first builds the timed document itself several times, untimed, so the timed builds show what
// the same work costs after V8's tier-up — the part of the budget ratio that is warm-up, not work.

import { join } from "node:path";
import { runChild } from "../lib/child";
import type { Table } from "../lib/report";
import { median, ms, ratio } from "../lib/stats";
import type { ContenderKey } from "./contenders/types";
import type { Size } from "./run";
import { merge } from "./merge";
import type { WorkerRequest, WorkerResult } from "./worker";

/** Untimed builds of the timed document before timing, by size: about a second of work per process. */
const STEADY: Record<number, { steady: number; runs: number }> = {
  1: { steady: 40, runs: 5 },
  10: { steady: 30, runs: 5 },
  100: { steady: 5, runs: 1 },
  1000: { steady: 1, runs: 1 },
};
const ROUNDS = 3;
/** The held floor too: in a warm process the GCs between builds free the plain floor's docx classes, not the engine's (it holds a specimen). */
const WARM: readonly ContenderKey[] = ["floor", "engine", "floor-held"];
const NAMES: Partial<Record<ContenderKey, string>> = { floor: "docx by hand (floor)", engine: "Sectionsmith engine", "floor-held": "docx by hand, holding a specimen" };

export type SteadyResults = Map<string, WorkerResult>;

export async function runSteady(scripts: string, sizes: readonly Size[], log: (line: string) => void): Promise<SteadyResults> {
  const out: SteadyResults = new Map();
  for (const size of sizes) {
    const plan = STEADY[size.sections];
    if (!plan) continue;
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of WARM.map((_, i) => WARM[(i + round) % WARM.length]!)) {
        const request: WorkerRequest = {
          contender: c,
          sections: size.sections,
          runs: plan.runs,
          maxSeconds: size.maxSeconds,
          gcBetweenRuns: size.sections >= 100,
          steady: plan.steady,
        };
        const k = `${c}@${size.sections}`;
        try {
          const r = await runChild<WorkerResult>(join(scripts, "engine-worker.mjs"), request, ["--expose-gc"]);
          out.set(k, merge(out.get(k), r));
        } catch (e) {
          // Information only: a failure here is reported by the budget runs of the same size.
          log(`  warm ${c} × ${size.sections}: failed (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
        }
      }
    }
    const e = out.get(`engine@${size.sections}`);
    const f = out.get(`floor@${size.sections}`);
    if (e && f) log(`  warm × ${size.sections}: engine ${ms(median(e.totals))}, floor ${ms(median(f.totals))}`);
  }
  return out;
}

/** Engine ÷ floor of the warm processes, wall and CPU, per size that both finished. */
export function steadyRatios(results: SteadyResults, sizes: readonly Size[], floor: "floor" | "floor-held" = "floor"): Array<{ n: number; wall: number; cpu: number }> {
  return sizes.flatMap((s) => {
    const e = results.get(`engine@${s.sections}`);
    const f = results.get(`${floor}@${s.sections}`);
    return e && f ? [{ n: s.sections, wall: median(e.totals) / median(f.totals), cpu: median(e.cpu) / median(f.cpu) }] : [];
  });
}

export function steadyTable(results: SteadyResults, sizes: readonly Size[]): Table {
  const rows = sizes.flatMap((s) => {
    const plan = STEADY[s.sections];
    const f = results.get(`floor@${s.sections}`);
    return WARM.flatMap((c) => {
      const r = results.get(`${c}@${s.sections}`);
      if (!r || !plan) return [];
      const label = s.sections.toLocaleString("en-US");
      return [[label, NAMES[c] ?? c, String(plan.steady), String(r.totals.length), ms(median(r.totals)), ms(median(r.cpu)), f ? ratio(median(r.totals) / median(f.totals)) : "–", f ? ratio(median(r.cpu) / median(f.cpu)) : "–"]];
    });
  });
  return {
    title: `Warm processes (information): each builds the timed document untimed first, then times it; ${ROUNDS} rounds, a fresh process each`,
    head: ["sections", "contender", "untimed builds first", "runs", "median", "CPU", "× floor", "× floor CPU"],
    rows,
    notes: [
      "The budget runs above time a process's first builds of each size (after three 10-section warm-up builds), as a CLI run or a first Insert would. Here V8 has finished optimizing the code each contender uses before the timed builds start: the difference between the two ratios is warm-up, the rest is work the engine does and the floor does not (validation, templates, Markdown).",
    ],
  };
}
