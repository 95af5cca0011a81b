// Offline validation of the add-in manifest. `office-addin-manifest validate` needs Microsoft's web
// service, which these machines cannot reach, so this checks the same ground locally:
//   1. XML Schema validation against the OfficeApp 1.1 schemas in tests/fixtures/manifest (xmllint-wasm,
//      no native libxml2 needed);
//   2. what the schemas cannot express: every resid points at a declared resource, every URL is https,
//      every icon URL on the dev server names a PNG in assets/ with the declared pixel size.
//
// Usage: node scripts/validate-manifest.mjs [manifest.xml]   — exits 1 and prints the problems on failure.
/* global process, console, Buffer */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SCHEMA_DIR = join(ROOT, "tests", "fixtures", "manifest");
const MAIN_SCHEMA = "OfficeAppManifestV1_1.xsd";
const DEV_URL = "https://localhost:3000/";

/** XML Schema validation only. Returns messages like "manifest.xml:30: Schemas validity error : …". */
export async function validateManifestSchema(
  xml,
  { schemaDir = SCHEMA_DIR, fileName = "manifest.xml" } = {},
) {
  const xsds = readdirSync(schemaDir).filter((f) => f.endsWith(".xsd"));
  if (!xsds.includes(MAIN_SCHEMA)) throw new Error(`${MAIN_SCHEMA} not found in ${schemaDir}`);
  const read = (f) => ({ fileName: f, contents: readFileSync(join(schemaDir, f), "utf8") });
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [read(MAIN_SCHEMA)],
    // The main schema imports the others by relative schemaLocation: they must sit in the in-memory FS.
    preload: xsds.filter((f) => f !== MAIN_SCHEMA).map(read),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
  if (Buffer.from(bytes.subarray(12, 16)).toString("latin1") !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Checks the schemas leave out. `assetRoot` is the folder the dev-server URLs map to (the repo root). */
export function checkManifestReferences(xml, { assetRoot = ROOT } = {}) {
  const problems = [];
  const declared = new Set([...xml.matchAll(/<bt:(?:Image|Url|String)\s+id="([^"]+)"/g)].map((m) => m[1]));
  for (const [, resid] of xml.matchAll(/resid="([^"]+)"/g)) {
    if (!declared.has(resid))
      problems.push(`resid "${resid}" is used but no bt:Image/bt:Url/bt:String declares it`);
  }
  for (const [, url] of xml.matchAll(/DefaultValue="(https?:[^"]*)"/g)) {
    if (!url.startsWith("https://"))
      problems.push(`URL ${url} is not https (Office refuses http add-in URLs)`);
  }
  const icons = [
    ...[...xml.matchAll(/<bt:Image\s+id="[^"]*?(\d+)x\1"\s+DefaultValue="([^"]+)"/g)].map((m) => ({
      size: Number(m[1]),
      url: m[2],
    })),
    ...[...xml.matchAll(/<IconUrl\s+DefaultValue="([^"]+)"/g)].map((m) => ({ size: 32, url: m[1] })),
    ...[...xml.matchAll(/<HighResolutionIconUrl\s+DefaultValue="([^"]+)"/g)].map((m) => ({
      size: 64,
      url: m[1],
    })),
  ];
  for (const { size, url } of icons) {
    if (!url.startsWith(DEV_URL)) continue; // production copies point elsewhere: nothing local to check
    const file = join(assetRoot, url.slice(DEV_URL.length));
    if (!existsSync(file)) {
      problems.push(`icon ${url} → ${file} does not exist`);
      continue;
    }
    const dims = pngSize(readFileSync(file));
    if (!dims) problems.push(`icon ${file} is not a PNG`);
    else if (dims.width !== size || dims.height !== size) {
      problems.push(`icon ${file} is ${dims.width}×${dims.height}, the manifest declares ${size}×${size}`);
    }
  }
  return problems;
}

/** Full validation of manifest text: schema problems first, then reference problems. */
export async function validateManifest(xml, options = {}) {
  const schemaProblems = await validateManifestSchema(xml, options);
  return [...schemaProblems, ...checkManifestReferences(xml, options)];
}

async function main() {
  const file = resolve(process.argv[2] ?? join(ROOT, "manifest.xml"));
  const problems = await validateManifest(readFileSync(file, "utf8"), {
    fileName: file.split(/[\\/]/).pop(),
    assetRoot: dirname(file),
  });
  if (problems.length > 0) {
    console.error(`${file}: ${problems.length} problem(s)`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`${file} is valid (OfficeApp 1.1 schemas, resource references, icons).`);
}

// No top-level await: the tests (Jest, CommonJS) import this file.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
