// Sectionsmith's engine, the full door: everything the light door (core.ts) has — reading, checking,
// searching, values — and building documents with docx. The task pane loads it lazily, the CLI's
// `build` loads it. Pure TypeScript: no DOM, no Office.js, no Node-only modules.

export * from "./core";

// Building documents
export { exportDocument } from "./assemble/export";
export type {
  BuildOptions,
  BuildProgress,
  BuildStage,
  ExportOptions,
  ExportResult,
  OutputShape,
  NumberingCarry,
  RefTarget,
} from "./assemble/types";
export { DOCX_MIME, toBase64, fromBase64, type OutputForm, type OutputOf } from "./pack/output";
export { PROVENANCE_PROPERTY } from "./render/document";
// Redlines: two versions as one document of tracked changes
export { exportRedline, type RedlineOptions, type RedlineResult } from "./redline/export";

// The file formats as zod schemas (the JSON Schemas for editors are files: schemas/*.schema.json)
export { librarySchema, snippetSchema, variableSchema, assemblySchema } from "./model/schemas";

// Importing a Word document as snippets: a clause bank read into a library (docs/import-docx.md)
export * from "./import-docx";
