// The in-memory model of the two contract files (../shared/spec/library-format.md, version 1).
// These are the *normalised* shapes: defaults from the contract are filled in by the parsers
// (parseLibrary / parseAssembly), so the rest of the engine never re-derives a default.

export const LIBRARY_FORMAT = "sectionsmith/library@1";
export const ASSEMBLY_FORMAT = "sectionsmith/assembly@1";

export type SnippetStatus = "draft" | "approved" | "deprecated";
export type SnippetKind = "body" | "header" | "footer";
export type VariableType =
  "text" | "multiline" | "number" | "currency" | "date" | "choice" | "boolean" | "list";

/** A scalar value as it appears in JSON: text/multiline/choice/date are strings, number/currency numbers. */
export type ScalarValue = string | number | boolean;
/** One item of a `list` variable: field name → value. */
export type ListItem = Record<string, ScalarValue>;
export type Value = ScalarValue | ListItem[];
export type Values = Record<string, Value>;

export type Variable = {
  name: string;
  label?: string;
  help?: string;
  type: VariableType;
  /** Default false. */
  required: boolean;
  default?: Value;
  /** text, multiline */
  maxLength?: number;
  /** text, multiline: a JavaScript regular expression the whole value must match. */
  pattern?: string;
  /** number, currency (inclusive) */
  min?: number;
  max?: number;
  /** number: digits after the decimal point when formatted. */
  decimals?: number;
  /** currency: ISO 4217 code. */
  currency?: string;
  /** date: Unicode date pattern (e.g. "d MMMM yyyy"); absent = the locale's long date. */
  format?: string;
  /** choice */
  options?: string[];
  /** list: the fields of each item (never nested lists). */
  fields?: Variable[];
};

export type Snippet = {
  id: string;
  /** Default 1. */
  version: number;
  title: string;
  description?: string;
  category?: string;
  tags: string[];
  /** Default "draft". */
  status: SnippetStatus;
  owner?: string;
  /** YYYY-MM-DD; past it the snippet is stale. */
  reviewBy?: string;
  /**
   * Extension (not in the original contract): the id of the snippet to use instead of this one. Meant
   * for deprecated snippets, so that the pane can name and open the successor.
   */
  replacedBy?: string;
  /** ISO 8601 date-time. */
  updated?: string;
  /** Default "body". */
  kind: SnippetKind;
  /**
   * Extension: the snippet is a title block (a cover or title page): its `#` heading is written in Word's
   * Title style and its `##` headings in the Subtitle style, instead of Heading 1 and 2.
   */
  titleBlock?: boolean;
  variables: Variable[];
  notes?: string;
  body: string;
};

export type Library = {
  format: typeof LIBRARY_FORMAT;
  name?: string;
  snippets: Snippet[];
};

export type DocumentProperties = {
  title?: string;
  subject?: string;
  author?: string;
  description?: string;
  keywords?: string[];
  category?: string;
  company?: string;
};

export type PageSize = "A4" | "Letter" | "Legal";
export type Orientation = "portrait" | "landscape";
/** A length as written in the file, e.g. "25mm", "1in", "2.5cm", "72pt". */
export type Length = string;

export type PageSetup = {
  /** Default: from the locale (model/paper.ts) — Letter in the US-Letter countries, A4 elsewhere. */
  size: PageSize;
  /** Default "portrait". */
  orientation: Orientation;
  margins?: { top?: Length; bottom?: Length; left?: Length; right?: Length };
};

export type Theme = {
  font?: string;
  /** Points. */
  fontSize?: number;
  headingFont?: string;
  /** #RRGGBB */
  headingColor?: string;
};

export type HeaderFooterSource = { snippet: string; values?: Values } | { text: string };

export type SectionNumbering = "restart" | "continue";

export type Section = {
  snippet: string;
  version?: number;
  values?: Values;
  /** 0–8; default 0. */
  headingOffset: number;
  /** Default false. */
  pageBreakBefore: boolean;
  /** Default "restart". */
  numbering: SectionNumbering;
};

/**
 * Extension (additive to the contract): "legal" numbers headings from one multi-level list (Heading 1
 * `1`, Heading 2 `1.1`, Heading 3 `1.1.1` …) and letters the ordered lists under them `(a)`, `(b)`.
 */
export type HeadingNumbering = "none" | "legal";

export type AssemblyOptions = {
  /** Default false. */
  draftingNotes: boolean;
  /** Default: true when the document has a table of contents. */
  updateFieldsOnOpen?: boolean;
  /** Default "none". */
  headingNumbering: HeadingNumbering;
  /** Extension: a {{ref}} to a heading not in the assembly is an error (default) or a warning. */
  missingReferences: "error" | "warn";
  /** Extension: definitions come first, so a term used before its definition is a warning. Default false. */
  definitionsFirst: boolean;
};

export type Assembly = {
  format: typeof ASSEMBLY_FORMAT;
  properties?: DocumentProperties;
  /** BCP 47; default "en-US". */
  locale: string;
  page: PageSetup;
  theme?: Theme;
  header?: HeaderFooterSource;
  footer?: HeaderFooterSource;
  options: AssemblyOptions;
  values: Values;
  sections: Section[];
};
