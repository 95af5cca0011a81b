// Import benchmark (issue 30): a Word document of 50 clauses imported against libraries of 5,000 snippets —
// half the clauses near-copies of library snippets (one word changed), half new — and the same document
// imported with no library, so that the difference is the duplicate search (the prefix-filtered index and
// the word diffs of src/engine/import-docx/duplicates.ts). Budget: the duplicate search for 50 clauses
// against 5,000 snippets well under a second.

import { importDocx, parseLibrary } from "../../src/engine";
import { makeDocx, p, STYLES, style } from "../../tests/engine/import-docx/make-docx";
import { machine } from "../lib/machine";
import type { Check, PartReport } from "../lib/report";
import { median, ms } from "../lib/stats";
import { searchLibrary } from "../search/library";

export type ImportBenchOptions = { quick?: boolean; log?: (line: string) => void };

/** The words of a Markdown body as plain sentences (what a Word clause would hold). */
const plain = (body: string) =>
  body
    .replace(/\{\{[^}]*\}\}/g, "")
    .replace(/[#*_>|`[\]()-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function documentFor(library: ReturnType<typeof searchLibrary>): Uint8Array {
  const snippets = library.snippets as Array<{ title: string; body: string }>;
  const clauses: string[] = [];
  for (let k = 0; k < 50; k++) {
    const text =
      k % 2 === 0
        ? plain(snippets[(k * 97) % snippets.length]!.body).replace(/\b(\w+)\b/, "changed")
        : `Clause ${k} is new wording about the supplier's obligation number ${k * 13} to deliver ${k} units by the agreed date, with notice.`;
    clauses.push(p(`Clause ${k + 1}`, style("Heading1")) + p(text));
  }
  return makeDocx({ body: clauses.join(""), styles: STYLES });
}

export async function runImportBench(options: ImportBenchOptions = {}): Promise<PartReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const machineStart = machine();
  const runs = options.quick ? 3 : 7;
  const rows: string[][] = [];
  let worst = 0;
  for (const wide of [true, false]) {
    const raw = searchLibrary(5000, undefined, wide);
    const parsed = parseLibrary(raw);
    if (!parsed.ok) throw new Error("the generated library is invalid");
    const library = parsed.value.snippets;
    const bytes = documentFor(raw);
    const alone: number[] = [];
    const compared: number[] = [];
    let found = 0;
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      importDocx(bytes, { fileName: "bench.docx" });
      const t1 = performance.now();
      const result = importDocx(bytes, { fileName: "bench.docx", library });
      const t2 = performance.now();
      if (i === 0) {
        found = result.ok ? result.value.snippets.filter((s) => s.duplicate).length : -1;
        continue; // warm-up
      }
      alone.push(t1 - t0);
      compared.push(t2 - t1);
    }
    const search = Math.max(0, median(compared) - median(alone));
    worst = Math.max(worst, search);
    const name = `5,000${wide ? " (wide vocabulary)" : " (narrow vocabulary)"}`;
    rows.push([name, "50", ms(median(alone)), ms(median(compared)), ms(search), String(found)]);
    log(`  ${name}: import ${ms(median(alone))}, with the library ${ms(median(compared))}, duplicates found ${found}`);
  }
  const checks: Check[] = [
    {
      what: "import-docx: duplicate search, 50 clauses against 5,000 snippets",
      figure: ms(worst),
      budget: "< 1 s",
      pass: worst < 1000,
      note: "median over runs, the worse of the two libraries; the import of the same document with no library subtracted",
    },
  ];
  return {
    part: "import",
    title: "Import: a Word document against a library",
    machineStart,
    machineEnd: machine(),
    seconds: (performance.now() - started) / 1000,
    checks,
    tables: [
      {
        title: "importDocx of a 50-clause document, alone and against 5,000 snippets (in process)",
        head: ["library", "clauses", "import alone", "with the library", "duplicate search", "duplicates found"],
        rows,
        notes: ["25 clauses are library snippets' text with one word changed (near-duplicates to find), 25 are new."],
      },
    ],
    notes: [],
  };
}
