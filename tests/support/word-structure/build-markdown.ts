import { exportDocument, SectionsmithError, type Problem } from "../../../src/engine";
import { expectValidDocx } from "../ooxml-check";
import { structureOfDocx } from "./from-docx";
import type { Block } from "./structure";

// One Markdown text through the whole document build, as a user's snippet: a library holding it as the
// body of one approved snippet, an assembly of one section, exportDocument to a .docx. A document that
// builds passes the schema and Word rules check (ooxml-check.ts) and is read back (from-docx.ts); one
// that does not gives its problems.

export type Built =
  { built: true; blocks: Block[]; warnings: Problem[] } | { built: false; problems: Problem[] };

const TODAY = new Date("2026-11-22T10:00:00Z");

export async function buildMarkdown(markdown: string): Promise<Built> {
  const library = {
    format: "sectionsmith/library@1",
    name: "Spec examples",
    snippets: [{ id: "example", title: "Example", status: "approved", body: markdown }],
  };
  const assembly = { format: "sectionsmith/assembly@1", sections: [{ snippet: "example" }] };
  let output: Uint8Array;
  let warnings: Problem[];
  try {
    const result = await exportDocument(library, assembly, { as: "buffer", today: TODAY });
    output = new Uint8Array(result.output);
    warnings = result.warnings;
  } catch (error) {
    if (error instanceof SectionsmithError) return { built: false, problems: error.problems };
    throw error;
  }
  await expectValidDocx(output);
  return { built: true, blocks: await structureOfDocx(output), warnings };
}
