// The repository's own files and texts, for tests that read what the project holds (its root, its JSON
// files and every string in them).

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "../..");

/** Every file under `dir` whose name ends with `ext` (node_modules and hidden entries left out). */
export function filesUnder(dir: string, ext: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) filesUnder(path, ext, out);
    else if (name.endsWith(ext)) out.push(path);
  }
  return out;
}

/** Every string value in a JSON document (snippet bodies, headers, values…). */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) jsonStrings(v, out);
  return out;
}

/** The repository's libraries, assemblies, examples and fixtures as JSON files. */
export const repositoryJsonFiles = (): string[] => [
  ...filesUnder(join(ROOT, "examples"), ".json"),
  ...filesUnder(join(ROOT, "tests"), ".json"),
  join(ROOT, "assets/starter-library.json"),
];
