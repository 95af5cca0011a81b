// The engine's entry for building a document (the CLI's `build`): exportDocument, without the rest of
// the public index. index.ts also makes the JSON Schemas for editors (model/json-schema.ts: zod's
// toJSONSchema over both schemas, ≈7 ms when the chunk loads) and everything else a library user may
// want; a build needs none of it. src/engine (index.ts) re-exports this too. See docs/decisions.md.

export { exportDocument } from "./assemble/export";
export type { BuildProgress, ExportOptions, ExportResult } from "./assemble/types";
