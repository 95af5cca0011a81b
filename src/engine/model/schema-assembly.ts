import { z } from "zod";
import { ASSEMBLY_FORMAT } from "./types";
import { show } from "./describe";
import { LENGTH_PATTERN, lengthInRange } from "./length";
import { isLocale, isSupportedLocale } from "./refinements";
import { formatRule } from "./schema-library";
import { commonSchemas, intSchema, onAny, onNumber, onString } from "./schema-common";

export { isLocale, isSupportedLocale } from "./refinements";

// The assembly file as a zod schema (see schema-library.ts for why zod and how it is made on first use,
// and issues.ts for MARK codes).

function localeMessage(v: string): string {
  const fixed = v.replaceAll("_", "-");
  const hint = fixed !== v && isLocale(fixed) ? ` Did you mean "${Intl.getCanonicalLocales(fixed)[0]}"?` : "";
  return `Locale ${show(v)} is not a BCP 47 language tag: use a tag such as en-US, en-GB or de-DE.${hint}`;
}

function build() {
  const { idSchema, versionSchema, valuesSchema } = commonSchemas();
  const lengthSchema = z
    .string()
    .regex(
      LENGTH_PATTERN,
      onString(
        "LENGTH_INVALID",
        (v) => `Length ${show(v)} must be a number followed by mm, cm, in or pt, e.g. "25mm" or "1in"`,
      ),
    )
    .refine(
      lengthInRange,
      onString(
        "LENGTH_RANGE",
        (v) => `Length ${show(v)} is more than Word allows for a page measurement: at most 22in (558.8mm, 1584pt)`,
      ),
    )
    .meta({ description: 'A number followed by mm, cm, in or pt, e.g. "25mm"' });

  const propertiesSchema = z
    .object({
      title: z.string().optional(),
      subject: z.string().optional(),
      author: z.string().optional(),
      description: z.string().optional(),
      keywords: z.array(z.string()).optional(),
      category: z.string().optional(),
      company: z.string().optional().meta({ description: "Written to the app properties" }),
    })
    .meta({ description: "Written to the document's core (and, for company, app) properties" });

  const pageSchema = z
    .object({
      size: z
        .enum(["A4", "Letter", "Legal"])
        .optional()
        .meta({
          description:
            "A4, Letter or Legal. Default: from the locale — Letter where CLDR says US-Letter (US, Canada, Mexico, the Philippines, Puerto Rico, Chile, Colombia, Venezuela, Central America), A4 elsewhere",
        }),
      orientation: z
        .enum(["portrait", "landscape"])
        .default("portrait")
        .meta({ description: "portrait (default) or landscape" }),
      margins: z
        .object({
          top: lengthSchema.optional(),
          bottom: lengthSchema.optional(),
          left: lengthSchema.optional(),
          right: lengthSchema.optional(),
        })
        .optional()
        .meta({ description: "Page margins, each a length such as 25mm" }),
    })
    .prefault({})
    .meta({ description: "Paper size, orientation and margins" });

  const fontSizeMessage = (n: number): string =>
    `fontSize must be a number of points from 1 to 1638 (what Word allows), not ${n}`;

  // A font name goes into styles.xml and, in the task pane's preview, into a stylesheet (docx-preview
  // writes it unquoted): "Calibri;}p,h1{display:none}" would inject rules there. No font is named with
  // these characters, and Word keeps font names to 31 characters.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  const FONT_NAME = /^[^;:{}<>"'\\\u0000-\u001f\u007f]{1,31}$/u;
  const fontSchema = z.string().regex(
    FONT_NAME,
    onString(
      "FONT_INVALID",
      (v) => `Font name ${show(v)} is not a font name: 1–31 characters, without ; : { } < > " ' or \\`,
    ),
  );

  const themeSchema = z
    .object({
      font: fontSchema.optional().meta({ description: "Body font, e.g. Calibri" }),
      fontSize: z
        .number()
        // Word's sizes run from 1 to 1638 points: 0.2 would be written w:sz="0".
        .min(1, onNumber("FIELD_RANGE", fontSizeMessage))
        .max(1638, onNumber("FIELD_RANGE", fontSizeMessage))
        .optional()
        .meta({ description: "Body font size in points" }),
      headingFont: fontSchema.optional().meta({ description: "Heading font, e.g. Calibri Light" }),
      headingColor: z
        .string()
        .regex(
          /^#[0-9A-Fa-f]{6}$/,
          onString(
            "COLOR_INVALID",
            (v) => `headingColor ${show(v)} must be # and six hexadecimal digits, e.g. #1F3864`,
          ),
        )
        .optional()
        .meta({ description: "Heading colour, #RRGGBB" }),
    })
    .meta({ description: "Default fonts and heading colour" });

  const has = (v: object, key: string): boolean => Object.prototype.hasOwnProperty.call(v, key);

  const headerFooterSchema = z
    .union(
      [
        z
          .object({
            snippet: idSchema.meta({ description: "Id of a header or footer snippet" }),
            values: valuesSchema.optional(),
            text: z.never().optional(),
          })
          .meta({ title: "From a snippet" }),
        z
          .object({
            text: z
              .string()
              .meta({ description: "Markdown with template tags, e.g. Page {{page}} of {{pages}}" }),
            snippet: z.never().optional(),
            values: z.never().optional(),
          })
          .meta({ title: "Inline text" }),
      ],
      onAny("HEADER_FOOTER_INVALID", (v) => {
        if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
        if (has(v, "snippet") && has(v, "text"))
          return `Give either "snippet" (a snippet id) or "text" (Markdown), not both`;
        if (!has(v, "snippet") && !has(v, "text")) return `Needs "snippet" (a snippet id) or "text" (Markdown)`;
        if (has(v, "text") && has(v, "values"))
          return `"values" only applies with "snippet"; "text" is used as written`;
        return undefined;
      }),
    )
    .meta({ description: '{ "snippet": id, "values"?: {…} } or { "text": markdown }' });

  const sectionSchema = z
    .object({
      snippet: idSchema.meta({ description: "Id of the snippet to insert" }),
      version: versionSchema
        .optional()
        .meta({ description: "Pins one version; default: the highest approved" }),
      values: valuesSchema
        .optional()
        .meta({ description: "Values for this section; they win over the assembly's values" }),
      headingOffset: intSchema("headingOffset", 0, 8)
        .default(0)
        .meta({ description: "Shifts headings down: 1 turns Heading 1 into Heading 2 (0–8)" }),
      pageBreakBefore: z.boolean().default(false).meta({ description: "Start the section on a new page" }),
      numbering: z
        .enum(["restart", "continue"])
        .default("restart")
        .meta({ description: "Whether the first ordered list restarts or continues the previous section's" }),
    })
    .meta({ description: "One snippet in the document" });

  const assemblySchema = z
    .object({
      $schema: z.string().optional().meta({ description: "The JSON Schema of this file, for editors" }),
      format: z
        .literal(ASSEMBLY_FORMAT, formatRule(ASSEMBLY_FORMAT, "assembly"))
        .meta({ description: "Always sectionsmith/assembly@1" }),
      properties: propertiesSchema.optional(),
      locale: z
        .string()
        .refine(isLocale, onString("LOCALE_INVALID", localeMessage))
        .refine(
          isSupportedLocale,
          onString(
            "LOCALE_UNSUPPORTED",
            (v) => `Locale ${show(v)} is a well-formed tag, but there is no formatting data for it (numbers and dates would be shown as en-US): use a tag such as en-US, en-GB or de-DE`,
          ),
        )
        .default("en-US")
        .meta({ description: "BCP 47 tag for formatting numbers, currencies and dates; default en-US" }),
      page: pageSchema,
      theme: themeSchema.optional(),
      header: headerFooterSchema.optional(),
      footer: headerFooterSchema.optional(),
      options: z
        .object({
          draftingNotes: z
            .boolean()
            .default(false)
            .meta({ description: "Snippet notes and {{#note}} become Word comments" }),
          updateFieldsOnOpen: z.boolean().optional().meta({
            description: "Ask Word to update fields on open; default: when there is a table of contents",
          }),
          headingNumbering: z.enum(["none", "legal"]).default("none").meta({
            description:
              'How headings are numbered: "none" (default) or "legal" (1, 1.1, 1.1.1 …; ordered lists under them (a), (b))',
          }),
          missingReferences: z.enum(["error", "warn"]).default("error").meta({
            description:
              'A {{ref}} to a heading not in the assembly: "error" (default: nothing is built) or "warn" (a warning, and the text shows "[clause not included]")',
          }),
          definitionsFirst: z.boolean().default(false).meta({
            description:
              "The document's style puts definitions first: a defined term used before the clause that defines it is a warning",
          }),
        })
        .prefault({}),
      values: valuesSchema
        .default({})
        .meta({ description: "Values visible to every section; a section's own values win" }),
      sections: z
        .array(sectionSchema)
        .min(
          1,
          onAny(
            "SECTIONS_EMPTY",
            () => `An assembly needs at least one section: "sections": [{ "snippet": "id" }]`,
          ),
        )
        .meta({ description: "The snippets of the document, in order" }),
    })
    .meta({
      title: "Sectionsmith assembly",
      description: "Which snippets, in what order, with which values (sectionsmith/assembly@1)",
    });
  return assemblySchema;
}

let built: ReturnType<typeof build> | undefined;
/** The assembly's zod schema, made on first use. */
export const assemblySchemaOf = (): ReturnType<typeof build> => (built ??= build());

/**
 * An assembly as a caller writes it (the file's JSON before defaults are filled in): what
 * exportDocument takes when the caller builds one in code, as the task pane does, rather than reading a file.
 */
export type AssemblyInput = z.input<ReturnType<typeof assemblySchemaOf>>;
