// A language code as a reader says it ("deu" → "German"), from the platform's Intl data (no tables of
// our own). The code comes from model/language.ts (ISO 639-3), which Intl.DisplayNames accepts.

export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
