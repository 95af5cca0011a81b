// One cold Insert in a process of its own (bench/insert/run.ts): the engine's modules loaded, then the
// pane's buildInsert for `sections` sections — the first build of the process, as when Insert is
// clicked the moment it is enabled — then a second one with nothing kept (Markdown trees forgotten, a
// new libraries array), the same work with the JIT warm. Prints one JSON line.
//   node .tmp/bench/insert-worker.mjs '{"sections":10}'

import { clearMarkdownCache } from "../../src/engine/markdown/read";
import { clearTemplateCache } from "../../src/engine/template/parse";
import { insertRunner } from "./context";

async function main(): Promise<void> {
  const { sections } = JSON.parse(process.argv[2] ?? "{}") as { sections: number };
  const insert = await insertRunner(sections);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const first = await insert();
  const coldMs = performance.now() - t0;
  const cpu1 = process.cpuUsage(cpu0);
  clearMarkdownCache();
  clearTemplateCache();
  const t1 = performance.now();
  await insert();
  const warmMs = performance.now() - t1;
  const base64 = first.pieces.reduce((n, p) => n + p.base64.length, 0);
  console.log(
    JSON.stringify({ coldMs, coldCpuMs: (cpu1.user + cpu1.system) / 1000, warmMs, pieces: first.pieces.length, base64, warnings: first.warnings.length }),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
