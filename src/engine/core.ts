// The engine's light public entry: what the task pane needs before the full engine arrives — the model's
// types, snippet selection and status, search, and problems. Nothing here pulls in docx, JSZip, zod or
// the Markdown parser, so the pane can list and search the library from its first chunk while the rest
// (src/engine/index.ts, which re-exports all of this too) loads lazily. See docs/decisions.md.

export type * from "./model/types";
export { ASSEMBLY_FORMAT, LIBRARY_FORMAT } from "./model/types";
export type { ParseResult } from "./model/parse-common";
export type { AssemblyInput } from "./model/schema-assembly";
// The catalogue is made by the full engine (loadLibraries); the pane holds it and hands it back.
export type { Catalogue } from "./assemble/libraries";
export { selectSnippet, snippetHealth } from "./model/select";
// Patterns are checked as the user types, on the pane's main thread: in linear time (model/pattern.ts).
export { matchesPattern } from "./model/pattern";
// One set of value rules: the engine's checks, which the pane's form runs too and words its own way
// (src/taskpane/model/values.ts). Light: no zod, no docx.
export { validateValue, isEmptyValue } from "./model/values";
// How a value reads in the document (locale-formatted numbers, amounts and dates): the pane's outline
// shows values the way the document will. Light: Intl only.
export { formatValue } from "./template/format";
export {
  createSnippetIndex,
  isStale,
  type SnippetIndex,
  type SearchFilters,
  type SearchHit,
  type SnippetFacets,
} from "./search";
export { problem, pathJoin, type Problem, type ProblemPlace, type Severity } from "./errors/problem";
export type { ProblemCode } from "./errors/codes";
