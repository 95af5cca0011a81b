// Types for scripts/start-plan.mjs, so TypeScript tests can import it.
import type { Transport } from "./dev-transport.mjs";
export declare function findWordDesktop(
  platform?: string,
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string | null;
export type StartPlan = { kind: "sideload" | "web"; lines: string[] };
export declare function planStart(options: {
  argv?: string[];
  word?: string | null;
  transport: Transport;
  port?: number;
}): StartPlan;
