// The runner's side of the worker's results (bench/engine/worker.ts is the worker process itself: importing
// a value from it would run its main in the runner).

import type { WorkerResult } from "./worker";

/** One contender's results from several rounds (processes) as one: all runs, the highest peak, every check. */
export function merge(a: WorkerResult | undefined, b: WorkerResult): WorkerResult {
  if (!a) return b;
  const phases: Record<string, number[]> = { ...a.phases };
  for (const [k, v] of Object.entries(b.phases)) phases[k] = [...(phases[k] ?? []), ...v];
  return {
    ...b,
    totals: [...a.totals, ...b.totals],
    cpu: [...a.cpu, ...b.cpu],
    phases,
    peakRss: Math.max(a.peakRss, b.peakRss),
    baselineRss: Math.max(a.baselineRss, b.baselineRss),
    verification: a.verification.ok ? b.verification : a.verification,
  };
}
