// What this Word can do, from its WordApi requirement sets. Computed once when the host is created:
// requirement sets do not change while the pane is open.
import { INSERT_LOCATIONS, type HostCapabilities, type InsertLocation } from "./word-host";

/** `supports("1.5")` ⇔ Office.context.requirements.isSetSupported("WordApi", "1.5"). */
export type WordApiSupport = (version: string) => boolean;

/** Word on the web rejects inserted files over 4 MB (OfficeDev/office-js #4697). */
export const WEB_MAX_INSERT_BYTES = 4 * 1024 * 1024;

const NEEDS: Record<InsertLocation, string> = {
  cursor: "1.1",
  "replace-selection": "1.1",
  start: "1.1",
  end: "1.1",
  "replace-document": "1.1",
  "new-document": "1.3",
};

const WHY: Record<string, string> = {
  "1.1": "This version of Word cannot insert files (it lacks WordApi 1.1) — download the .docx instead",
  "1.3":
    "Opening a new document needs Word 2016 or later (WordApi 1.3) — download the .docx and open it instead",
};

export function computeCapabilities(supports: WordApiSupport, platform?: string): HostCapabilities {
  const can = {} as HostCapabilities["can"];
  for (const location of INSERT_LOCATIONS) {
    const version = NEEDS[location];
    can[location] = supports(version) ? { ok: true } : { ok: false, why: WHY[version] };
  }
  const capabilities: HostCapabilities = {
    mode: "word",
    can,
    trackChanges: supports("1.4")
      ? { ok: true }
      : {
          ok: false,
          why: "This version of Word cannot switch Track Changes for an add-in (it lacks WordApi 1.4): updates replace the text silently — download a redline from History to review the change",
        },
  };
  if (platform !== undefined) capabilities.platform = platform;
  if (platform === "OfficeOnline") capabilities.maxInsertBytes = WEB_MAX_INSERT_BYTES;
  return capabilities;
}
