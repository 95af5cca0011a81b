import type { ProblemCode } from "../errors/codes";

/**
 * A refusal while reading a .docx: the whole import stops (nothing is written) and the code and message
 * reach the user as one problem. Thrown from deep inside the reader, caught once in import-docx.ts.
 */
export class ImportFailure extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    /** Where in the package: a part name ("word/document.xml"), with line and column for XML. */
    readonly where?: string,
  ) {
    super(message);
    this.name = "ImportFailure";
  }
}
