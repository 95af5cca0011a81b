import { z } from "zod";
import type { ModelCode } from "../errors/codes-model";
import { show, showKind } from "./describe";

// Pieces shared by the library and assembly schemas. A zod issue carries only zod's own codes, so a
// schema that needs one of ours puts it in the message, between MARK characters, and issues.ts
// takes it out again. (The error callbacks also see the offending input, so messages can quote it.)

export const MARK = "\u0001";

type ErrorParam = { error: (issue: { input?: unknown }) => string | undefined };

/** An error callback giving `code` and a message, for inputs of the right JSON type only (else zod's). */
function rule<T>(
  code: ModelCode,
  accepts: (v: unknown) => v is T,
  message: (v: T) => string | undefined,
): ErrorParam {
  return {
    error: (issue) => {
      if (!accepts(issue.input)) return undefined;
      const text = message(issue.input);
      return text === undefined ? undefined : `${MARK}${code}${MARK}${text}`;
    },
  };
}

const isString = (v: unknown): v is string => typeof v === "string";
const isNumber = (v: unknown): v is number => typeof v === "number";
const isAny = (_v: unknown): _v is unknown => true;

export const onString = (code: ModelCode, message: (v: string) => string | undefined): ErrorParam =>
  rule(code, isString, message);
export const onNumber = (code: ModelCode, message: (v: number) => string | undefined): ErrorParam =>
  rule(code, isNumber, message);
export const onAny = (code: ModelCode, message: (v: unknown) => string | undefined): ErrorParam =>
  rule(code, isAny, message);

export const ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A whole number from `min` to `max` (inclusive; max optional): a non-number is FIELD_TYPE, a number
 * out of range or with decimals FIELD_RANGE, both with one message naming the field and the range.
 */
export function intSchema(field: string, min: number, max?: number) {
  const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
  const error = {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined
        ? undefined
        : typeof issue.input === "number"
          ? `${MARK}FIELD_RANGE${MARK}${field} must be a whole number ${range}, not ${issue.input}`
          : `${MARK}FIELD_TYPE${MARK}${field} must be a whole number ${range}, not ${showKind(issue.input)}`,
  };
  const base = z.int(error).min(min, error);
  return max === undefined ? base : base.max(max, error);
}

/** The schemas the library and the assembly share, made on first use (see schema-library.ts). */
function build() {
  const idSchema = z.string().regex(
    ID_PATTERN,
    onString(
      "ID_INVALID",
      (v) =>
        `Snippet id ${show(v)} must be lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (at most 100 characters)`,
    ),
  );

  const versionSchema = intSchema("version", 1);

  const scalarValueSchema = z.union([z.string(), z.number(), z.boolean()]);
  const listItemSchema = z.record(z.string(), scalarValueSchema);

  /** What the structure of a value may be; whether it suits its variable is checked in values.ts. */
  const valueSchema = z
    .union(
      [z.string(), z.number(), z.boolean(), z.array(listItemSchema)],
      onAny(
        "VALUE_TYPE",
        (v) =>
          `A value must be text, a number, true/false or a list of items (objects whose fields are text, numbers or true/false), not ${Array.isArray(v) ? "a list with other things in it" : show(v)}`,
      ),
    )
    .meta({
      description:
        "text, multiline, choice, date (YYYY-MM-DD): a string; number, currency: a number; boolean: true/false; list: an array of objects",
    });

  const valuesSchema = z.record(z.string(), valueSchema).meta({ description: "Variable name → value" });
  return { idSchema, versionSchema, scalarValueSchema, listItemSchema, valueSchema, valuesSchema };
}

let built: ReturnType<typeof build> | undefined;
export const commonSchemas = (): ReturnType<typeof build> => (built ??= build());
