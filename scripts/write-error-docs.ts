// Writes docs/errors.md, the catalogue of problem codes, from src/engine/errors/codes*.ts and the sample
// inputs in scripts/error-docs/samples.ts. Run with `npm run docs:errors` (bundled by esbuild, because
// Node 20 cannot run TypeScript itself); tests/docs/errors-doc.test.ts fails when the file is out of date.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderErrorCatalogue } from "./error-docs/render";

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const text = await renderErrorCatalogue(root);
mkdirSync(join(root, "docs"), { recursive: true });
writeFileSync(join(root, "docs", "errors.md"), text);
console.log("wrote docs/errors.md");
