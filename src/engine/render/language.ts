// The proofing language of a document's text, from its locale (<w:lang>, ECMA-376 17.3.2.20): without
// it Word proofs a German contract as the language of whoever opens it. Standalone documents carry it
// in their run defaults (styles.ts); fragments on every run (runs.ts), since Word keeps the host
// document's styles and defaults when a file is inserted into it.
//
// <w:lang> has one attribute per kind of script: w:val for Latin-script text (and Cyrillic, Greek…),
// w:eastAsia for East Asian text, w:bidi for complex-script text (Arabic, Hebrew, Thai, Devanagari…).
// A document's locale says the language of its own script, so only that attribute is written: a
// Japanese document's Latin words stay proofed in the reader's language, as Word's own Japanese
// documents do (<w:lang w:val="en-US" w:eastAsia="ja-JP"/>).

export type ProofingLanguage = { value?: string; eastAsia?: string; bidirectional?: string };

const EAST_ASIAN = new Set(["Hani", "Hans", "Hant", "Jpan", "Kore", "Hira", "Kana", "Hang", "Bopo"]);
/** Scripts Word proofs as Latin text (w:val); every other script is a complex script (w:bidi). */
const LATIN_CLASS = new Set(["Latn", "Cyrl", "Grek", "Armn", "Geor"]);

/**
 * The language tag Word uses for a locale: language, the script only where it is not the one the
 * language and region imply, and a two-letter region (bare languages get their likely region, as Word
 * names a culture): de → de-DE, zh-Hant → zh-TW, sr-Latn → sr-Latn-RS, en-GB-u-nu-latn → en-GB. Word
 * reads only language-REGION tags from its own list (MS-OI29500 on ST_Lang; the Word rules check's
 * WORD_LANG_TAG), so a numeric region such as Latin America's 419 becomes the language's likely region
 * (es-419 → es-ES): a Spanish dictionary rather than none.
 */
export function wordLanguageTag(locale: string): string | undefined {
  try {
    const full = new Intl.Locale(locale).maximize();
    if (!full.region || !full.script) return undefined;
    const region = /^[A-Z]{2}$/.test(full.region)
      ? full.region
      : new Intl.Locale(full.language).maximize().region;
    if (!region || !/^[A-Z]{2}$/.test(region)) return undefined;
    const usual = new Intl.Locale(`${full.language}-${region}`).maximize().script;
    return [full.language, full.script === usual ? undefined : full.script, region]
      .filter((p) => p !== undefined)
      .join("-");
  } catch {
    return undefined;
  }
}

/** The <w:lang> for a locale, or undefined for one Intl cannot read (nothing is written then). */
export function proofingLanguage(locale: string): ProofingLanguage | undefined {
  const tag = wordLanguageTag(locale);
  if (tag === undefined) return undefined;
  const script = new Intl.Locale(locale).maximize().script!;
  if (EAST_ASIAN.has(script)) return { eastAsia: tag };
  if (LATIN_CLASS.has(script)) return { value: tag };
  return { bidirectional: tag };
}
