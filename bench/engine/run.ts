// Engine benchmark: every contender at every size, each in processes of its own (bench/engine/worker.ts),
// taking turns in rounds; then the table, the ratios to the hand-written docx floor, and the budgets: the
// 200-page document's build time and the 1,000-section document's memory (the peers are information).

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { runChild } from "../lib/child";
import { machine } from "../lib/machine";
import type { PartReport, Table } from "../lib/report";
import { kb, mb, median, ms, ratio } from "../lib/stats";
import { countPages } from "./pages";
import type { ContenderKey } from "./contenders/types";
import { merge } from "./merge";
import type { WorkerRequest, WorkerResult } from "./worker";
import { checks } from "./checks";

export type EngineBenchOptions = {
  /** Directory of the bundled scripts (engine-worker.mjs). */
  scripts: string;
  /** Fewer runs, smaller sizes: a smoke test of the bench itself. */
  quick?: boolean;
  /** Also run html-to-docx at 1,000 sections even when it would take minutes. */
  full?: boolean;
  log?: (line: string) => void;
};

export type Size = { sections: number; runs: number; maxSeconds: number };

const SIZES: readonly Size[] = [
  { sections: 1, runs: 15, maxSeconds: 15 },
  { sections: 10, runs: 15, maxSeconds: 20 },
  { sections: 100, runs: 7, maxSeconds: 30 },
  { sections: 1000, runs: 3, maxSeconds: 45 },
];
const QUICK: readonly Size[] = [
  { sections: 1, runs: 3, maxSeconds: 5 },
  { sections: 10, runs: 3, maxSeconds: 5 },
];

const ORDER: readonly ContenderKey[] = ["floor", "engine", "docxtemplater", "html-to-docx"];
/** Contenders whose 10-section output LibreOffice counts pages of. */
const PAGED: readonly ContenderKey[] = ["floor", "engine", "docxtemplater", "html-to-docx"];
const NAMES: Record<ContenderKey, string> = {
  floor: "docx by hand (floor)",
  engine: "Sectionsmith engine",
  docxtemplater: "docxtemplater",
  "html-to-docx": "html-to-docx",
};

/** Each size's runs are split into this many rounds, the contenders taking turns. */
const ROUNDS = 3;
/** Contenders whose build takes longer than this run once per size, not once per round. */
const ONE_RUN_SECONDS = 20;
/** Do not start a run of a contender projected to take longer than this (unless --full). */
const MAX_PROJECTED_SECONDS = 60;

export async function runEngineBench(options: EngineBenchOptions): Promise<PartReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const machineStart = machine();
  const sizes = options.quick ? QUICK : SIZES;
  const outDir = join(options.scripts, "out");
  await mkdir(outDir, { recursive: true });
  const results = new Map<string, WorkerResult>();
  const skipped = new Map<string, string>();
  const failed = new Map<string, string>();
  const key = (c: ContenderKey, n: number) => `${c}@${n}`;

  for (const size of sizes) {
    // Rounds: every contender runs a few builds, then the next, and again — so a change in the machine's
    // load (it is shared) falls on all of them alike instead of on whichever ran at that moment.
    const rounds = Math.min(size.runs, ROUNDS);
    for (let round = 0; round < rounds; round++) {
      const order = ORDER.map((_, i) => ORDER[(i + round) % ORDER.length]!);
      for (const c of order) {
        const k = key(c, size.sections);
        if (failed.has(k) || skipped.has(k)) continue;
        // A build that takes longer than this is timed once: more rounds would not change the picture and
        // would push the whole bench past ten minutes.
        const sofar = results.get(k);
        if (sofar && median(sofar.totals) > ONE_RUN_SECONDS * 1000) continue;
        if (round === 0) {
          // A peer whose previous size projects (linearly) past the limit is not run at this size; the
          // engine and the floor always run (every budget is about them).
          const prev = [...results.values()].filter((r) => r.contender === c).pop();
          const projected = prev ? (median(prev.totals) / 1000) * (size.sections / prev.sections) : 0;
          if (!options.full && (c === "docxtemplater" || c === "html-to-docx") && projected > MAX_PROJECTED_SECONDS) {
            skipped.set(k, `not run: ≈${projected.toFixed(0)} s per build projected from ${prev!.sections} sections (npm run bench:engine -- --full runs it)`);
            log(`  ${NAMES[c]} × ${size.sections}: skipped (projected ${projected.toFixed(0)} s)`);
            continue;
          }
        }
        const request: WorkerRequest = {
          contender: c,
          sections: size.sections,
          runs: Math.ceil(size.runs / rounds),
          maxSeconds: size.maxSeconds / rounds,
          gcBetweenRuns: size.sections >= 100,
          ...(size.sections === 10 && round === rounds - 1 && PAGED.includes(c) ? { save: join(outDir, `${c}-10.docx`) } : {}),
        };
        try {
          const r = await runChild<WorkerResult>(join(options.scripts, "engine-worker.mjs"), request, ["--expose-gc"]);
          results.set(k, merge(results.get(k), r));
        } catch (e) {
          // A contender that refuses or crashes is a result too (the engine's limits can refuse a size).
          failed.set(k, failure(e));
          results.delete(k);
          log(`  ${NAMES[c]} × ${size.sections}: FAILED — ${failed.get(k)}`);
        }
      }
    }
    for (const c of ORDER) {
      const r = results.get(key(c, size.sections));
      if (r) log(`  ${NAMES[c]} × ${size.sections}: ${ms(median(r.totals))} median of ${r.totals.length}, peak ${mb(r.peakRss)}${r.verification.ok ? "" : " OUTPUT CHECK FAILED"}`);
    }
  }

  const pages = await countPages(PAGED.map((c) => join(outDir, `${c}-10.docx`)));
  const pagesOf = (c: ContenderKey) => pages?.get(join(outDir, `${c}-10.docx`));
  const floorPages = pagesOf("floor");

  const rows: string[][] = [];
  for (const size of sizes) {
    const floor = results.get(key("floor", size.sections));
    for (const c of ORDER) {
      const r = results.get(key(c, size.sections));
      const label = size.sections === 1 ? "1" : size.sections.toLocaleString("en-US");
      if (!r) {
        const why = failed.has(key(c, size.sections)) ? `✗ failed: ${failed.get(key(c, size.sections))}` : (skipped.get(key(c, size.sections)) ?? "not run");
        rows.push([label, NAMES[c], "0", "–", "–", "–", "–", "–", "–", "–", why]);
        continue;
      }
      const wall = median(r.totals);
      const cpu = median(r.cpu);
      const phases = Object.entries(r.phases)
        .map(([p, v]) => `${p} ${ms(median(v))}`)
        .join(", ");
      const v = r.verification;
      const check = v.ok
        ? `✓ ${v.found.paragraphs} ¶, ${v.found.tables} tables, ${v.found.footnoteReferences} notes`
        : `✗ ${v.failures.join("; ")}`;
      rows.push([
        label,
        NAMES[c],
        String(r.totals.length),
        ms(wall),
        ms(cpu),
        floor ? ratio(wall / median(floor.totals)) : "–",
        floor ? ratio(cpu / median(floor.cpu)) : "–",
        phases,
        mb(r.peakRss),
        kb(v.found.bytes),
        check,
      ]);
    }
  }

  const table: Table = {
    title: "Build time by document size (median of all runs; contenders take turns in 3 rounds, each round a fresh process)",
    head: ["sections", "contender", "runs", "median", "CPU", "× floor", "× floor CPU", "phases (median)", "peak RSS", ".docx", "output check"],
    rows,
    notes: [
      `Sections are ${pagesNote(floorPages)}. Timed: from the input in memory (parsed JSON, data objects, a template file) to the .docx bytes.`,
      "median = wall clock; CPU = user + system time of the process (V8's parallel GC threads included), which is less sensitive to other load on the machine.",
      "peak RSS = the process's maximum resident set (Node itself ≈ 50–60 MB of it), over a warm-up on 10 sections and all timed runs; from 100 sections on, a full GC runs before each run (so the peak is one build's); smaller builds run back to back (a forced GC right before a 1-section build doubles its time).",
      "output check: the zip opens; word/document.xml has the expected paragraphs with text, tables, footnote references, text length (±1%) and the last section's values.",
    ],
  };
  if (pages) {
    table.notes!.push(
      `Pages for the 10-section document (LibreOffice → PDF): ${PAGED.map((c) => `${NAMES[c]} ${pagesOf(c) ?? "?"}`).join(", ")}.`,
    );
  }

  const notes = [
    "Contenders: the engine gets a library of one snippet per section (its prose, with {{client}}, {{fee}} (currency), {{start}} (date), {{#if mutual}} and {{#each rows}} building the table rows) and an assembly with each section's values; the floor is hand-written docx code building the same paragraphs, list numbering (restarting per section), table and footnotes; docxtemplater fills a template made with docx ({#sections} loop, paragraph loops, a {#rows} table-row loop); html-to-docx converts equivalent HTML built from the same data.",
    "docxtemplater: all sections' footnote references point at the template's two footnotes, and list numbering continues across sections (a plain template cannot repeat footnotes or restart lists).",
    "html-to-docx: HTML has no footnotes (a superscript marker and note paragraphs at the end of each section instead, so 2 more paragraphs per section); it adds an empty paragraph after every table and stores its zip uncompressed.",
  ];
  for (const [k, why] of skipped) notes.push(`${k.replace("@", " at ")} sections: ${why}.`);
  for (const [k, why] of failed) notes.push(`${k.replace("@", " at ")} sections FAILED: ${why}`);

  return {
    part: "engine",
    title: "Engine: building documents",
    machineStart,
    machineEnd: machine(),
    seconds: (performance.now() - started) / 1000,
    checks: checks(results, sizes, failed),
    tables: [table],
    notes,
  };
}

function pagesNote(floorPages: number | undefined): string {
  return floorPages
    ? `≈${(floorPages / 10).toFixed(1)} A4 pages each (10 sections = ${floorPages} pages), so 100 sections ≈ ${Math.round(floorPages * 10)} pages and 1,000 ≈ ${(floorPages * 100).toLocaleString("en-US")}`
    : "≈2 A4 pages each";
}

/** The first line that says why a worker failed: a Sectionsmith problem line when there is one. */
function failure(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const problem = /^\s*error (\S+) (.*)$/m.exec(text);
  if (problem) return `${problem[1]} ${problem[2]!.slice(0, 300)}`;
  return text.split("\n").filter((l) => l.trim() !== "").slice(-1)[0]?.slice(0, 300) ?? "unknown error";
}
