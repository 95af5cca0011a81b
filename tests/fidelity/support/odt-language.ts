// The language LibreOffice gives a piece of text, read from its Flat OpenDocument export (.fodt): the
// text's span style, then its paragraph style and the styles that one is based on, then the default
// paragraph style — the first with a language for the script (fo:language/fo:country for Western text,
// style:language-asian/…-complex for the others). An independent reader's view of <w:lang>.

import { JSDOM } from "jsdom";

const NS = {
  office: "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
  style: "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
  text: "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
  fo: "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
} as const;

const { window } = new JSDOM("") as { window: { DOMParser: typeof DOMParser } };

export type Script = "western" | "asian" | "complex";

export class OdtLanguages {
  private readonly doc: Document;
  private readonly styles = new Map<string, Element>();

  constructor(fodt: string) {
    this.doc = new window.DOMParser().parseFromString(fodt, "application/xml");
    for (const s of this.doc.getElementsByTagNameNS(NS.style, "style")) {
      const name = s.getAttributeNS(NS.style, "name");
      const family = s.getAttributeNS(NS.style, "family");
      if (name) this.styles.set(`${family}:${name}`, s);
    }
  }

  /** "de-DE" for the first paragraph (or heading) holding `text`; undefined when no style says. */
  languageOf(text: string, script: Script = "western"): string | undefined {
    const blocks = [
      ...this.doc.getElementsByTagNameNS(NS.text, "p"),
      ...this.doc.getElementsByTagNameNS(NS.text, "h"),
    ];
    const block = blocks.find((b) => b.textContent?.includes(text));
    if (!block) throw new Error(`no paragraph holds ${JSON.stringify(text)}`);
    const span = [...block.getElementsByTagNameNS(NS.text, "span")].find((s) =>
      s.textContent?.includes(text),
    );
    const chain: Array<Element | undefined> = [];
    if (span) chain.push(...this.styleChain("text", span.getAttributeNS(NS.text, "style-name")));
    chain.push(...this.styleChain("paragraph", block.getAttributeNS(NS.text, "style-name")));
    chain.push(
      [...this.doc.getElementsByTagNameNS(NS.style, "default-style")].find(
        (d) => d.getAttributeNS(NS.style, "family") === "paragraph",
      ),
    );
    for (const style of chain) {
      const found = style && languageIn(style, script);
      if (found) return found;
    }
    return undefined;
  }

  private styleChain(family: string, name: string | null): Element[] {
    const out: Element[] = [];
    for (let n = name; n && out.length < 20;) {
      const style = this.styles.get(`${family}:${n}`);
      if (!style) break;
      out.push(style);
      n = style.getAttributeNS(NS.style, "parent-style-name");
    }
    return out;
  }
}

function languageIn(style: Element, script: Script): string | undefined {
  const props = [...style.getElementsByTagNameNS(NS.style, "text-properties")][0];
  if (!props) return undefined;
  const [lang, country] =
    script === "western"
      ? [props.getAttributeNS(NS.fo, "language"), props.getAttributeNS(NS.fo, "country")]
      : [
          props.getAttributeNS(NS.style, `language-${script}`),
          props.getAttributeNS(NS.style, `country-${script}`),
        ];
  if (!lang) return undefined;
  return country ? `${lang}-${country}` : lang;
}
