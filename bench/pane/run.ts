import { machine } from "../lib/machine";
import type { PartReport } from "../lib/report";
export async function runPaneBench(_o: { quick?: boolean; log?: (l: string) => void }): Promise<PartReport> {
  const m = machine();
  return { part: "pane", title: "Pane", machineStart: m, machineEnd: m, seconds: 0, checks: [], tables: [], notes: [] };
}
