// Chooses the host the pane runs against: Word when office.js says so, standalone otherwise — including
// when office.js never loaded (offline, opened from a plain URL) or never answers.
import { bindingsFromGlobals, createOfficeHost, waitForOffice } from "./office-host";
import { createStandaloneHost } from "./standalone-host";
import type { WordHost } from "./word-host";

/** How long to wait for Office.onReady before giving up and starting standalone. */
export const OFFICE_READY_TIMEOUT_MS = 10_000;

export async function createHost(options: { timeoutMs?: number } = {}): Promise<WordHost> {
  try {
    const ready = await waitForOffice(options.timeoutMs ?? OFFICE_READY_TIMEOUT_MS);
    if (ready?.host === "Word") return createOfficeHost(bindingsFromGlobals());
  } catch {
    // A broken office.js must not keep the pane from starting: fall through to standalone.
  }
  return createStandaloneHost();
}

export { createStandaloneHost } from "./standalone-host";
export type { WordHost } from "./word-host";
