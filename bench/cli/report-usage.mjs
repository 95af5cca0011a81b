// Loaded with `node --import` by the CLI bench (bench/cli/run.ts): at exit, writes the process's own CPU
// time, its main thread's share of it and its peak RSS to the file named by BENCH_USAGE_FILE.
/* global process */
import { readFileSync, writeFileSync } from "node:fs";

/**
 * CPU time of the main thread alone, µs: the first field of Linux's /proc/<pid>/task/<tid>/schedstat (ns
 * on the CPU; the main thread's tid is the pid). The wall clock of a process follows its main thread; the
 * rest of its CPU ran on V8's compiler and GC threads beside it. null where there is no /proc.
 */
function mainThreadMicros() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1000;
  } catch {
    return null;
  }
}

process.on("exit", () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (!file) return;
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  writeFileSync(file, JSON.stringify({ user: userCPUTime, system: systemCPUTime, main: mainThreadMicros(), maxRSS }));
});
