import type { PageSize } from "./types";

// The paper a locale prints on, when an assembly does not name one (page.size).
// CLDR's supplemental measurementData (common/supplemental/supplementalData.xml, CLDR 46):
//   <paperSize type="A4" territories="001"/>
//   <paperSize type="US-Letter" territories="BZ CA CL CO CR GT MX NI PA PH PR SV US VE"/>
// A locale's region is its own (en-CA → CA), or the likely one for a bare language (en → US, es → ES,
// fr → FR: Intl.Locale#maximize, which uses CLDR's likely subtags), or the "rg" region override of a
// Unicode extension (en-GB-u-rg-uszzzz → US), which CLDR defines for exactly such regional preferences.

// Written as CLDR writes the territories attribute, so the two can be compared at a glance.
const LETTER_REGIONS: ReadonlySet<string> = new Set("BZ CA CL CO CR GT MX NI PA PH PR SV US VE".split(" "));

/** The region whose paper conventions a locale follows, or undefined when it names none. */
export function regionOf(locale: string): string | undefined {
  try {
    const tag = new Intl.Locale(locale);
    // rg subdivision codes are a region followed by "zzzz" (or a subdivision): "uszzzz", "gbsct".
    const rg = /-u(?:-[a-z0-9]{2,8})*?-rg-([a-z]{2})[a-z0-9]{1,4}(?:-|$)/i.exec(tag.toString())?.[1];
    if (rg) return rg.toUpperCase();
    return tag.region ?? tag.maximize().region;
  } catch {
    return undefined;
  }
}

/** Letter in the US-Letter countries of CLDR, A4 everywhere else (and for a locale we cannot read). */
export function paperSizeFor(locale: string): PageSize {
  const region = regionOf(locale);
  return region !== undefined && LETTER_REGIONS.has(region) ? "Letter" : "A4";
}
