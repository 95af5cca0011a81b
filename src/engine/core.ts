// Sectionsmith's light door: reading, checking, searching and values — everything but building a .docx.
// Nothing here loads docx or a zip library. The CLI's `list` and `validate` load it, the server checks
// snippets with it, and the task pane takes the parts it lists and searches with from its first chunk.
// The full engine (index.ts) is this door and exportDocument. Pure TypeScript: no DOM, no Office.js,
// no Node-only modules.

// Reading libraries (parsed and merged once: a Catalogue) and checking files
export {
  loadLibraries,
  mergedLibrary,
  isCatalogue,
  type Catalogue,
  type LoadedLibraries,
} from "./assemble/libraries";
export { validateLibrary, validateFile, checkMarkdown, type FileKind } from "./assemble/validate";

// The model: parsing, values, selection
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
export {
  createSnippetIndex,
  isStale,
  type SnippetIndex,
  type SearchFilters,
  type SearchHit,
  type SnippetFacets,
} from "./search";

// Problems
export {
  SectionsmithError,
  problem,
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
