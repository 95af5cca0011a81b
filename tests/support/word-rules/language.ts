// Proofing languages (<w:lang>): the tags Word understands.

import { wAttr } from "./context";
import type { WordRule } from "./rule";

/**
 * ISO 639 language, an optional ISO 15924 script (sr-Latn-RS), an ISO 3166-1 alpha-2 region. Word takes
 * no hexadecimal language ids, at most 84 characters, and ignores tags outside its table of languages
 * (MS-OI29500 on ST_Lang), so a tag of another shape (de_DE, de, es-419, 0407) leaves the text proofed
 * in some other language, without a word.
 */
const WORD_LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?-[A-Z]{2}$/;

export const languageTag: WordRule = {
  code: "WORD_LANG_TAG",
  reason:
    "w:lang's w:val, w:eastAsia and w:bidi are language-REGION tags (de-DE, sr-Latn-RS); Word ignores hexadecimal ids and tags outside its list",
  source:
    "MS-OI29500 ST_Lang: https://learn.microsoft.com/en-us/openspecs/office_standards/ms-oi29500/ed06cf15-306c-43be-9053-ca81ca51e656",
  check(ctx, report) {
    for (const part of ctx.pkg.xml.keys()) {
      for (const lang of ctx.w(part, "lang")) {
        for (const attribute of ["val", "eastAsia", "bidi"]) {
          const value = wAttr(lang, attribute);
          if (value !== undefined && (value.length > 84 || !WORD_LANGUAGE_TAG.test(value)))
            report(part, `w:lang w:${attribute}="${value}" is not a language tag Word reads`);
        }
      }
    }
  },
};
