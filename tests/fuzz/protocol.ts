import type { Problem } from "../../src/engine";
import type { FuzzInput } from "./arbitraries/documents";

// Messages between the fuzz tests and the engine worker.

export type WorkerRequest = { id: number; input: FuzzInput };

export type WorkerResponse =
  | { id: number; kind: "built"; bytes: Uint8Array; warnings: Problem[]; forbidden: string[]; replacementChars: number; ms: number }
  | { id: number; kind: "coded"; problems: Problem[]; message: string; ms: number }
  | { id: number; kind: "escaped"; where: string; name: string; message: string; stack: string; ms: number };

export type Outcome = WorkerResponse | { id: number; kind: "timeout"; ms: number };
