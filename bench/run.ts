// `npm run bench [-- engine|cli|insert|search|pane|limits|server …] [--quick] [--full]`: runs the parts asked for (all of them by
// default), prints their tables and the budget summary, and rewrites bench/results.md from every part's
// latest results (bench/results/<part>.json).

import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { runCliBench } from "./cli/run";
import { runEngineBench } from "./engine/run";
import { runInsertBench } from "./insert/run";
import { runLimitsBench } from "./limits/run";
import { runPaneBench } from "./pane/run";
import { machine, describeMachine, loadText } from "./lib/machine";
import {
  PARTS,
  RESULTS_MD,
  loadReports,
  renderConsole,
  saveReport,
  writeResultsMarkdown,
  type Part,
  type PartReport,
} from "./lib/report";
import { runSearchBench } from "./search/run";
import { runImportBench } from "./import/run";
import { runServerBench } from "./server/run";

/**
 * Server part's profiling flags: `--cpu-prof=DIR` (the server under `node --cpu-prof`), `--snippets=N`,
 * `--target=pglite|postgres`, `--seeded=DIR` (copy a PGlite folder seeded before with N snippets instead
 * of seeding), `--server=FILE` (another server bundle, e.g. an older build, to compare CPU per request).
 */
const cpuProf = (
  args: readonly string[],
): {
  cpuProfDir?: string;
  snippets?: number;
  target?: "pglite" | "postgres";
  seededDir?: string;
  serverBundle?: string;
} => {
  const value = (flag: string) => args.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const dir = value("cpu-prof");
  const snippets = value("snippets");
  const target = value("target");
  const seeded = value("seeded");
  const server = value("server");
  return {
    ...(dir ? { cpuProfDir: dir } : {}),
    ...(snippets ? { snippets: Number(snippets) } : {}),
    ...(target === "pglite" || target === "postgres" ? { target } : {}),
    ...(seeded ? { seededDir: seeded } : {}),
    ...(server ? { serverBundle: server } : {}),
  };
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const full = args.includes("--full");
  const noBuild = args.includes("--no-build");
  if (args.includes("--report")) {
    // Only rewrite bench/results.md from the saved parts (and bench/analysis.md): no measuring.
    await writeResultsMarkdown();
    console.log(`Wrote ${RESULTS_MD}.`);
    return;
  }
  const asked = args.filter((a): a is Part => (PARTS as readonly string[]).includes(a));
  const parts = asked.length > 0 ? asked : PARTS;
  const scripts = dirname(fileURLToPath(import.meta.url));
  const log = (line: string) => console.log(line);

  const m = machine();
  console.log(`Sectionsmith benchmarks: ${parts.join(", ")}${quick ? " (quick)" : ""}`);
  console.log(`${describeMachine(m)}; load average ${loadText(m)}`);
  const started = performance.now();
  const fresh: PartReport[] = [];
  for (const part of parts) {
    console.log(`\n${part}…`);
    let report: PartReport;
    try {
      report =
        part === "engine"
          ? await runEngineBench({ scripts, quick, full, log })
          : part === "cli"
            ? await runCliBench({ quick, log })
            : part === "insert"
              ? await runInsertBench({ scripts, quick, log })
              : part === "search"
            ? await runSearchBench({ quick, log })
            : part === "import"
              ? await runImportBench({ quick, log })
            : part === "limits"
              ? await runLimitsBench({ scripts, quick, log })
              : part === "server"
                ? await runServerBench({ scripts, quick, closedLoop: args.includes("--closed-loop"), bursts: args.includes("--bursts"), ...cpuProf(args), log })
                : await runPaneBench({ quick, log, ...(noBuild ? { build: false } : {}) });
    } catch (e) {
      // One broken part must not cost the others' figures: report it as failed and go on.
      const message = e instanceof Error ? e.message : String(e);
      console.error(`${part} failed: ${message}`);
      const at = machine();
      report = {
        part,
        title: `${part}: the benchmark failed`,
        machineStart: at,
        machineEnd: at,
        seconds: 0,
        checks: [
          {
            what: `${part} benchmark ran`,
            figure: "failed",
            budget: "runs",
            pass: false,
            note: message.split("\n")[0]!.slice(0, 400),
          },
        ],
        tables: [],
        notes: [],
      };
    }
    fresh.push(report);
    // A quick run is a smoke test of the bench: it never replaces real results.
    if (!quick) await saveReport(report);
  }
  console.log(renderConsole(fresh));
  if (!quick) {
    await writeResultsMarkdown();
    const kept = (await loadReports())
      .filter((r) => !parts.includes(r.part))
      .map((r) => `${r.part} (${r.machineStart.date.slice(0, 16)})`);
    console.log(
      `\nWrote ${RESULTS_MD}${kept.length > 0 ? `; kept earlier results for ${kept.join(", ")}` : ""}.`,
    );
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  const failed = fresh.flatMap((r) => r.checks).filter((c) => c.pass === false).length;
  if (failed > 0) console.log(`${failed} budget${failed === 1 ? "" : "s"} missed (see above).`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
