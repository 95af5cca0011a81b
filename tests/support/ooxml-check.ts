// In-process OOXML check for tests: package structure, ECMA-376 transitional schema validity (after
// Markup Compatibility, as an ECMA-only reader sees the part) and the cross-references Word needs.
// It mirrors /work/shared/ooxml/validate-docx; the schemas live in tests/fixtures/ooxml/xsd.
//
// Speed: schema compilation (~0.5 s) dominates, so checks started together — Promise.all over
// checkDocx, or checkDocxAll — share one xmllint run. Each result reports its timings.

import { resolveMarkupCompatibility } from "./ooxml/mce";
import { VALIDATED_ROOTS } from "./ooxml/namespaces";
import { readPackage, type Report } from "./ooxml/package";
import { checkWordReferences } from "./ooxml/references";
import { validateWithSchemas, type SchemaInput } from "./ooxml/schemas";
import { serialiseXml } from "./ooxml/xml-lite";

export type DocxCheckTimings = {
  /** Unzip, parse, package and reference checks for this document. */
  prepareMs: number;
  /** The xmllint run this document took part in (shared with the others in its batch). */
  schemaMs: number;
  /** How many documents shared that xmllint run. */
  batchSize: number;
  totalMs: number;
};

export type DocxCheckResult = {
  ok: boolean;
  /** "part: message", package-level problems first, then schema errors, then references. */
  errors: string[];
  /** Every part name in the package (zip order). */
  parts: string[];
  /** Parts that were only checked for well-formedness (no schema for their root). */
  notes: string[];
  timings: DocxCheckTimings;
};

export type DocxCheckOptions = {
  /** Errors matching any of these patterns are not failures: they move to notes as "allowed: …". */
  allow?: readonly RegExp[];
};

type Prepared = {
  report: Report;
  parts: string[];
  schemaInputs: SchemaInput[];
  referenceErrors: string[];
  started: number;
  prepareMs: number;
};

let batchCounter = 0;

async function prepare(bytes: Uint8Array): Promise<Prepared> {
  const started = performance.now();
  const report: Report = { errors: [], notes: [] };
  const refs: Report = { errors: [], notes: [] };
  const pkg = await readPackage(bytes, report);
  const schemaInputs: SchemaInput[] = [];
  if (pkg) {
    const doc = batchCounter++;
    let n = 0;
    for (const [part, root] of pkg.xml) {
      const kind = VALIDATED_ROOTS.get(`{${root.ns}}${root.local}`);
      if (!kind) {
        report.notes.push(`${part}: no schema for root ${root.qname}; checked for well-formedness only`);
        continue;
      }
      const { xml, pathOfLine } = serialiseXml(resolveMarkupCompatibility(root));
      schemaInputs.push({ fileName: `doc${doc}/part${n++}.xml`, xml, pathOfLine, part });
    }
    checkWordReferences(pkg, refs);
  }
  return {
    report,
    parts: pkg?.names ?? [],
    schemaInputs,
    referenceErrors: refs.errors,
    started,
    prepareMs: performance.now() - started,
  };
}

// Batching: every check in preparation holds the batch open; when the last one is ready, the queue
// goes to xmllint in one run.
type Waiting = { prepared: Prepared; options: DocxCheckOptions; resolve: (r: DocxCheckResult) => void; reject: (e: unknown) => void };
let preparing = 0;
let queue: Waiting[] = [];
let flushScheduled = false;

function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(() => {
    flushScheduled = false;
    if (preparing > 0 || queue.length === 0) return;
    const batch = queue;
    queue = [];
    void runBatch(batch);
  });
}

async function runBatch(batch: Waiting[]): Promise<void> {
  try {
    const { errors, ms } = await validateWithSchemas(batch.flatMap((w) => w.prepared.schemaInputs));
    for (const { prepared, options, resolve } of batch) {
      const schemaErrors = prepared.schemaInputs.flatMap((i) => (errors.get(i.fileName) ?? []).map((e) => `${i.part}: ${e}`));
      const all = [...prepared.report.errors, ...schemaErrors, ...prepared.referenceErrors];
      const allow = options.allow ?? [];
      const isAllowed = (e: string) => allow.some((re) => re.test(e));
      const failures = all.filter((e) => !isAllowed(e));
      resolve({
        ok: failures.length === 0,
        errors: failures,
        parts: prepared.parts,
        notes: [...prepared.report.notes, ...all.filter(isAllowed).map((e) => `allowed: ${e}`)],
        timings: { prepareMs: prepared.prepareMs, schemaMs: ms, batchSize: batch.length, totalMs: performance.now() - prepared.started },
      });
    }
  } catch (e) {
    for (const w of batch) w.reject(e);
  }
}

/** Checks one .docx package. Concurrent calls share one schema-validation run. */
export async function checkDocx(bytes: Uint8Array, options: DocxCheckOptions = {}): Promise<DocxCheckResult> {
  preparing++;
  let prepared: Prepared;
  try {
    prepared = await prepare(bytes);
  } finally {
    preparing--;
    // A failed preparation must not leave the others waiting.
    if (preparing === 0 && queue.length > 0) scheduleFlush();
  }
  return new Promise<DocxCheckResult>((resolve, reject) => {
    queue.push({ prepared, options, resolve, reject });
    scheduleFlush();
  });
}

/** Checks many packages with a single schema-validation run. */
export function checkDocxAll(list: readonly Uint8Array[], options: DocxCheckOptions = {}): Promise<DocxCheckResult[]> {
  return Promise.all(list.map((b) => checkDocx(b, options)));
}

export function formatDocxErrors(result: DocxCheckResult): string {
  return `docx is not valid (${result.errors.length} problem${result.errors.length === 1 ? "" : "s"}):\n${result.errors.map((e) => `  - ${e}`).join("\n")}`;
}

/** For vitest: `await expectValidDocx(bytes)` throws listing every problem; returns the result. */
export async function expectValidDocx(bytes: Uint8Array, options: DocxCheckOptions = {}): Promise<DocxCheckResult> {
  const result = await checkDocx(bytes, options);
  if (!result.ok) throw new Error(formatDocxErrors(result));
  return result;
}
