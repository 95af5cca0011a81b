// In-process OOXML check for tests: package structure, ECMA-376 transitional schema validity (after
// Markup Compatibility, as an ECMA-only reader sees the part), the cross-references Word needs, and
// the Word rules check (word-rules/: what Word refuses or repairs although the schemas allow it).
// It mirrors /work/shared/ooxml/validate-docx; the schemas live in tests/fixtures/ooxml/xsd.
//
// Speed: the schemas are compiled once per process by a long-lived xmllint worker (the first check
// pays ~0.5–1 s for that); after that a small document takes tens of milliseconds. Each result
// reports its timings.
//
// With CHECKED_DOCX_DIR set, every document found valid is also written to that folder, for Microsoft's
// Open XML SDK validator (npm run test:openxml; ooxml/keep-checked.ts).

import { resolveMarkupCompatibility } from "./ooxml/mce";
import { VALIDATED_ROOTS } from "./ooxml/namespaces";
import { keepCheckedDocx } from "./ooxml/keep-checked";
import { readPackage, type Report } from "./ooxml/package";
import { checkWordReferences } from "./ooxml/references";
import { validateWithSchemas, type SchemaInput } from "./ooxml/schemas";
import { serialiseXml } from "./ooxml/xml-serialise";
import { checkWordRules, formatWordFinding, type WordRuleFinding } from "./word-rules";

export type { WordRuleFinding } from "./word-rules";

export type DocxCheckTimings = {
  /** Unzip, parse, Markup Compatibility, package and reference checks (wall clock). */
  prepareMs: number;
  /** Schema validation of this document's parts, including any wait for the worker (wall clock). */
  schemaMs: number;
  totalMs: number;
};

export type DocxCheckResult = {
  ok: boolean;
  /**
   * "part: message", package-level problems first, then schema errors, then references, then Word rules
   * ("word/footnotes.xml: WORD_NOTE_SEPARATOR: <reason> (<detail>)").
   */
  errors: string[];
  /** The Word rules findings among `errors` (allowed ones left out), as data. */
  wordRules: WordRuleFinding[];
  /** Every part name in the package (zip order). */
  parts: string[];
  /** Parts only checked for well-formedness (no schema for their root), and "allowed: …" errors. */
  notes: string[];
  timings: DocxCheckTimings;
};

export type DocxCheckOptions = {
  /** Errors matching any of these patterns are not failures: they move to notes as "allowed: …". */
  allow?: readonly RegExp[];
  /**
   * false: not written to CHECKED_DOCX_DIR even when valid (the caller keeps a sample itself, as the
   * fuzz run does). A document with allowed errors is never written: it is not one Word should see.
   */
  keep?: boolean;
};

type Prepared = {
  report: Report;
  parts: string[];
  schemaInputs: SchemaInput[];
  referenceErrors: string[];
  wordFindings: WordRuleFinding[];
  started: number;
  prepareMs: number;
};

let documentCounter = 0;

async function prepare(bytes: Uint8Array): Promise<Prepared> {
  const started = performance.now();
  const report: Report = { errors: [], notes: [] };
  const refs: Report = { errors: [], notes: [] };
  const pkg = await readPackage(bytes, report);
  const schemaInputs: SchemaInput[] = [];
  if (pkg) {
    const doc = documentCounter++;
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
  const wordFindings = pkg ? checkWordRules(pkg) : [];
  return {
    report,
    parts: pkg?.names ?? [],
    schemaInputs,
    referenceErrors: refs.errors,
    wordFindings,
    started,
    prepareMs: performance.now() - started,
  };
}

/** Checks one .docx package. */
export async function checkDocx(bytes: Uint8Array, options: DocxCheckOptions = {}): Promise<DocxCheckResult> {
  const prepared = await prepare(bytes);
  const { errors, ms } = await validateWithSchemas(prepared.schemaInputs);
  const schemaErrors = prepared.schemaInputs.flatMap((i) =>
    (errors.get(i.fileName) ?? []).map((e) => `${i.part}: ${e}`),
  );
  const wordErrors = prepared.wordFindings.map(formatWordFinding);
  const all = [...prepared.report.errors, ...schemaErrors, ...prepared.referenceErrors, ...wordErrors];
  const allow = options.allow ?? [];
  const isAllowed = (e: string) => allow.some((re) => re.test(e));
  const failures = all.filter((e) => !isAllowed(e));
  if (all.length === 0 && options.keep !== false)
    keepCheckedDocx(bytes);
  return {
    ok: failures.length === 0,
    errors: failures,
    wordRules: prepared.wordFindings.filter((_, i) => !isAllowed(wordErrors[i]!)),
    parts: prepared.parts,
    notes: [...prepared.report.notes, ...all.filter(isAllowed).map((e) => `allowed: ${e}`)],
    timings: { prepareMs: prepared.prepareMs, schemaMs: ms, totalMs: performance.now() - prepared.started },
  };
}

/** Checks many packages (concurrently; the validator takes their parts in turn). */
export function checkDocxAll(
  list: readonly Uint8Array[],
  options: DocxCheckOptions = {},
): Promise<DocxCheckResult[]> {
  return Promise.all(list.map((b) => checkDocx(b, options)));
}

export function formatDocxErrors(result: DocxCheckResult): string {
  return `docx is not valid (${result.errors.length} problem${result.errors.length === 1 ? "" : "s"}):\n${result.errors.map((e) => `  - ${e}`).join("\n")}`;
}

/** For tests: `await expectValidDocx(bytes)` throws listing every problem; returns the result. */
export async function expectValidDocx(
  bytes: Uint8Array,
  options: DocxCheckOptions = {},
): Promise<DocxCheckResult> {
  const result = await checkDocx(bytes, options);
  if (!result.ok) throw new Error(formatDocxErrors(result));
  return result;
}
