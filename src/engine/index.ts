// Sectionsmith's engine: the one public entry point for the task pane and the CLI.
// Pure TypeScript: no DOM, no Office.js, no Node-only modules — it runs unchanged in both.

// Building documents
export { exportDocument } from "./assemble/export";
export { validateLibrary, validateFile, checkMarkdown, type FileKind } from "./assemble/validate";
export {
  loadLibraries,
  mergedLibrary,
  isCatalogue,
  type Catalogue,
  type LoadedLibraries,
} from "./assemble/libraries";
export type {
  BuildOptions,
  BuildProgress,
  BuildStage,
  ExportOptions,
  ExportResult,
  OutputShape,
  NumberingCarry,
} from "./assemble/types";
export { DOCX_MIME, toBase64, fromBase64, type OutputForm, type OutputOf } from "./pack/output";
export { PROVENANCE_PROPERTY } from "./render/document";

// Importing a Word document as snippets (issue 30)
export * from "./import-docx";

// The model: parsing, validation, selection
export * from "./model";

// Templates and value formatting
export {
  collectVariables,
  checkTemplate,
  expandTemplate,
  formatValue,
  formatToday,
  isTruthy,
} from "./template";
export type { SnippetLookup, SourceLocation, ExpandInput, ExpandResult } from "./template/types";

// Search
export { createSnippetIndex, type SnippetIndex, type SearchFilters, type SearchHit } from "./search";

// Problems
export {
  SectionsmithError,
  formatProblem,
  formatLocation,
  errorsOf,
  warningsOf,
  pathJoin,
  type Problem,
  type ProblemPlace,
  type Severity,
} from "./errors/problem";
export { PROBLEM_CODES, type ProblemCode, type CodeInfo } from "./errors/codes";
