// One at-the-limit input (tests/engine/limits/at-limit.ts) built once in a process of its own, so its
// peak memory is its own: the input is made first (not timed), then built as the CLI builds it
// (exportDocument to bytes). Prints one JSON line.
//
//   node .tmp/bench/limits-worker.mjs '{"name":"links"}'

import { exportDocument, SectionsmithError } from "../../src/engine";
import { AT_LIMIT } from "../../tests/engine/limits/at-limit";

export type LimitsRequest = { name: string };
export type LimitsResult = {
  name: string;
  /** Wall-clock ms of the build alone. */
  ms: number;
  /** Peak resident set size of the whole process, bytes (the input, Node itself and the build). */
  peakRss: number;
  /** Resident set size once the input was made, before the build. */
  inputRss: number;
  outcome: "built" | "refused";
  bytes?: number;
  codes?: string[];
};

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? "{}") as LimitsRequest;
  const entry = AT_LIMIT.find((e) => e.name === request.name);
  if (!entry) throw new Error(`no at-limit input named ${request.name}`);
  const input = entry.make();
  const inputRss = process.memoryUsage().rss;
  const started = performance.now();
  let result: Pick<LimitsResult, "outcome" | "bytes" | "codes">;
  try {
    const built = await exportDocument(input.libraries, input.assembly, { as: "buffer" });
    result = { outcome: "built", bytes: built.output.byteLength };
  } catch (error) {
    if (!(error instanceof SectionsmithError)) throw error;
    result = { outcome: "refused", codes: [...new Set(error.problems.map((p) => p.code))] };
  }
  const ms = performance.now() - started;
  // maxRSS is in kilobytes (process.resourceUsage, as getrusage reports it on Linux).
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const out: LimitsResult = { name: entry.name, ms, peakRss, inputRss, ...result };
  console.log(JSON.stringify(out));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
