// The import round trip (issue 30): a document imported as snippets, built back with every variable's
// value left as the placeholder the document had, and both read by LibreOffice. What differs is listed,
// and each difference must be one the import itself reported (numbering the library format numbers
// differently, a list level Markdown cannot nest) or one of the normalisations named here.

import { diffArrays } from "diff";
import type { DocxImport, Problem } from "../../../src/engine";
import { norm, type Para, type Structure } from "./structure";

/** The library and assembly that rebuild an import: variables as text holding their placeholders. */
export function rebuildInputs(imports: DocxImport): { library: unknown; assembly: unknown } {
  const snippets = imports.snippets.map((s) => ({
    ...s.snippet,
    status: "approved",
    variables: s.snippet.variables.map((v) => ({ name: v.name, type: v.type === "boolean" ? "boolean" : "text" })),
  }));
  return {
    library: { format: "sectionsmith/library@1", snippets },
    assembly: {
      format: "sectionsmith/assembly@1",
      locale: "en-US",
      options: { headingNumbering: imports.numberedHeadings ? "legal" : "none" },
      sections: imports.snippets.map((s) => ({
        snippet: s.snippet.id,
        ...(s.headingOffset > 0 ? { headingOffset: s.headingOffset } : {}),
        ...(s.pageBreakBefore ? { pageBreakBefore: true } : {}),
        values: s.placeholders,
      })),
    },
  };
}

export type Difference = { kind: "label" | "depth" | "heading" | "text" | "table"; detail: string; reason?: string };

/** Cells compared whole: a cell's paragraphs become one line (a Markdown cell is one paragraph with <br>). */
function flatten(paragraphs: readonly Para[]): Para[] {
  const out: Para[] = [];
  for (const raw of paragraphs) {
    // A heading's number is its label: the library puts Word numbering on the heading paragraph (LibreOffice
    // sees a list), a document may number headings through its outline (no list): depth says nothing there.
    const p = raw.heading > 0 ? { ...raw, depth: 0 } : raw;
    const last = out[out.length - 1];
    const text = p.cell && p.label ? `${p.label} ${p.text}` : p.text;
    if (p.cell && last && last.cell === p.cell) last.text = `${last.text} ${text}`;
    else out.push(p.cell ? { ...p, label: "", depth: 0, text } : { ...p });
  }
  return out;
}

/** "1.2" → "9.9", "(iv)" → "(r)", "b." → "a.": a label's form, whatever its number. */
const shape = (label: string): string =>
  label.replace(/\d+/g, "9").replace(/\b[ivxlc]+\b/g, "r").replace(/\b[IVXLC]+\b/g, "R").replace(/\b[a-z]{1,2}\b/g, "a").replace(/\b[A-Z]{1,2}\b/g, "A");

const key = (p: Para): string => `${p.heading}|${p.depth}|${p.label}|${p.text}|${p.cell ? "cell" : ""}`;

export function compare(original: Structure, rebuilt: Structure, imports: DocxImport): Difference[] {
  const warnings: Problem[] = [...imports.warnings, ...imports.snippets.flatMap((s) => s.warnings)];
  // Numbering the import said the library writes differently: Word's form → the library's.
  const renumbered = new Set<string>();
  for (const w of warnings) {
    const m = /“([^”]*)”[^“]*“([^”]*)”/.exec(w.message);
    if (w.code === "DOCX_CHANGED" && m && /number/i.test(w.message)) renumbered.add(`${shape(m[1]!)}→${shape(m[2]!)}`);
  }
  const relevelled = warnings.some((w) => /list item .* deeper|list in a table cell/i.test(w.message));
  // Drafting notes moved out of the text into the snippets' notes.
  const notes = imports.snippets.flatMap((s) => (s.snippet.notes ?? "").split("\n\n")).filter((n) => n !== "");
  const withoutNotes = (p: Para): Para => {
    let text = p.text;
    for (const n of notes) text = text.split(norm(`[${n}]`)).join(" ").split(norm(`[ ${n} ]`)).join(" ");
    return { ...p, text: norm(text) };
  };
  // A table in a table cell is written as lines of its cells separated by " / " (reported as nested-table).
  const nested = warnings.some((w) => /table inside a table cell/i.test(w.message));
  const unnest = (p: Para): Para => (nested && p.cell ? { ...p, text: norm(p.text.split(" / ").join(" ")) } : p);
  const before = flatten(original.paragraphs).map(withoutNotes).filter((p) => p.text !== "" || p.label !== "");
  const after = flatten(rebuilt.paragraphs).map(unnest).filter((p) => p.text !== "" || p.label !== "");
  const differences: Difference[] = [];
  const parts = diffArrays(before.map(key), after.map(key));
  let i = 0;
  let j = 0;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (!part.added && !part.removed) {
      i += part.count ?? part.value.length;
      j += part.count ?? part.value.length;
      continue;
    }
    const next = parts[k + 1];
    const removed = part.removed ? before.slice(i, i + part.value.length) : [];
    const added = part.added ? after.slice(j, j + part.value.length) : next?.added ? after.slice(j, j + next.value.length) : [];
    if (part.removed && next?.added) k++;
    i += removed.length;
    j += added.length;
    // Pair what was removed and added by text: the same paragraph with another label, depth or level.
    const unmatched = [...added];
    for (const r of removed) {
      const twin = unmatched.findIndex((a) => a.text === r.text);
      if (twin < 0) {
        differences.push({ kind: "text", detail: `only in the original: ${r.label ? `${r.label} ` : ""}${r.text.slice(0, 120)}` });
        continue;
      }
      const a = unmatched.splice(twin, 1)[0]!;
      if (r.heading !== a.heading)
        differences.push({ kind: "heading", detail: `heading level ${r.heading} → ${a.heading}: ${r.text.slice(0, 60)}` });
      if (r.depth !== a.depth)
        differences.push({ kind: "depth", detail: `list depth ${r.depth} → ${a.depth}: ${r.text.slice(0, 60)}`, ...(relevelled ? { reason: "the import reported a list level Markdown cannot nest, or a list in a table cell" } : {}) });
      if (r.label !== a.label) {
        const form = `${shape(r.label)}→${shape(a.label)}`;
        differences.push({
          kind: "label",
          detail: `label “${r.label}” → “${a.label}”: ${r.text.slice(0, 60)}`,
          ...(renumbered.has(form) ? { reason: "numbering the library format writes otherwise, reported by the import" } : {}),
        });
      }
    }
    for (const a of unmatched) differences.push({ kind: "text", detail: `only in the rebuilt document: ${a.label ? `${a.label} ` : ""}${a.text.slice(0, 120)}` });
  }
  if (original.tables.length !== rebuilt.tables.length)
    differences.push({ kind: "table", detail: `${original.tables.length} tables → ${rebuilt.tables.length}` });
  else
    original.tables.forEach((t, n) => {
      const r = rebuilt.tables[n]!;
      if (t.rows !== r.rows || t.columns !== r.columns)
        differences.push({ kind: "table", detail: `table ${n + 1}: ${t.rows}×${t.columns} → ${r.rows}×${r.columns}` });
    });
  return differences;
}
