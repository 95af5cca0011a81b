// One Word rule: what Word refuses (or repairs) that the ECMA-376 schemas allow, with where we learned it.

import type { WordContext } from "./context";

export type WordRuleFinding = {
  /** The rule's code, e.g. "WORD_NOTE_SEPARATOR". */
  code: string;
  /** The part the problem is in ("word/footnotes.xml", "[Content_Types].xml", "(package)"). */
  part: string;
  /** What exactly is wrong, naming the element, id or target. */
  detail: string;
};

export type WordRule = {
  code: string;
  /** One line: what Word needs. */
  reason: string;
  /** Where it is reported in public: issue/PR reference ("owner/repo#123") or URL. */
  source: string;
  check(ctx: WordContext, report: (part: string, detail: string) => void): void;
};
