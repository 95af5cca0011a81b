// The proofing language (<w:lang>) from the document's locale (issue 29; src/engine/render/language.ts):
// in a standalone document's run defaults, and on every text run of a fragment (Word keeps the host's
// defaults on insert), in the body, footnotes and comments alike.

import { describe, expect, it } from "@jest/globals";
import { proofingLanguage, wordLanguageTag } from "../../../src/engine/render/language";
import { assembly, build, library } from "../support";

describe("the language tag Word uses for a locale", () => {
  it.each([
    ["de-DE", "de-DE"],
    ["de", "de-DE"],
    ["en", "en-US"],
    ["en-GB-u-nu-latn", "en-GB"],
    ["fr-CA", "fr-CA"],
    ["zh-Hant", "zh-TW"],
    ["zh", "zh-CN"],
    ["sr-Latn", "sr-Latn-RS"],
    ["ja", "ja-JP"],
    ["es-419", "es-ES"],
  ])("%s → %s", (locale, tag) => expect(wordLanguageTag(locale)).toBe(tag));

  it("goes in the attribute of the locale's script: w:val, w:eastAsia or w:bidi", () => {
    expect(proofingLanguage("de-DE")).toEqual({ value: "de-DE" });
    expect(proofingLanguage("ru-RU")).toEqual({ value: "ru-RU" });
    expect(proofingLanguage("ja-JP")).toEqual({ eastAsia: "ja-JP" });
    expect(proofingLanguage("ko")).toEqual({ eastAsia: "ko-KR" });
    expect(proofingLanguage("ar-SA")).toEqual({ bidirectional: "ar-SA" });
    expect(proofingLanguage("he-IL")).toEqual({ bidirectional: "he-IL" });
    expect(proofingLanguage("th-TH")).toEqual({ bidirectional: "th-TH" });
  });
});

const BODY = [
  "# Zahlungsbedingungen",
  "Der **Kunde** zahlt innerhalb von *30 Tagen*.[^a] Siehe [die Website](https://example.com/agb).",
  '{{#note "Vom Justiziariat prüfen lassen."}}Die Rechnung ist fällig.{{/note}}',
  "- [ ] Prüfung\n- [x] Freigabe",
  "| Leistung | Preis |\n|:--|--:|\n| Wartung | 100 € |",
  "    vorformatiert",
  "[^a]: Ab Rechnungsdatum.",
].join("\n\n");

const lib = library({ id: "de", body: BODY });
const german = assembly([{ snippet: "de" }], { locale: "de-DE", options: { draftingNotes: true } });

/** Every <w:r> that holds text (w:t) in `xml`, with its <w:lang> (or null). */
function textRunLanguages(xml: string): Array<{ text: string; lang: string | null }> {
  return [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>|<w:r [^>]*>([\s\S]*?)<\/w:r>/g)]
    .map((m) => m[1] ?? m[2] ?? "")
    .filter((run) => /<w:t[ >]/.test(run))
    .map((run) => ({
      text: [...run.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
      lang: /<w:lang ([^>]*)\/>/.exec(run)?.[1] ?? null,
    }));
}

describe("a de-DE document", () => {
  it("standalone: says de-DE once, in the run defaults, and not on its runs", async () => {
    const doc = await build(lib, german);
    const styles = await doc.part("word/styles.xml");
    const defaults = /<w:rPrDefault>([\s\S]*?)<\/w:rPrDefault>/.exec(styles)?.[1] ?? "";
    expect(defaults).toContain('<w:lang w:val="de-DE"/>');
    expect(doc.document).not.toContain("<w:lang");
  });

  it("fragment: says de-DE on every text run of the body, the footnotes and the comments", async () => {
    const doc = await build(lib, german, { shape: "fragment" });
    for (const name of ["word/document.xml", "word/footnotes.xml", "word/comments.xml"]) {
      const runs = textRunLanguages(name === "word/document.xml" ? doc.document : await doc.part(name));
      expect(runs.length).toBeGreaterThan(0);
      const without = runs.filter((r) => r.lang !== 'w:val="de-DE"');
      expect({ part: name, without }).toEqual({ part: name, without: [] });
    }
    // The texts a German proofreader must see as German, the link and table cell among them.
    const texts = textRunLanguages(doc.document).map((r) => r.text);
    for (const t of ["Zahlungsbedingungen", "Kunde", "die Website", "Wartung", "vorformatiert", "Freigabe"])
      expect(texts.join("|")).toContain(t);
  });

  it("a Japanese fragment names its language for East Asian text only", async () => {
    const doc = await build(
      library({ id: "ja", body: "契約条件。" }),
      assembly([{ snippet: "ja" }], { locale: "ja-JP" }),
      {
        shape: "fragment",
      },
    );
    expect(textRunLanguages(doc.document).map((r) => r.lang)).toEqual(['w:eastAsia="ja-JP"']);
  });
});

it("the default locale (en-US) is written as such", async () => {
  const doc = await build(library({ id: "en", body: "Terms." }), assembly([{ snippet: "en" }]));
  expect(await doc.part("word/styles.xml")).toContain('<w:lang w:val="en-US"/>');
});
