// Writes schemas/library.schema.json and schemas/assembly.schema.json from the engine's zod schemas.
// Run with `npm run schemas` (bundled by esbuild, because Node 20 cannot run TypeScript itself).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { assemblyJsonSchema, libraryJsonSchema } from "../src/engine/model/json-schema";

const schemaText = (schema: unknown): string => JSON.stringify(schema, null, 2) + "\n";

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(join(root, "schemas"), { recursive: true });
for (const [name, schema] of [
  ["library.schema.json", libraryJsonSchema],
  ["assembly.schema.json", assemblyJsonSchema],
] as const) {
  writeFileSync(join(root, "schemas", name), schemaText(schema));
  console.log(`wrote schemas/${name}`);
}
