import { wrapOutput, type OutputForm } from "../pack/output";
import type { AssemblyInput } from "../model/schema-assembly";
import { buildDocx } from "./build";
import { DOCX_SIDE } from "./docx-side";
import { isCatalogue, type Catalogue } from "./libraries";
import type { ExportOptions, ExportResult } from "./types";

/**
 * The one call the task pane and the CLI use: a catalogue (loadLibraries; or library JSON — one library
 * or a list — parsed here for this call alone) + an assembly → a .docx in the form asked for ("string"
 * binary string, "buffer" Uint8Array/Buffer, "base64", "blob", "stream"), with the warnings beside it.
 * Invalid input throws a SectionsmithError carrying every problem; nothing is returned.
 */
export async function exportDocument<F extends OutputForm>(
  catalogue: Catalogue,
  assembly: AssemblyInput | string,
  options: ExportOptions<F>,
): Promise<ExportResult<F>>;
export async function exportDocument<F extends OutputForm>(
  library: unknown,
  assembly: unknown,
  options: ExportOptions<F>,
): Promise<ExportResult<F>>;
export async function exportDocument<F extends OutputForm>(
  library: unknown,
  assembly: unknown,
  options: ExportOptions<F>,
): Promise<ExportResult<F>> {
  const libraries = isCatalogue(library) ? library : Array.isArray(library) ? library : [library];
  const { as, names, ...build } = options;
  const result = await buildDocx(
    { libraries, assembly, librarySources: names?.libraries, assemblySource: names?.assembly },
    build,
    DOCX_SIDE,
  );
  return {
    output: wrapOutput(result.bytes, as),
    warnings: result.warnings,
    snippets: result.snippets,
    carry: result.carry,
    hasToc: result.hasToc,
    targets: result.targets,
  };
}
