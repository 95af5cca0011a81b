// Outline + settings → the contract's assembly JSON (library-format.md). Empty settings are left
// out rather than written as "" so the engine's defaults apply.

import { ASSEMBLY_FORMAT, type AssemblyInput } from "../../engine/core";
import type { DocumentSettings, OutlineSection } from "./document";

export type AssemblyScope = {
  /** Header, footer and document properties: only for whole documents, never for fragments. */
  whole: boolean;
  /**
   * A preview of one snippet, away from the sections its references point at: a reference to a clause
   * not shown is a warning and reads "[clause not included]" rather than stopping the preview.
   */
  preview?: boolean;
  /**
   * Sections going into an open document (an Insert at a fragment location, an Update in place): a
   * reference to a clause not built here may be to one already in the document (outsideTargets); one
   * found nowhere is a warning and reads "[clause not included]", never an error that stops the Insert.
   */
  intoDocument?: boolean;
};

export function buildAssembly(
  sections: readonly OutlineSection[],
  settings: DocumentSettings,
  scope: AssemblyScope = { whole: true },
): AssemblyInput {
  const assembly: AssemblyInput = {
    format: ASSEMBLY_FORMAT,
    locale: settings.locale.trim() || "en-US",
    page: { size: settings.pageSize, orientation: settings.orientation },
    options: {
      draftingNotes: settings.draftingNotes,
      ...(settings.headingNumbering === "legal" ? { headingNumbering: "legal" as const } : {}),
      ...(scope.preview || scope.intoDocument ? { missingReferences: "warn" as const } : {}),
    },
    sections: sections.map(sectionJson),
  };
  const theme = compact({ font: settings.font, headingColor: normaliseColor(settings.headingColor) });
  if (theme) assembly.theme = theme;
  if (scope.whole) {
    const properties = compact({ title: settings.title, author: settings.author, company: settings.company });
    if (properties) assembly.properties = properties;
    if (settings.headerText.trim() !== "") assembly.header = { text: settings.headerText };
    if (settings.footerText.trim() !== "") assembly.footer = { text: settings.footerText };
  }
  return assembly;
}

type SectionInput = AssemblyInput["sections"][number];

function sectionJson(s: OutlineSection): SectionInput {
  const out: SectionInput = { snippet: s.snippet };
  if (s.version !== undefined) out.version = s.version;
  if (Object.keys(s.values).length > 0) out.values = s.values;
  if (s.headingOffset !== 0) out.headingOffset = s.headingOffset;
  if (s.pageBreakBefore) out.pageBreakBefore = true;
  if (s.numbering !== "restart") out.numbering = s.numbering;
  return out;
}

function compact(fields: Record<string, string | undefined>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v.trim() !== "") out[k] = v.trim();
  return Object.keys(out).length > 0 ? out : undefined;
}

/** "1f3864" or "#1F3864" → "#1F3864"; anything else is dropped (the engine would reject it). */
export function normaliseColor(color: string): string | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  return m ? `#${m[1]!.toUpperCase()}` : undefined;
}

/** "Master Services Agreement" → "Master Services Agreement.docx", without characters file systems refuse. */
export function fileNameFor(title: string): string {
  const visible = [...title].map((c) => (c.charCodeAt(0) < 0x20 ? " " : c)).join("");
  const safe = visible
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return `${safe || "Document"}.docx`;
}
