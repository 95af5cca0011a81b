// The host used outside Word (a plain browser, or office.js failed to load): nothing can be inserted, the UI
// offers the .docx download instead. Every method behaves predictably so the UI needs no special cases.
import {
  hostError,
  INSERT_LOCATIONS,
  type HostCapabilities,
  type InsertLocation,
  type WordHost,
} from "./word-host";

export const STANDALONE_WHY = "Open Sectionsmith inside Word to insert — download the .docx instead";

export function createStandaloneHost(): WordHost {
  const can = Object.fromEntries(
    INSERT_LOCATIONS.map((l) => [l, { ok: false, why: STANDALONE_WHY }]),
  ) as Record<InsertLocation, { ok: boolean; why?: string }>;
  const capabilities: HostCapabilities = { mode: "standalone", can };
  const notInWord = (what: string) =>
    hostError("not-supported", `${what} needs Word: Sectionsmith is running outside Word.`, STANDALONE_WHY);

  return {
    capabilities: () => capabilities,
    insert: async () => {
      throw notInWord("Inserting");
    },
    getSelectionHtml: async () => {
      throw notInWord("Reading the selection");
    },
    listTaggedContent: async () => [],
    replaceTaggedContent: async () => {
      throw notInWord("Updating inserted sections");
    },
    storageKey: () => "default",
  };
}
