import { attr, child, childrenNamed, toggle, val, type XmlElement } from "./xml";
import type { Marks } from "./model";

// Word's styles as the import needs them: a paragraph's heading level, list numbering and quote look
// come from its style chain (w:basedOn), and a run's bold/italic/… from the document defaults, the
// paragraph style, the character style and the run itself, in that order (ECMA-376 17.7.2).

export type Style = {
  id: string;
  name: string;
  type: string;
  basedOn?: string;
  pPr?: XmlElement;
  rPr?: XmlElement;
};

const HEADING_NAME = /^heading ([1-9])$/i;
const MAX_CHAIN = 32;

export class Styles {
  private readonly byId = new Map<string, Style>();
  readonly defaultParagraph?: string;
  private readonly defaultRPr?: XmlElement;

  constructor(xml: XmlElement | undefined) {
    let defaultParagraph: string | undefined;
    for (const s of childrenNamed(xml, "w:style")) {
      const id = attr(s, "w:styleId");
      if (id === undefined) continue;
      const style: Style = {
        id,
        name: val(s, "w:name") ?? id,
        type: attr(s, "w:type") ?? "paragraph",
        ...(val(s, "w:basedOn") !== undefined ? { basedOn: val(s, "w:basedOn")! } : {}),
        ...(child(s, "w:pPr") ? { pPr: child(s, "w:pPr")! } : {}),
        ...(child(s, "w:rPr") ? { rPr: child(s, "w:rPr")! } : {}),
      };
      this.byId.set(id, style);
      const isDefault = attr(s, "w:default");
      if (style.type === "paragraph" && (isDefault === "1" || isDefault === "true")) defaultParagraph = id;
    }
    if (defaultParagraph !== undefined) this.defaultParagraph = defaultParagraph;
    const rPrDefault = child(child(child(xml, "w:docDefaults"), "w:rPrDefault"), "w:rPr");
    if (rPrDefault) this.defaultRPr = rPrDefault;
  }

  get(id: string | undefined): Style | undefined {
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** The style and the styles it is based on, nearest first (cycles and runaway chains cut). */
  chain(id: string | undefined): Style[] {
    const out: Style[] = [];
    const seen = new Set<string>();
    let style = this.get(id);
    while (style && !seen.has(style.id) && out.length < MAX_CHAIN) {
      seen.add(style.id);
      out.push(style);
      style = this.get(style.basedOn);
    }
    return out;
  }

  /** The first value `pick` finds in the paragraph's own properties, then up its style chain. */
  paragraphProperty<T>(pPr: XmlElement | undefined, styleId: string | undefined, pick: (p: XmlElement) => T | undefined): T | undefined {
    if (pPr) {
      const own = pick(pPr);
      if (own !== undefined) return own;
    }
    for (const s of this.chain(styleId ?? this.defaultParagraph)) {
      if (!s.pPr) continue;
      const v = pick(s.pPr);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** Heading level 1–9 (outline level 0–8, or a style named "heading N"); 0 for Title; undefined for body text. */
  headingLevel(pPr: XmlElement | undefined, styleId: string | undefined): number | undefined {
    const outline = this.paragraphProperty(pPr, styleId, (p) => val(p, "w:outlineLvl"));
    if (outline !== undefined) {
      const n = Number(outline);
      return Number.isInteger(n) && n >= 0 && n <= 8 ? n + 1 : undefined;
    }
    for (const s of this.chain(styleId)) {
      const m = HEADING_NAME.exec(s.name);
      if (m) return Number(m[1]);
      if (/^title$/i.test(s.name)) return 0;
    }
    return undefined;
  }

  isSubtitle(styleId: string | undefined): boolean {
    return this.chain(styleId).some((s) => /^subtitle$/i.test(s.name));
  }

  /** Quote, Intense Quote, Block Text and styles based on them. */
  isQuoteStyle(styleId: string | undefined): boolean {
    return this.chain(styleId).some((s) => /quote|block text/i.test(s.name));
  }

  /** The marks a run shows: defaults, then paragraph style chain, character style chain, direct formatting. */
  marks(pStyle: string | undefined, rPr: XmlElement | undefined): Marks & { caps?: boolean; hidden?: boolean } {
    const layers: XmlElement[] = [];
    if (this.defaultRPr) layers.push(this.defaultRPr);
    for (const s of this.chain(pStyle ?? this.defaultParagraph).reverse()) if (s.rPr) layers.push(s.rPr);
    for (const s of this.chain(val(rPr, "w:rStyle")).reverse()) if (s.rPr) layers.push(s.rPr);
    if (rPr) layers.push(rPr);
    const out: Marks & { caps?: boolean; hidden?: boolean } = {};
    const on = (name: string): boolean => {
      let v = false;
      for (const layer of layers) {
        const t = toggle(layer, name);
        if (t !== undefined) v = t;
      }
      return v;
    };
    if (on("w:b")) out.bold = true;
    if (on("w:i")) out.italic = true;
    if (on("w:strike") || on("w:dstrike")) out.strike = true;
    if (on("w:caps")) out.caps = true;
    if (on("w:vanish")) out.hidden = true;
    let underline = false;
    let vert: string | undefined;
    let highlight = false;
    for (const layer of layers) {
      const u = val(layer, "w:u");
      if (u !== undefined) underline = u !== "none";
      const v = val(layer, "w:vertAlign");
      if (v !== undefined) vert = v;
      const h = val(layer, "w:highlight");
      if (h !== undefined) highlight = h !== "none";
      const shade = child(layer, "w:shd");
      if (shade && /^(FFFF00|yellow)$/i.test(attr(shade, "w:fill") ?? "")) highlight = true;
    }
    if (underline) out.underline = true;
    if (vert === "superscript") out.sup = true;
    if (vert === "subscript") out.sub = true;
    if (highlight) out.highlight = true;
    return out;
  }
}
