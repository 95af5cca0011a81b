// The proof of issue 30's import: each document is imported as snippets (the default split), the snippets
// are built back into one document with every variable's value left as the placeholder the document had,
// and LibreOffice reads the original and the rebuilt document alike (support/structure.ts). Text, heading
// levels, list depths, list labels and tables must agree; every difference must be one the import itself
// reported (numbering the library format writes otherwise, a list level Markdown cannot nest) or one
// listed below with its reason. Every rebuilt document passes the schema and Word rules checks.
// The documents: real agreements nobody here wrote (tests/fixtures/agreements, with their licences) and
// the project's own example outputs (examples/*, built by the engine).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument, importDocx, type DocxImport } from "../../src/engine";
import { expectValidDocx } from "../support/ooxml-check";
import { compare, rebuildInputs, type Difference } from "./support/round-trip";
import { readStructures } from "./support/structure";

const AGREEMENTS = join(import.meta.dirname, "..", "fixtures", "agreements");
const TODAY = new Date("2026-11-22T12:00:00Z");

type Case = { name: string; original: Uint8Array; imported?: DocxImport; rebuilt?: Uint8Array; differences?: Difference[] };

/**
 * Differences the library format makes on purpose, by document, each with its reason. A difference not
 * reported by the import and not listed here fails the test.
 */
const JUSTIFIED: Record<string, Array<{ match: RegExp; reason: string }>> = {};

const EXAMPLES = ["contract", "proposal", "letter"];
const cases: Case[] = [
  ...readdirSync(AGREEMENTS)
    .filter((f) => f.endsWith(".docx"))
    .sort()
    .map((f) => ({ name: f, original: new Uint8Array(readFileSync(join(AGREEMENTS, f))) })),
  ...EXAMPLES.map((name) => ({ name: `examples/${name}`, original: new Uint8Array() })),
];

beforeAll(async () => {
  for (const name of EXAMPLES) {
    const read = (f: string) => JSON.parse(readFileSync(join("examples", name, f), "utf8")) as unknown;
    const built = await exportDocument(read("library.json"), read("assembly.json"), { as: "buffer", today: TODAY });
    cases.find((c) => c.name === `examples/${name}`)!.original = new Uint8Array(built.output);
  }
  for (const c of cases) {
    const result = importDocx(c.original, { fileName: `${c.name.replace(/^.*\//, "")}.docx` });
    if (!result.ok) throw new Error(`${c.name}: ${result.problems.map((p) => p.message).join("; ")}`);
    c.imported = result.value;
    const { library, assembly } = rebuildInputs(result.value);
    const built = await exportDocument(library, assembly, { as: "buffer", today: TODAY });
    c.rebuilt = new Uint8Array(built.output);
  }
  const structures = await readStructures(cases.flatMap((c) => [c.original, c.rebuilt!]));
  cases.forEach((c, i) => {
    c.differences = compare(structures[2 * i]!, structures[2 * i + 1]!, c.imported!);
  });
}, 600_000);

describe.each(cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
  it("imports as more than one snippet where it has structure, and builds back into a valid document", async () => {
    expect(c.imported!.snippets.length).toBeGreaterThan(0);
    await expectValidDocx(c.rebuilt!);
  });

  it("reads back the same: every difference is reported by the import or justified", () => {
    const justified = JUSTIFIED[c.name] ?? [];
    const unexplained = c.differences!.filter((d) => !d.reason && !justified.some((j) => j.match.test(d.detail)));
    if (c.differences!.length > 0)
      console.log(`${c.name}: ${c.differences!.length} differences\n${c.differences!.map((d) => `  ${d.kind}: ${d.detail}${d.reason ? ` (${d.reason})` : ""}`).join("\n")}`);
    expect(unexplained).toEqual([]);
  });
});
