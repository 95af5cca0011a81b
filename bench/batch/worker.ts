// One contender of the batch bench in a process of its own: `documents` documents of the same 10
// snippets with other values each (bench/fixtures/mail-merge.ts), one after another, timed as a whole
// from the first document to the last; the first and the last output checked as the engine bench checks
// its contenders'. Prints one JSON line.
//
//   node .tmp/bench/batch-worker.mjs '{"contender":"engine","documents":1000,"sections":10}'

import { Packer } from "docx";
import { exportDocument, loadLibraries } from "../../src/engine";
import { benchDocument, createFormatters, expected, type SectionContent } from "../fixtures/document";
import { mailMerge } from "../fixtures/mail-merge";
import { benchAssembly, benchLibrary } from "../fixtures/sectionsmith";
import { buildFloorDocument } from "../engine/contenders/docx-floor";
import { BENCH_TODAY } from "../engine/contenders/engine";
import { verifyDocx, type Verification } from "../engine/verify";

export type BatchRequest = { contender: "engine" | "floor"; documents: number; sections: number };
export type BatchResult = BatchRequest & { wallMs: number; cpuMs: number; peakRss: number; verification: Verification[] };

type Build = (sections: readonly SectionContent[]) => Promise<Uint8Array>;

function contender(name: BatchRequest["contender"], base: readonly SectionContent[]): Build {
  if (name === "floor") return async (sections) => Packer.pack(buildFloorDocument(sections), "uint8array");
  // The library is read once, as a mail-merge script (or the pane) holds it: a catalogue of parsed snippets.
  const catalogue = loadLibraries([benchLibrary(base)]);
  return async (sections) => {
    const result = await exportDocument(catalogue, benchAssembly(sections), { as: "buffer", today: BENCH_TODAY });
    if (result.warnings.length > 0) throw new Error(`unexpected warnings: ${result.warnings.map((w) => w.code).join(", ")}`);
    return result.output;
  };
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? "{}") as BatchRequest;
  const base = benchDocument(request.sections);
  // The batch's values are made before timing: they are the input, as a mail-merge's data file is.
  const batch = Array.from({ length: request.documents }, (_, k) => mailMerge(base, k));
  const build = contender(request.contender, base);
  const outputs: Uint8Array[] = [];
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let k = 0; k < batch.length; k++) {
    const bytes = await build(batch[k]!);
    if (k === 0 || k === batch.length - 1) outputs.push(bytes);
  }
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const f = createFormatters();
  const verification = await Promise.all(
    [0, batch.length - 1].map((k, i) => verifyDocx(outputs[i]!, expected(batch[k]!, f))),
  );
  const result: BatchResult = {
    ...request,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    peakRss: process.resourceUsage().maxRSS * 1024,
    verification,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
