// Results of each part (engine, search, pane): budgets with ✓/✗, detail tables and notes. Each part is
// saved as bench/results/<part>.json when it runs; bench/results.md is rebuilt from all saved parts, so
// `npm run bench:search` refreshes the search figures without discarding the others.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeMachine, loadText, type Machine } from "./machine";

export type Part = "engine" | "cli" | "insert" | "search" | "import" | "pane" | "limits" | "server";
export const PARTS: readonly Part[] = ["engine", "cli", "insert", "search", "import", "pane", "limits", "server"];

/** One budget from issue 5 and where it stands. `pass: null` = not measured (with the reason in `note`). */
export type Check = { what: string; figure: string; budget: string; pass: boolean | null; note?: string };

export type Table = { title: string; head: string[]; rows: string[][]; notes?: string[] };

export type PartReport = {
  part: Part;
  title: string;
  machineStart: Machine;
  machineEnd: Machine;
  seconds: number;
  checks: Check[];
  tables: Table[];
  notes: string[];
};

export const RESULTS_DIR = "bench/results";
export const RESULTS_MD = "bench/results.md";

const mark = (pass: boolean | null): string => (pass === null ? "–" : pass ? "✓" : "✗");

export async function saveReport(report: PartReport): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, `${report.part}.json`), JSON.stringify(report, null, 2) + "\n");
}

export async function loadReports(): Promise<PartReport[]> {
  const out: PartReport[] = [];
  for (const part of PARTS) {
    try {
      out.push(JSON.parse(await readFile(join(RESULTS_DIR, `${part}.json`), "utf8")) as PartReport);
    } catch {
      // not run yet
    }
  }
  return out;
}

// ---- text tables (console) ----

const width = (s: string): number => [...s].length;
const pad = (s: string, n: number, right: boolean): string =>
  right ? " ".repeat(Math.max(0, n - width(s))) + s : s + " ".repeat(Math.max(0, n - width(s)));
const numeric = (s: string): boolean => /^[-–+~≈]?[\d.,]+\s?(ms|s|MB|KB|×|%)?$/.test(s.trim()) || /^\d/.test(s.trim());

export function textTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const right = head.map((_, i) => rows.length > 0 && rows.every((r) => numeric(r[i] ?? "") || (r[i] ?? "") === "–"));
  const line = (cells: readonly string[]) => cells.map((c, i) => pad(c, widths[i]!, right[i]!)).join("  ").trimEnd();
  return [line(head), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  const right = head.map((_, i) => rows.length > 0 && rows.every((r) => numeric(r[i] ?? "") || (r[i] ?? "") === "–"));
  return [
    `| ${head.map(esc).join(" | ")} |`,
    `|${right.map((r) => (r ? "--:" : ":--")).join("|")}|`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

const CHECK_HEAD = ["part", "what", "measured", "budget", ""];
const checkRows = (reports: readonly PartReport[]): string[][] =>
  reports.flatMap((r) => r.checks.map((c) => [r.part, c.what, c.figure, c.budget, mark(c.pass)]));

const loadLine = (r: PartReport): string =>
  `load average (1/5/15 min) ${loadText(r.machineStart)} at start, ${loadText(r.machineEnd)} at end; ${r.seconds.toFixed(0)} s`;

export function renderConsole(reports: readonly PartReport[]): string {
  const out: string[] = [];
  for (const r of reports) {
    out.push(`\n== ${r.title} ==  (${loadLine(r)})`);
    for (const t of r.tables) {
      out.push(`\n${t.title}\n${textTable(t.head, t.rows)}`);
      for (const n of t.notes ?? []) out.push(`  ${n}`);
    }
    for (const n of r.notes) out.push(`  • ${n}`);
  }
  out.push(`\n== Budgets ==\n${textTable(CHECK_HEAD, checkRows(reports))}`);
  for (const r of reports) for (const c of r.checks) if (c.note) out.push(`  ${mark(c.pass)} ${c.what}: ${c.note}`);
  return out.join("\n");
}

/** Hand-written, profile-backed analysis (bench/analysis.md), shown in results.md after the budgets. */
export const ANALYSIS_MD = "bench/analysis.md";

export function renderMarkdown(reports: readonly PartReport[], analysis?: string): string {
  const out: string[] = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.ts); do not edit by hand. How to read and reproduce these figures:",
    "bench/README-section.md. Timings are medians of several runs on a shared machine: the load average is",
    "given for every part, and with more runnable processes than cores, wall-clock figures stretch accordingly.",
    "",
    "## Budgets",
    "",
    markdownTable(CHECK_HEAD, checkRows(reports)),
    "",
  ];
  const notes = reports.flatMap((r) => r.checks.filter((c) => c.note).map((c) => `- ${mark(c.pass)} **${c.what}**: ${c.note}`));
  if (notes.length > 0) out.push(...notes, "");
  if (analysis) out.push(analysis.trim(), "");
  for (const r of reports) {
    out.push(`## ${r.title}`, "");
    out.push(`Measured ${r.machineStart.date.replace("T", " ").slice(0, 16)} UTC on ${describeMachine(r.machineStart)};`);
    out.push(`${loadLine(r)}.`, "");
    for (const t of r.tables) {
      out.push(`### ${t.title}`, "", markdownTable(t.head, t.rows), "");
      for (const n of t.notes ?? []) out.push(`${n}`, "");
    }
    for (const n of r.notes) out.push(`- ${n}`);
    if (r.notes.length > 0) out.push("");
  }
  return out.join("\n");
}

export async function writeResultsMarkdown(): Promise<string> {
  const analysis = await readFile(ANALYSIS_MD, "utf8").catch(() => undefined);
  const md = renderMarkdown(await loadReports(), analysis);
  await writeFile(RESULTS_MD, md);
  return md;
}
