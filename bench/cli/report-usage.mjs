// Loaded with `node --import` by the CLI bench (bench/cli/run.ts): at exit, writes the process's own CPU
// time and peak RSS to the file named by BENCH_USAGE_FILE.
/* global process */
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (!file) return;
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  writeFileSync(file, JSON.stringify({ user: userCPUTime, system: systemCPUTime, maxRSS }));
});
