import { MODEL_CODES } from "./codes-model";
import { TEMPLATE_CODES } from "./codes-template";
import { MARKDOWN_CODES } from "./codes-markdown";
import { RENDER_CODES } from "./codes-render";
import { LIMIT_CODES } from "./codes-limits";
import { IMPORT_CODES } from "./codes-import";
import { TERM_CODES } from "./codes-terms";

/**
 * The catalogue of every problem code the engine can report. Codes are stable: a code, once
 * released, keeps its meaning (docs/errors.md is generated from this catalogue and checked against it).
 * Each domain keeps its own table so the files stay small; a code is UPPER_SNAKE and unique overall.
 */
export type CodeInfo = {
  severity: "error" | "warning";
  /** One line: what the code means. */
  title: string;
  /** What the user should do about it. */
  fix: string;
  /** A small example input that produces it (for the catalogue). */
  example: string;
};

export const PROBLEM_CODES = {
  ...MODEL_CODES,
  ...TEMPLATE_CODES,
  ...MARKDOWN_CODES,
  ...RENDER_CODES,
  ...LIMIT_CODES,
  ...IMPORT_CODES,
  ...TERM_CODES,
} satisfies Record<string, CodeInfo>;

export type ProblemCode = keyof typeof PROBLEM_CODES;
