// The one file that touches the Office and Word globals (office.js). Everything else in src/office works on
// what this file hands it (a Word.run function, a requirement-set probe), which is what the tests fake.
import { computeCapabilities, type WordApiSupport } from "./word-capabilities";
import { listTagged, replaceTagged, selectionHtml } from "./word-content";
import { insertPieces, type WordRun } from "./word-insert";
import { ssoTokenGetter, type GetAccessToken } from "./office-sso";
import { readDocumentFile, type FileApi } from "./word-file";
import type { WordHost } from "./word-host";
import { readHeadings } from "./word-headings";

// The section values' XML reader (saxes) is needed only once a document's sections are read or written,
// never for the pane's first screen: it loads with import() (docs/decisions.md, "start-up JavaScript").
const sectionValues = () => import(/* webpackChunkName: "section-values" */ "./word-values");

/** What the Word host needs from office.js. */
export type OfficeBindings = {
  run: WordRun;
  supports: WordApiSupport;
  platform?: string;
  partitionKey?: string;
  /** Office.auth.getAccessToken, where this Office has it (Office SSO). */
  getAccessToken?: GetAccessToken;
  /** Office.context.document's getFileAsync, where this Office has it (requirement set File). */
  file?: FileApi;
};

export function createOfficeHost(bindings: OfficeBindings): WordHost {
  const capabilities = computeCapabilities(bindings.supports, bindings.platform);
  const deps = { run: bindings.run, supports: bindings.supports, capabilities };
  return {
    capabilities: () => capabilities,
    insert: (pieces, location, onProgress, options) =>
      insertPieces(deps, pieces, location, onProgress, options),
    getSelectionHtml: () => selectionHtml(bindings.run),
    listTaggedContent: () => listTagged(bindings.run),
    replaceTaggedContent: (tag, piece, options) =>
      replaceTagged(bindings.run, capabilities, tag, piece, options),
    // partitionKey is undefined on Windows desktop, where storage is not shared between add-ins anyway.
    storageKey: () => bindings.partitionKey ?? "default",
    ...(bindings.getAccessToken ? { accessToken: ssoTokenGetter(bindings.getAccessToken) } : {}),
    ...(bindings.supports("1.4")
      ? {
          readSectionValues: async () => (await sectionValues()).readSectionValues(bindings.run),
          writeSectionValues: async (entries) =>
            (await sectionValues()).writeSectionValues(bindings.run, entries),
          readHeadings: () => readHeadings(bindings.run),
        }
      : {}),
    ...(bindings.file ? { documentFile: () => readDocumentFile(bindings.file!) } : {}),
  };
}

/** Bindings to the real office.js globals. Call only after Office.onReady reported Word. */
export function bindingsFromGlobals(): OfficeBindings {
  const requirements = Office.context?.requirements;
  const bindings: OfficeBindings = {
    run: (batch) => Word.run(batch),
    supports: (version) => {
      try {
        return requirements?.isSetSupported("WordApi", version) ?? false;
      } catch {
        return false;
      }
    },
  };
  const platform = Office.context?.platform;
  if (platform) bindings.platform = String(platform);
  const partitionKey = Office.context?.partitionKey;
  if (partitionKey) bindings.partitionKey = partitionKey;
  // The enums' values ("compressed", "succeeded") are written out: office.js fills Office.FileType and
  // Office.AsyncResultStatus in per host, and they may not be there when the binding is made.
  const document = Office.context?.document;
  if (document && typeof document.getFileAsync === "function")
    bindings.file = {
      getFileAsync: (_type, options, callback) =>
        document.getFileAsync("compressed" as unknown as Office.FileType, options, (result) =>
          callback({
            status: String(result.status) === "succeeded" ? "succeeded" : "failed",
            value: result.value as never,
            ...(result.error ? { error: { message: result.error.message } } : {}),
          }),
        ),
    };
  const auth = (Office as { auth?: { getAccessToken?: GetAccessToken } }).auth;
  if (typeof auth?.getAccessToken === "function") bindings.getAccessToken = (o) => auth.getAccessToken!(o);
  return bindings;
}

/** Office's body background colour ("#RRGGBB") when Office reports a theme (Windows, Mac); else undefined. */
export function officeBodyBackground(): string | undefined {
  try {
    if (typeof Office === "undefined") return undefined;
    return Office.context?.officeTheme?.bodyBackgroundColor || undefined;
  } catch {
    return undefined; // officeTheme throws on hosts that do not implement it
  }
}
