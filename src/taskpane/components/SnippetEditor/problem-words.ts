// The snippet editor's problems in the editor's own words: where (the field's label as the editor shows
// it, or the body's line and column), what, and last the code an author can look up in docs/errors.md.

import type { Problem } from "../../../engine/core";

/**
 * "Line 3, column 5: … (TEMPLATE_UNKNOWN_VARIABLE)", "Title: give the snippet a title." — where, in the
 * editor's words (the field's label, or the body's line and column), what, and last the code an author
 * can look up in docs/errors.md.
 */
export function describe(p: Problem): string {
  const field = p.path.split(/[.[]/)[0] ?? "";
  const label = FIELD_LABELS[field] ?? (p.path || "Snippet");
  const place =
    p.line !== undefined
      ? `Line ${p.line}, column ${p.column ?? 1}${field !== "body" && field !== "" ? ` (${label})` : ""}`
      : p.path.startsWith("variables[")
        ? `Variable ${Number(/^variables\[(\d+)\]/.exec(p.path)?.[1] ?? 0) + 1}${p.path.includes(".") ? `, ${p.path.split(".").pop()}` : ""}`
        : label;
  return `${place}: ${plainMessage(p)} (${p.code})`;
}

const FIELD_LABELS: Record<string, string> = {
  id: "Id",
  title: "Title",
  description: "Description",
  category: "Category",
  owner: "Owner",
  replacedBy: "Replaced by",
  tags: "Tags",
  reviewBy: "Review by",
  notes: "Drafting note",
  body: "Body",
  variables: "Variables",
};

/** The engine's message, or for an empty required field what to do about it. */
function plainMessage(p: Problem): string {
  if (p.code === "ID_INVALID" && /id "" /.test(p.message))
    return "give the snippet an id: lowercase letters, digits, . _ or -, like payment-terms.";
  if (p.code === "FIELD_LENGTH" && p.path === "title" && /has 0 characters/.test(p.message))
    return "give the snippet a title.";
  return p.message;
}
