// What every contender in the engine benchmark provides. `prepare` is untimed (building a template file,
// shaping JSON); `run` is timed from its input in memory to the .docx bytes, calling `mark(phase)` at the
// end of each of its phases so the report can show where the time goes.

import type { Expected, SectionContent } from "../../fixtures/document";

export type Contender<Input> = {
  /** Shown in the report. */
  name: string;
  /** Stable key for the command line and results JSON. */
  key: ContenderKey;
  prepare(sections: readonly SectionContent[]): Promise<Input>;
  run(input: Input, mark: (phase: string) => void): Promise<Uint8Array>;
  /**
   * Untimed, before each timed run: an input the contender has not seen yet, for contenders that keep
   * work per input object (the engine keeps parsed libraries per library object, for the pane).
   */
  fresh?(input: Input): Input;
  /** How this contender's correct output differs from the common expectation (documented limits). */
  adjust?(expected: Expected, sections: readonly SectionContent[]): Expected;
  /** Known differences from the common document, printed under the table. */
  caveat?: string;
};

export type ContenderKey = "engine" | "floor" | "docxtemplater" | "html-to-docx";
