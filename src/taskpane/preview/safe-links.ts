// Which link targets the pane lets through: http, https and mailto only (the engine applies the same rule
// when it writes the .docx; this is the pane's own check on what it shows).

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * True for an absolute http, https or mailto URL. Parsed as the browser would (it drops tabs and newlines
 * and trims control characters, so "java\tscript:" is javascript:); relative and unparsable targets fail.
 */
export function isSafeHref(href: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol);
  } catch {
    return false;
  }
}
