import { z } from "zod";
import { LIBRARY_FORMAT } from "./types";
import { parseDateFormat } from "./date-format";
import { show } from "./describe";
import {
  compileError,
  currencyKnown,
  dateFormatUsable,
  isCurrencyCode,
  nameNotReserved,
  patternSupported,
  patternValid,
  titleNotBlank,
} from "./refinements";
import { ID_PATTERN, VARIABLE_NAME_PATTERN, commonSchemas, intSchema, onAny, onString } from "./schema-common";

export { compileError, isCurrencyCode } from "./refinements";

// The library file as a zod schema: one definition gives the structural checks (with every issue
// and its path), the unknown-field warnings (unknown-keys.ts walks it) and, through z.toJSONSchema, the
// schema editors use (json-schema.ts). Rules that span several fields (unique ids, rules that suit the
// variable's type, defaults) live in check-library.ts, run on the input as read. The schemas are made
// on first use (librarySchemas()), so that loading the engine does not build them.

export const SNIPPET_STATUSES = ["draft", "approved", "deprecated"] as const;
export const SNIPPET_KINDS = ["body", "header", "footer"] as const;
export const VARIABLE_TYPES = [
  "text",
  "multiline",
  "number",
  "currency",
  "date",
  "choice",
  "boolean",
  "list",
] as const;
const FIELD_TYPES = VARIABLE_TYPES.filter((t) => t !== "list") as Exclude<
  (typeof VARIABLE_TYPES)[number],
  "list"
>[];

const currencyMessage = (v: string): string => {
  const upper = v.trim().toUpperCase();
  const hint = upper !== v && isCurrencyCode(upper) ? ` Did you mean "${upper}"?` : "";
  return `Currency ${show(v)} is not an ISO 4217 code: use three capital letters such as EUR, USD or GBP.${hint}`;
};

export const formatRule = (format: string, kind: string) =>
  onAny("FORMAT_UNKNOWN", (v) =>
    v === undefined
      ? `The file has no "format" field: a${kind === "assembly" ? "n" : ""} ${kind} file starts with "format": "${format}"`
      : `"format" is ${show(v)}, but a${kind === "assembly" ? "n" : ""} ${kind} file has "format": "${format}"`,
  );

function build() {
  const { idSchema, versionSchema, valueSchema } = commonSchemas();
  const variableShape = {
    name: z
      .string()
      .regex(
        VARIABLE_NAME_PATTERN,
        onString(
          "VARIABLE_NAME_INVALID",
          (v) =>
            `Variable name ${show(v)} must start with a letter or "_" and hold only letters, digits and "_" (it is written {{name}} in the body)`,
        ),
      )
      .refine(
        nameNotReserved,
        onString("VARIABLE_NAME_INVALID", () => `Variable name "__proto__" is reserved (its values would be dropped when read): choose another name`),
      )
      .meta({ description: "Name used in the body as {{name}}: a letter or _, then letters, digits or _" }),
    label: z.string().optional().meta({ description: "Label shown in the fill-in form" }),
    help: z.string().optional().meta({ description: "Help text shown under the field in the fill-in form" }),
    type: z
      .enum(VARIABLE_TYPES)
      .meta({ description: "text, multiline, number, currency, date, choice, boolean or list" }),
    required: z.boolean().default(false).meta({ description: "A missing required value is an error" }),
    default: valueSchema.optional().meta({ description: "Used when no value is given; must be a valid value" }),
    maxLength: intSchema("maxLength", 1)
      .optional()
      .meta({ description: "text, multiline: the most characters a value may have" }),
    pattern: z
      .string()
      .refine(
        patternValid,
        onString(
          "PATTERN_INVALID",
          (p) => `Pattern ${show(p)} is not a valid JavaScript regular expression: ${compileError(p)}`,
        ),
      )
      .refine(
        patternSupported,
        onString(
          "PATTERN_UNSUPPORTED",
          (p) =>
            `Pattern ${show(p)} uses syntax that cannot be matched in time linear in the value (lookaround, backreferences): ${compileError(p)}`,
        ),
      )
      .optional()
      .meta({ description: "text, multiline: a JavaScript regular expression the whole value must match" }),
    min: z
      .number()
      .optional()
      .meta({ description: "number, currency: the smallest value allowed (inclusive)" }),
    max: z.number().optional().meta({ description: "number, currency: the largest value allowed (inclusive)" }),
    decimals: intSchema("decimals", 0, 20)
      .optional()
      .meta({ description: "number: digits after the decimal point when formatted" }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, onString("CURRENCY_INVALID", currencyMessage))
      .refine(currencyKnown, onString("CURRENCY_INVALID", currencyMessage))
      .optional()
      .meta({ description: "currency: ISO 4217 code, e.g. EUR" }),
    format: z
      .string()
      .refine(
        dateFormatUsable,
        onString("DATE_FORMAT_INVALID", (f) => {
          const parsed = parseDateFormat(f);
          return `Date format ${show(f)} cannot be used: ${parsed.ok ? "" : parsed.error}`;
        }),
      )
      .optional()
      .meta({ description: "date: Unicode date pattern such as d MMMM yyyy; default: the locale's long date" }),
    options: z
      .array(z.string())
      .min(
        1,
        onAny("OPTIONS_REQUIRED", () => `"options" must list at least one choice`),
      )
      .optional()
      .meta({ description: "choice: the texts the user can choose from (required, non-empty)" }),
  };

  const fieldSchema = z
    .object({
      ...variableShape,
      type: z
        .enum(
          FIELD_TYPES,
          onAny("LIST_NESTED", (v) =>
            v === "list"
              ? `A field of a list cannot itself be a list: lists do not nest (use text, number, … or a separate list variable)`
              : undefined,
          ),
        )
        .meta({
          description: "text, multiline, number, currency, date, choice or boolean (lists do not nest)",
        }),
    })
    .meta({ description: "A field of each list item" });

  const variableSchema = z
    .object({
      ...variableShape,
      fields: z
        .array(fieldSchema)
        .min(
          1,
          onAny("FIELDS_REQUIRED", () => `"fields" must describe at least one field of a list item`),
        )
        .optional()
        .meta({ description: "list: the fields of each item (required; no nested lists)" }),
    })
    .meta({ description: "A value the user fills in, written {{name}} in the body" });

  const titleMessage = (t: string): string =>
    `Title must be 1 to 200 characters and not only spaces; this one has ${t.length} character${t.length === 1 ? "" : "s"}`;

  const snippetSchema = z
    .object({
      id: idSchema.meta({
        description: `Identifier: ${ID_PATTERN.source}. Several versions of one id may exist`,
      }),
      version: versionSchema.default(1).meta({
        description: "Whole number ≥ 1; the highest approved version is used unless an assembly pins one",
      }),
      title: z
        .string()
        .min(1, onString("FIELD_LENGTH", titleMessage))
        .max(200, onString("FIELD_LENGTH", titleMessage))
        .refine(titleNotBlank, onString("FIELD_LENGTH", titleMessage))
        .meta({ description: "Title shown in the library, 1–200 characters" }),
      description: z.string().optional().meta({ description: "What the snippet is for" }),
      category: z
        .string()
        .optional()
        .meta({ description: 'Category; "/" separates levels, e.g. Contracts/Clauses' }),
      tags: z.array(z.string()).default([]).meta({ description: "Search tags" }),
      status: z.enum(SNIPPET_STATUSES).default("draft").meta({ description: "draft, approved or deprecated" }),
      owner: z.string().optional().meta({ description: "Who maintains the snippet" }),
      reviewBy: z.iso
        .date(
          onString(
            "DATE_INVALID",
            (v) => `reviewBy ${show(v)} must be a real date written YYYY-MM-DD, e.g. 2027-03-01`,
          ),
        )
        .optional()
        .meta({ description: "YYYY-MM-DD; past it the snippet is stale" }),
      replacedBy: z
        .string()
        .regex(
          ID_PATTERN,
          onString("ID_INVALID", (v) => `replacedBy ${show(v)} must be a snippet id: lowercase letters, digits, ".", "_" and "-"`),
        )
        .optional()
        .meta({ description: "For a deprecated snippet: the id of the snippet to use instead" }),
      updated: z.iso
        .datetime({
          offset: true,
          ...onString(
            "DATETIME_INVALID",
            (v) =>
              `updated ${show(v)} must be an ISO 8601 date-time with a time zone, e.g. 2026-10-01T12:00:00Z`,
          ),
        })
        .optional()
        .meta({ description: "ISO 8601 date-time of the last change, e.g. 2026-10-01T12:00:00Z" }),
      kind: z.enum(SNIPPET_KINDS).default("body").meta({ description: "body, header or footer" }),
      titleBlock: z
        .boolean()
        .optional()
        .meta({
          description:
            "A title block (cover or title page): # is written in Word's Title style and ## in its Subtitle style, not as headings",
        }),
      variables: z.array(variableSchema).default([]).meta({ description: "Values the user fills in" }),
      notes: z
        .string()
        .optional()
        .meta({ description: "Drafting note; a Word comment when drafting notes are on" }),
      body: z
        .string()
        .meta({ description: "Markdown with template tags ({{name}}, {{#if}}, {{#each}}, {{> id}}, …)" }),
    })
    .meta({ description: "A reusable piece of a document" });

  const librarySchema = z
    .object({
      $schema: z.string().optional().meta({ description: "The JSON Schema of this file, for editors" }),
      format: z
        .literal(LIBRARY_FORMAT, formatRule(LIBRARY_FORMAT, "library"))
        .meta({ description: "Always sectionsmith/library@1" }),
      name: z.string().optional().meta({ description: "Name of the library" }),
      snippets: z.array(snippetSchema).default([]).meta({ description: "The snippets of the library" }),
    })
    .meta({
      title: "Sectionsmith library",
      description: "A library of reusable snippets (sectionsmith/library@1)",
    });
  return { librarySchema, snippetSchema, variableSchema };
}

let built: ReturnType<typeof build> | undefined;
/** The library's zod schemas, made on first use. */
export const librarySchemas = (): ReturnType<typeof build> => (built ??= build());
