// The pane's lasting snippet library: IndexedDB store, import report, export, authoring with governance.
export * from "./types";
export {
  openLibraryStore,
  MEMORY_NOTICE,
  type LibraryStore,
  type OpenOptions,
  type ChannelLike,
  type ChangeCause,
} from "./library-store";
export { SCHEMA_VERSION, MIGRATIONS, openLibraryDb, databaseName, channelName } from "./schema";
export {
  exportLibrary,
  libraryFileText,
  LIBRARY_FORMAT,
  versionOf,
  highestVersion,
  findRecord,
} from "./library-file";
export {
  buildImportReport,
  importChanges,
  countByKind,
  withChoices,
  type ConflictChoice,
  type UpdateChoice,
  type LanguageOf,
  type ImportReport,
  type ImportItem,
  type ImportKind,
  type Validate,
} from "./import-report";
export { inUseChanges, withDefaultChoices, type InUseChange } from "./import-in-use";
export * from "./authoring";
export { lineDiff, type DiffLine } from "./line-diff";
export { canonicalJson, sameContent, sameText } from "./canonical";
