import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { PROBLEM_CODES, type Problem } from "../../src/engine";
import { checkDocxAll } from "../support/ooxml-check";
import { keepCheckedDocx } from "../support/ooxml/keep-checked";
import type { FuzzInput } from "./arbitraries/documents";
import type { Outcome, WorkerRequest, WorkerResponse } from "./protocol";
import { WORKER_BUNDLE } from "./setup";
import { expectWithMessage } from "../support/expect-message";

// The fuzz property, for any generated build input:
//   (a) the build succeeds, the file has no character XML 1.0 forbids (nor an engine sentinel), and it
//       passes checkDocx (ECMA-376 schemas + references + Word rules), checked in batches after the run; or
//   (b) it throws a SectionsmithError whose every problem has a catalogue code, a message and a path;
// and nothing else: no other exception, no case that runs past CASE_TIMEOUT_MS (the worker is stopped).
// Failures print the seed and the run's path: FUZZ_SEED=<seed> FUZZ_PATH=<path> replays exactly that case.

const OUTPUT = fileURLToPath(new URL("./.output/", import.meta.url));
const CASE_TIMEOUT_MS = Number(process.env.FUZZ_CASE_TIMEOUT_MS ?? 30_000);
const SLOW_CASE_MS = 5_000;
/**
 * With CHECKED_DOCX_DIR set, every OPENXML_SAMPLE_EVERY-th case's valid document is kept for the Open XML
 * SDK validator (npm run test:openxml): a sample chosen by case index, named with the seed and index
 * that replay it, so a document the validator rejects can be rebuilt.
 */
const OPENXML_SAMPLE_EVERY = 25;
/** FUZZ_SCALE=0.1 runs a tenth of the cases (for a quick local run). */
export const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

/**
 * fast-check's replay parameters for the property tests outside runFuzz: a failure prints its seed and
 * path ("{ seed: …, path: "…" }"); FUZZ_SEED=<seed> FUZZ_PATH=<path> npm run test:fuzz -- -t '<test name>'
 * runs exactly that case again. Without them every run draws a new seed.
 */
export function replay(): { seed?: number; path?: string; endOnFailure?: boolean } {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return {
    ...(seed ? { seed: Number(seed) } : {}),
    ...(path ? { path, endOnFailure: true } : {}),
  };
}

/** Problems that concern a whole file have the root path "". */
const FILE_LEVEL = new Set([
  "JSON_SYNTAX",
  "TEXT_REPLACEMENT_CHARACTER",
  "FIELD_TYPE",
  "FIELD_REQUIRED",
  "FORMAT_UNKNOWN",
  "LIMIT_FILE_SIZE",
  "LIMIT_FILE_DEPTH",
  "CHARACTERS_REMOVED",
]);

class EngineWorker {
  private worker: Worker | undefined;
  private next = 0;
  private waiting = new Map<number, (r: WorkerResponse) => void>();

  private start(): Worker {
    const worker = new Worker(WORKER_BUNDLE);
    worker.on("message", (r: WorkerResponse) => {
      this.waiting.get(r.id)?.(r);
      this.waiting.delete(r.id);
    });
    worker.on("error", (e) => {
      for (const [id, resolve] of this.waiting)
        resolve({
          id,
          kind: "escaped",
          where: "worker",
          name: e.name,
          message: e.message,
          stack: e.stack ?? "",
          ms: 0,
        });
      this.waiting.clear();
      this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  run(input: FuzzInput): Promise<Outcome> {
    const worker = this.worker ?? this.start();
    const id = this.next++;
    const started = performance.now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        // The only way to stop synchronous work: end the thread, start a fresh one for the next case.
        void worker.terminate();
        if (this.worker === worker) this.worker = undefined;
        resolve({ id, kind: "timeout", ms: performance.now() - started });
      }, CASE_TIMEOUT_MS);
      this.waiting.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      worker.postMessage({ id, input } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

function problemFault(p: Problem): string | undefined {
  if (typeof p.code !== "string" || !Object.hasOwn(PROBLEM_CODES, p.code))
    return `unknown code ${JSON.stringify(p.code)}`;
  if (p.severity !== "error" && p.severity !== "warning")
    return `${p.code}: severity ${JSON.stringify(p.severity)}`;
  if (typeof p.message !== "string" || p.message.trim() === "") return `${p.code}: empty message`;
  if (typeof p.path !== "string") return `${p.code}: no path`;
  if (p.path === "" && !FILE_LEVEL.has(p.code)) return `${p.code}: empty path (${p.message})`;
  for (const key of ["line", "column"] as const) {
    const n = p[key];
    if (n !== undefined && !(Number.isInteger(n) && n >= 1)) return `${p.code}: ${key} ${String(n)}`;
  }
  return undefined;
}

/** Why an outcome breaks the property, or undefined when it keeps it. */
export function outcomeFault(outcome: Outcome, inputHasReplacementChar: boolean): string | undefined {
  switch (outcome.kind) {
    case "timeout":
      return `the build did not finish within ${CASE_TIMEOUT_MS} ms`;
    case "escaped":
      return `${outcome.where} threw ${outcome.name}: ${outcome.message}\n${outcome.stack}`;
    case "coded": {
      if (!outcome.problems.some((p) => p.severity === "error"))
        return "a SectionsmithError without any error";
      const faults = outcome.problems.map(problemFault).filter((f) => f !== undefined);
      return faults.length > 0 ? `malformed problems: ${faults.slice(0, 5).join("; ")}` : undefined;
    }
    case "built": {
      if (outcome.forbidden.length > 0)
        return `forbidden characters in the file: ${outcome.forbidden.join("; ")}`;
      // Lone surrogates the engine itself made (by cutting a pair in two) reach the file as U+FFFD.
      if (outcome.replacementChars > 0 && !inputHasReplacementChar)
        return `${outcome.replacementChars} U+FFFD in the file that the input did not have`;
      const faults = outcome.warnings.map(problemFault).filter((f) => f !== undefined);
      if (outcome.warnings.some((w) => w.severity !== "warning"))
        return "an error among the warnings of a successful build";
      return faults.length > 0 ? `malformed warnings: ${faults.slice(0, 5).join("; ")}` : undefined;
    }
  }
}

/** JSON for a report: lone surrogates and other oddities survive as escapes, non-JSON values as tags. */
function serialise(value: unknown): string {
  const seen = new WeakSet<object>(); // hostile inputs may hold cycles: report them, do not crash on them
  return JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === "object" && v !== null) {
        if (seen.has(v)) return "[circular]";
        seen.add(v);
      }
      if (typeof v === "bigint") return `[bigint ${v}]`;
      if (typeof v === "number" && !Number.isFinite(v)) return `[number ${v}]`;
      if (v instanceof Map) return `[Map ${v.size}]`;
      if (v instanceof Set) return `[Set ${v.size}]`;
      return v;
    },
    1,
  );
}

export type FuzzStats = {
  cases: number;
  built: number;
  coded: number;
  checked: number;
  /** Wall time of the whole run, and the part of it the worker spent building. */
  ms: number;
  buildMs: number;
  slowest: number;
  codes: Map<string, number>;
};

type Pending = { bytes: Uint8Array; runIndex: number; input: FuzzInput };

/**
 * Runs `runs` generated cases through the property and schema-checks every document that was built, in
 * batches of `batchSize` (one xmllint run each, overlapping the builds). Fails on the first property
 * violation (fast-check shrinks it and prints seed and path) or, after the run, on any invalid document
 * (its input is written to tests/fuzz/.output/ with its seed and path).
 */
export async function runFuzz(
  name: string,
  arbitrary: fc.Arbitrary<FuzzInput>,
  options: { runs: number; batchSize?: number },
): Promise<FuzzStats> {
  const seed = process.env.FUZZ_SEED
    ? Number(process.env.FUZZ_SEED)
    : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const path = process.env.FUZZ_PATH;
  const runs = Math.max(1, Math.round(options.runs * SCALE));
  const batchSize = options.batchSize ?? 100;
  console.log(`[fuzz] ${name}: ${runs} cases, seed ${seed}${path ? `, path ${path}` : ""}`);

  const worker = new EngineWorker();
  const stats: FuzzStats = {
    cases: 0,
    built: 0,
    coded: 0,
    checked: 0,
    ms: 0,
    buildMs: 0,
    slowest: 0,
    codes: new Map(),
  };
  const started = performance.now();
  let batch: Pending[] = [];
  const checks: Array<Promise<string[]>> = [];
  const flush = (): void => {
    if (batch.length === 0) return;
    const docs = batch;
    batch = [];
    checks.push(
      checkDocxAll(
        docs.map((d) => d.bytes),
        { keep: false },
      ).then((results) => {
        stats.checked += results.length;
        return results.flatMap((r, i) => {
          const doc = docs[i]!;
          if (r.ok) {
            if (doc.runIndex % OPENXML_SAMPLE_EVERY === 0 && r.notes.every((n) => !n.startsWith("allowed: ")))
              keepCheckedDocx(doc.bytes, `tests-fuzz-${name}-seed${seed}-path${doc.runIndex}`);
            return [];
          }
          mkdirSync(OUTPUT, { recursive: true });
          const file = `${OUTPUT}${name.replace(/\W+/g, "-")}-${seed}-${doc.runIndex}.json`;
          writeFileSync(file, serialise(doc.input));
          return [
            `FUZZ_SEED=${seed} FUZZ_PATH=${doc.runIndex} (input in ${file}):\n    ${r.errors.slice(0, 8).join("\n    ")}`,
          ];
        });
      }),
    );
  };

  let runIndex = 0;
  try {
    await fc.assert(
      // Shrinking re-runs builds: a bounded number of shrink steps keeps a failing run to minutes.
      fc.asyncProperty(fc.limitShrink(arbitrary, 200), async (input) => {
        const index = runIndex++;
        const outcome = await worker.run(input);
        // U+FFFD may come from the input, or from a numeric character reference Markdown must replace (&#0;).
        const text = serialise(input);
        const fault =
          outcomeFault(outcome, text.includes("\uFFFD") || text.includes("&#")) ??
          (input.mustFail !== undefined && outcome.kind === "built"
            ? `built, but must be refused: ${input.mustFail}`
            : undefined);
        if (fault) throw new Error(`${name}: ${fault}`);
        stats.cases++;
        stats.slowest = Math.max(stats.slowest, outcome.ms);
        if (outcome.ms > SLOW_CASE_MS) {
          // Not a failure (the timeout is), but worth a look: a slow case is how a hang starts.
          mkdirSync(OUTPUT, { recursive: true });
          const file = `${OUTPUT}${name.replace(/\W+/g, "-")}-${seed}-${index}-slow.json`;
          writeFileSync(file, serialise(input));
          console.log(`[fuzz] ${name}: case ${index} took ${Math.round(outcome.ms)} ms (input in ${file})`);
        }
        stats.buildMs += outcome.ms;
        if (outcome.kind === "built") {
          stats.built++;
          batch.push({ bytes: outcome.bytes, runIndex: index, input });
          if (batch.length >= batchSize) flush();
        } else if (outcome.kind === "coded") {
          stats.coded++;
          for (const code of new Set(
            outcome.problems.filter((p) => p.severity === "error").map((p) => p.code),
          ))
            stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
        }
      }),
      {
        seed,
        numRuns: runs,
        ...(path ? { path, endOnFailure: true } : {}),
        // fast-check's own report prints the whole counterexample, which can be megabytes: save it to a
        // file and print its start, with the seed and path that replay it.
        reporter: (details) => {
          if (!details.failed) return;
          mkdirSync(OUTPUT, { recursive: true });
          const file = `${OUTPUT}${name.replace(/\W+/g, "-")}-${details.seed}-counterexample.json`;
          const example = details.counterexample?.[0];
          writeFileSync(file, serialise(example));
          const error =
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : String(details.errorInstance);
          const shown = serialise(example).slice(0, 3000);
          throw new Error(
            `${error}\n  replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ""} npm run test:fuzz` +
              `\n  after ${details.numRuns} cases and ${details.numShrinks} shrinks; counterexample in ${file}:\n${shown}`,
          );
        },
      },
    );
  } finally {
    await worker.close();
  }
  flush();
  const invalid = (await Promise.all(checks)).flat();
  stats.ms = performance.now() - started;
  const top = [...stats.codes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([c, n]) => `${c} ${n}`)
    .join(", ");
  console.log(
    `[fuzz] ${name}: ${stats.cases} cases in ${(stats.ms / 1000).toFixed(1)} s (building ${(stats.buildMs / 1000).toFixed(1)} s) — ${stats.built} built and schema-checked (${stats.checked}), ${stats.coded} refused with coded errors; slowest case ${Math.round(stats.slowest)} ms; most frequent errors: ${top}`,
  );
  expectWithMessage(
    invalid,
    `documents that fail the schema or reference check:\n${invalid.join("\n")}`,
  ).toEqual([]);
  return stats;
}
