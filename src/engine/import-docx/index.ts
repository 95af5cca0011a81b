// Importing a Word document as snippets: the report (importDocx) and accepting it (applyImport).
export {
  importDocx,
  placeName,
  type DocxImport,
  type Duplicate,
  type ImportedSnippet,
  type ImportOptions,
  type ImportResult,
  type LibrarySnippetLike,
  type SnippetJson,
} from "./import-docx";
export { applyImport, defaultChoice, type AppliedImport, type DuplicateChoice, type ImportDecisions, type LibraryJson } from "./apply";
export type { SplitMode, SplitChoice } from "./split";
export type { WordChange } from "./duplicates";
