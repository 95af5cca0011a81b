// Runs engine builds for the fuzz tests in a worker thread, so that a case that hangs can be stopped
// (the main thread terminates the worker) and reported with its seed instead of stalling the run.
// Bundled with esbuild by setup.ts into out/fuzz/engine-worker.mjs.
import { parentPort } from "node:worker_threads";
import JSZip from "jszip";
import { exportDocument, SectionsmithError, validateLibrary } from "../../src/engine";
import type { WorkerRequest, WorkerResponse } from "./protocol";

const TODAY = new Date("2026-11-22T10:00:00Z");

// XML 1.0 forbids these (lone surrogates cannot be encoded at all); U+FDD0–U+FDEF are the engine's own
// sentinels, which must never reach a file.
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SENTINEL = /[\uFDD0-\uFDEF]/g;

const hex = (c: string): string => "U+" + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");

async function scan(bytes: Uint8Array): Promise<{ forbidden: string[]; replacementChars: number }> {
  const zip = await JSZip.loadAsync(bytes);
  const forbidden: string[] = [];
  let replacementChars = 0;
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || !/\.(xml|rels)$/.test(name)) continue;
    const text = await file.async("string");
    for (const m of text.matchAll(FORBIDDEN)) forbidden.push(`${name}: ${hex(m[0])} at ${m.index}`);
    for (const m of text.matchAll(SENTINEL)) forbidden.push(`${name}: sentinel ${hex(m[0])} at ${m.index}`);
    // A value lookup that found Object.prototype's function instead of an own field (issue 14).
    for (const m of text.matchAll(/\[native code\]/g)) forbidden.push(`${name}: a native function's source at ${m.index}`);
    for (let i = text.indexOf("\uFFFD"); i >= 0; i = text.indexOf("\uFFFD", i + 1)) replacementChars++;
  }
  return { forbidden: forbidden.slice(0, 20), replacementChars };
}

function escaped(id: number, where: string, error: unknown, started: number): WorkerResponse {
  const e = error as { name?: unknown; message?: unknown; stack?: unknown };
  return {
    id,
    kind: "escaped",
    where,
    name: String(e?.name ?? typeof error),
    message: String(e?.message ?? error),
    stack: typeof e?.stack === "string" ? e.stack : "",
    ms: performance.now() - started,
  };
}

parentPort!.on("message", async (request: WorkerRequest) => {
  const started = performance.now();
  const { id, input } = request;
  if (input.validate) {
    for (const lib of input.libraries) {
      try {
        validateLibrary(lib);
      } catch (error) {
        parentPort!.postMessage(escaped(id, "validateLibrary", error, started));
        return;
      }
    }
  }
  let response: WorkerResponse;
  try {
    const result = await exportDocument(input.libraries, input.assembly, { as: "buffer", today: TODAY, shape: input.shape });
    const bytes = new Uint8Array(result.output); // a copy we own, transferable
    const { forbidden, replacementChars } = await scan(bytes);
    response = { id, kind: "built", bytes, warnings: result.warnings, forbidden, replacementChars, ms: performance.now() - started };
    parentPort!.postMessage(response, [bytes.buffer]);
    return;
  } catch (error) {
    response =
      error instanceof SectionsmithError
        ? { id, kind: "coded", problems: error.problems, message: error.message, ms: performance.now() - started }
        : escaped(id, "exportDocument", error, started);
  }
  parentPort!.postMessage(response);
});
