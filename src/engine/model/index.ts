// The model layer: reading and checking library and assembly files, values, snippet selection. The
// schemas themselves (schemas.ts, json-schema.ts) are exported by the full engine (index.ts) only.

export * from "./types";
export { parseLibrary } from "./parse-library";
export { parseAssembly } from "./parse-assembly";
export type { ParseOptions, ParseResult } from "./parse-common";
export { resolveValues, validateValue, isEmptyValue, type ValueLayer } from "./values";
export { compilePattern, matchesPattern, type CompiledPattern } from "./pattern";
export { selectSnippet, snippetHealth, findSnippet, type SnippetRef, type FindOptions } from "./select";
export { sanitize, cleanString, describeRemoved } from "./sanitize";
export { lengthToTwips, parseLength, LENGTH_PATTERN, type LengthUnit } from "./length";
export {
  parseDateFormat,
  isRealDate,
  localDateString,
  DATE_FIELD_WIDTHS,
  type DateFormatToken,
  type DateFieldLetter,
} from "./date-format";
export { parseJsonText, lineColumn, type JsonTextResult } from "./json-text";
export { RULES_BY_TYPE, RESERVED_NAMES, inapplicableRules, type VariableRule } from "./check-library";
export { ID_PATTERN, VARIABLE_NAME_PATTERN } from "./schema-common";
export { isCurrencyCode, SNIPPET_STATUSES, SNIPPET_KINDS, VARIABLE_TYPES } from "./schema-library";
export { isLocale, type AssemblyInput } from "./schema-assembly";
