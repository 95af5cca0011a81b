// Turns the outline into what Word receives. Fragments (cursor, selection, start, end) are built one
// section at a time so each lands in its own content control tagged "sectionsmith:<id>@<version>";
// whole-document locations get one complete .docx with page setup, header and footer.

import type { Problem } from "../../engine/errors/problem";
import type { Engine } from "../engine";
import type { InsertPiece } from "../host";
import { buildAssembly } from "../model/assembly";
import type { DocumentState } from "../model/document";
import type { SnippetRef } from "./use-library";

export type Built = { pieces: InsertPiece[]; warnings: Problem[] };

type Context = {
  engine: Engine;
  libraries: unknown[];
  libraryNames: string[];
  doc: DocumentState;
  lookup(id: string, version?: number): SnippetRef | undefined;
  onProgress(label: string): void;
};

export async function buildFragments({
  engine,
  libraries,
  libraryNames,
  doc,
  lookup,
  onProgress,
}: Context): Promise<Built> {
  const pieces: InsertPiece[] = [];
  const warnings: Problem[] = [];
  const total = doc.sections.length;
  for (const [i, section] of doc.sections.entries()) {
    onProgress(total === 1 ? "Building…" : `Building ${i + 1} of ${total}…`);
    const assembly = buildAssembly([section], doc.settings, { whole: false });
    const where = `Section ${i + 1} (${section.title})`;
    try {
      const result = await engine.exportDocument(libraries, assembly, {
        as: "base64",
        shape: "fragment",
        names: { libraries: libraryNames },
      });
      const resolved = lookup(section.snippet, section.version)?.snippet;
      const version = resolved?.version ?? section.version ?? 1;
      pieces.push({
        base64: result.output,
        tag: `sectionsmith:${section.snippet}@${version}`,
        title: resolved?.title ?? section.title,
      });
      warnings.push(...result.warnings.map((w) => ({ ...w, source: where })));
    } catch (e) {
      // Problems point into a one-section assembly: say which section of the outline they are about.
      const problems = (e as { problems?: Problem[] }).problems;
      if (problems) (e as { problems: Problem[] }).problems = problems.map((p) => ({ ...p, source: where }));
      throw e;
    }
  }
  return { pieces, warnings: unique(warnings) };
}

export async function buildWhole({
  engine,
  libraries,
  libraryNames,
  doc,
  onProgress,
}: Context): Promise<Built> {
  onProgress("Building…");
  const result = await engine.exportDocument(libraries, buildAssembly(doc.sections, doc.settings), {
    as: "base64",
    shape: "document",
    names: { libraries: libraryNames },
    onProgress: (p) =>
      onProgress(
        p.stage === "render" && p.total > 1
          ? `Building ${Math.min(p.done + 1, p.total)} of ${p.total}…`
          : "Building…",
      ),
  });
  const title = doc.settings.title.trim() || undefined;
  return {
    pieces: [{ base64: result.output, ...(title ? { title } : {}) }],
    warnings: unique(result.warnings),
  };
}

export function unique(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.source ?? ""}|${p.path}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
