// The machine a figure was measured on. Load matters as much as cores here: these machines are shared,
// so every part records the load average when it starts and ends, next to its figures.

import { cpus, freemem, loadavg, totalmem } from "node:os";
import { availableParallelism } from "node:os";

export type Machine = {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  freeMemoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages. */
  load: [number, number, number];
};

export function machine(): Machine {
  const [l1 = 0, l5 = 0, l15 = 0] = loadavg();
  return {
    date: new Date().toISOString(),
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    load: [l1, l5, l15].map((x) => Math.round(x * 100) / 100) as [number, number, number],
  };
}

export const loadText = (m: Machine): string => m.load.map((x) => x.toFixed(2)).join(" / ");

export function describeMachine(m: Machine): string {
  return `${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform}`;
}
