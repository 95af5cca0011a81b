// Font names in the preview's stylesheet. docx-preview writes a file's font names into <style> text as
// they are (theme fonts as `--docx-minorHAnsi-font: Calibri;`, w:rFonts as `font-family: Calibri;`), so a
// name such as `Calibri;}p,h1{display:none}` would close the rule and add its own. The engine refuses such
// names (FONT_INVALID), but the preview does not rely on it: between docx-preview's parse and its render,
// every font name is checked against the same rule (1–31 characters, none of ; : { } < > " ' \ or a
// control character) and written as a quoted CSS string; a name that fails is left out, so the text
// falls back to the pane's font.

// eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
const FONT_NAME = /^[^;:{}<>"'\\\u0000-\u001f\u007f]{1,31}$/u;
/** What docx-preview writes for a theme font reference (w:asciiTheme): kept as it is. */
const THEME_VAR = /^var\(--docx-[A-Za-z]+-font\)$/;

/** A font name as a quoted CSS string, or undefined when it is not a font name. */
export function cssFontName(name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  const bare = name.trim().replace(/^(['"])(.*)\1$/u, "$2");
  return FONT_NAME.test(bare) ? `"${bare}"` : undefined;
}

/**
 * A docx-preview font-family value ("Calibri, 'Calibri Light', var(--docx-minorHAnsi-font)") with every
 * name quoted, or undefined when any part of it is not a font name (the whole declaration is dropped).
 */
export function cssFontList(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const parts: string[] = [];
  for (const part of value.split(",")) {
    const item = part.trim();
    const safe = THEME_VAR.test(item) ? item : cssFontName(item);
    if (safe === undefined) return undefined;
    parts.push(safe);
  }
  return parts.length > 0 ? parts.join(", ") : undefined;
}

type Loose = Record<string, unknown>;
type FontScheme = { majorFont?: Loose; minorFont?: Loose };
type Parsed = {
  themePart?: { theme?: { fontScheme?: FontScheme } };
  fontTablePart?: { fonts?: Array<{ name?: unknown; embedFontRefs?: unknown[] }> };
};

/**
 * Makes every font name in a parsed document (docx-preview's parseAsync result) safe for a stylesheet,
 * in place: theme fonts, every `font-family` value of styles, numbering and paragraphs, and the names of
 * embedded fonts.
 */
export function secureFonts(document: unknown): void {
  const doc = document as Parsed;
  const scheme = doc.themePart?.theme?.fontScheme;
  for (const font of [scheme?.majorFont, scheme?.minorFont]) {
    if (!font) continue;
    const safe = cssFontName(font.latinTypeface);
    if (safe === undefined) delete font.latinTypeface;
    else font.latinTypeface = safe;
  }
  for (const font of doc.fontTablePart?.fonts ?? []) {
    const safe = cssFontName(font.name);
    // docx-preview only writes a name for an embedded font (@font-face): without a safe name, no face.
    if (safe === undefined) font.embedFontRefs = [];
    else font.name = safe;
  }
  walk(document, new Set());
}

/** Every `font-family` value reachable from the parsed parts (not the zip, the parser or XML nodes). */
function walk(value: unknown, seen: Set<object>): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if ("nodeType" in value || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, seen);
    return;
  }
  const record = value as Loose;
  for (const key of Object.keys(record)) {
    if (key.startsWith("_")) continue;
    if (key === "font-family" || key === "fontFamily") {
      const safe = cssFontList(record[key]);
      if (safe === undefined) delete record[key];
      else record[key] = safe;
    } else walk(record[key], seen);
  }
}
