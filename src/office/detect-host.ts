// Chooses the host the pane runs against: Word when office.js says so, standalone otherwise — including
// when office.js never loaded (offline, opened from a plain URL), throws, or never answers. The pane always
// starts; `detectHost` also says why it is standalone, so the pane can tell the user what to do.
import { bindingsFromGlobals, createOfficeHost } from "./office-host";
import { createStandaloneHost } from "./standalone-host";
import type { WordHost } from "./word-host";

/** How long to wait for Office.onReady before giving up and starting standalone. */
export const OFFICE_READY_TIMEOUT_MS = 10_000;

/**
 * Why the pane runs without Word:
 * - not-in-office: office.js answered, but not from Word (a plain browser tab, or another Office app)
 * - office-missing: office.js did not load (offline, blocked, Microsoft's CDN unreachable)
 * - office-timeout: office.js loaded but Office.onReady did not answer in time
 * - office-failed: office.js threw or rejected while starting, or Word's bindings could not be made
 */
export type StandaloneReason = "not-in-office" | "office-missing" | "office-timeout" | "office-failed";

export type DetectedHost = { host: WordHost; standalone?: StandaloneReason };

export async function detectHost(options: { timeoutMs?: number } = {}): Promise<DetectedHost> {
  const standalone = (reason: StandaloneReason): DetectedHost => ({
    host: createStandaloneHost(),
    standalone: reason,
  });
  // office.js missing (a 404, offline, blocked) or broken halfway through defining Office.
  if (typeof Office === "undefined" || typeof Office?.onReady !== "function") return standalone("office-missing");
  const outcome = await settleWithin(() => Office.onReady(), options.timeoutMs ?? OFFICE_READY_TIMEOUT_MS);
  if (outcome.kind === "timeout") return standalone("office-timeout");
  if (outcome.kind === "error") return standalone("office-failed");
  if (String(outcome.value?.host ?? "") !== "Word") return standalone("not-in-office");
  try {
    return { host: createOfficeHost(bindingsFromGlobals()) };
  } catch {
    return standalone("office-failed");
  }
}

export type Settled<T> = { kind: "value"; value: T } | { kind: "error"; error: unknown } | { kind: "timeout" };

/**
 * Runs `start` and reports how it ended within `timeoutMs`: its value, its error (thrown synchronously or
 * rejected), or a timeout. Never rejects, and leaves no timer behind.
 */
export async function settleWithin<T>(start: () => PromiseLike<T> | T, timeoutMs: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
  });
  const run = (async (): Promise<Settled<T>> => {
    try {
      return { kind: "value", value: await start() };
    } catch (error) {
      return { kind: "error", error };
    }
  })();
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export { createStandaloneHost } from "./standalone-host";
export type { WordHost } from "./word-host";
