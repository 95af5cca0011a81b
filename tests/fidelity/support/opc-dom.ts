// A .docx package as DOM documents, for test helpers that edit packages the way Word would (the
// insertion model). XML parts are parsed with jsdom's namespace-aware DOMParser and written back with
// an XML declaration; binary parts are copied as bytes.

import JSZip from "jszip";
// Only jsdom's DOMParser and XMLSerializer are used, typed below with the DOM's own types.
import { JSDOM } from "jsdom";

export const NS = {
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  rels: "http://schemas.openxmlformats.org/package/2006/relationships",
  ct: "http://schemas.openxmlformats.org/package/2006/content-types",
} as const;

export const REL = {
  numbering: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering",
  comments: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments",
  footnotes: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes",
} as const;

export const CONTENT_TYPE = {
  numbering: "application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml",
  comments: "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml",
} as const;

const { window } = new JSDOM("") as {
  window: { DOMParser: typeof DOMParser; XMLSerializer: typeof XMLSerializer };
};
const parser = new window.DOMParser();
const serializer = new window.XMLSerializer();

/** Direct children of `el` that are elements in the w: namespace named `local` (all w: children when omitted). */
export function wChildren(el: Element, local?: string): Element[] {
  return [...el.children].filter(
    (k) => k.namespaceURI === NS.w && (local === undefined || k.localName === local),
  );
}
/** Descendants of `el` in the w: namespace named `local`. */
export const wAll = (el: Element | Document, local: string): Element[] => [
  ...el.getElementsByTagNameNS(NS.w, local),
];
export const wAttr = (el: Element, local: string): string | null => el.getAttributeNS(NS.w, local);
export const setWAttr = (el: Element, local: string, value: string): void =>
  el.setAttributeNS(NS.w, `w:${local}`, value);
/** The w:val of the first w:`local` child of `el`. */
export const wVal = (el: Element, local: string): string | null => {
  const child = wChildren(el, local)[0];
  return child ? wAttr(child, "val") : null;
};

export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export class OpcPackage {
  private readonly docs = new Map<string, Document>();

  private constructor(readonly zip: JSZip) {}

  static async load(bytes: Uint8Array): Promise<OpcPackage> {
    return new OpcPackage(await JSZip.loadAsync(bytes));
  }

  has(part: string): boolean {
    return this.docs.has(part) || this.zip.file(part) !== null;
  }

  async xml(part: string): Promise<Document | undefined> {
    const cached = this.docs.get(part);
    if (cached) return cached;
    const file = this.zip.file(part);
    if (!file) return undefined;
    const doc = parser.parseFromString(await file.async("string"), "application/xml");
    if (doc.getElementsByTagName("parsererror").length > 0) throw new Error(`${part} is not well-formed XML`);
    this.docs.set(part, doc);
    return doc;
  }

  async mustXml(part: string): Promise<Document> {
    const doc = await this.xml(part);
    if (!doc) throw new Error(`the package has no ${part}`);
    return doc;
  }

  create(part: string, xml: string): Document {
    const doc = parser.parseFromString(xml, "application/xml");
    this.docs.set(part, doc);
    return doc;
  }

  async bytes(part: string): Promise<Uint8Array> {
    const file = this.zip.file(part);
    if (!file) throw new Error(`the package has no ${part}`);
    return file.async("uint8array");
  }

  putBytes(part: string, data: Uint8Array): void {
    this.zip.file(part, data);
  }

  /** The relationships of `part`: id → { type, target, external }. */
  async relationships(
    part: string,
  ): Promise<Map<string, { type: string; target: string; external: boolean }>> {
    const rels = await this.xml(relsPartOf(part));
    const out = new Map<string, { type: string; target: string; external: boolean }>();
    if (!rels) return out;
    for (const r of rels.getElementsByTagNameNS(NS.rels, "Relationship")) {
      out.set(r.getAttribute("Id")!, {
        type: r.getAttribute("Type")!,
        target: r.getAttribute("Target")!,
        external: r.getAttribute("TargetMode") === "External",
      });
    }
    return out;
  }

  /** Adds a relationship from `part` and returns its new id. */
  async addRelationship(part: string, type: string, target: string, external = false): Promise<string> {
    const relsPart = relsPartOf(part);
    const rels =
      (await this.xml(relsPart)) ??
      this.create(relsPart, `<Relationships xmlns="${NS.rels}"></Relationships>`);
    const ids = new Set(
      [...rels.getElementsByTagNameNS(NS.rels, "Relationship")].map((r) => r.getAttribute("Id")),
    );
    let n = ids.size + 1;
    while (ids.has(`rId${n}`)) n++;
    const rel = rels.createElementNS(NS.rels, "Relationship");
    rel.setAttribute("Id", `rId${n}`);
    rel.setAttribute("Type", type);
    rel.setAttribute("Target", target);
    if (external) rel.setAttribute("TargetMode", "External");
    rels.documentElement.appendChild(rel);
    return `rId${n}`;
  }

  async addOverride(part: string, contentType: string): Promise<void> {
    const types = await this.mustXml("[Content_Types].xml");
    const override = types.createElementNS(NS.ct, "Override");
    override.setAttribute("PartName", `/${part}`);
    override.setAttribute("ContentType", contentType);
    types.documentElement.appendChild(override);
  }

  async contentTypeDefault(extension: string): Promise<string | undefined> {
    const types = await this.mustXml("[Content_Types].xml");
    return (
      [...types.getElementsByTagNameNS(NS.ct, "Default")]
        .find((d) => d.getAttribute("Extension")?.toLowerCase() === extension.toLowerCase())
        ?.getAttribute("ContentType") ?? undefined
    );
  }

  async addDefault(extension: string, contentType: string): Promise<void> {
    if (await this.contentTypeDefault(extension)) return;
    const types = await this.mustXml("[Content_Types].xml");
    const def = types.createElementNS(NS.ct, "Default");
    def.setAttribute("Extension", extension);
    def.setAttribute("ContentType", contentType);
    types.documentElement.insertBefore(def, types.documentElement.firstChild);
  }

  async save(): Promise<Uint8Array> {
    for (const [part, doc] of this.docs) {
      const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${serializer.serializeToString(doc)}`;
      this.zip.file(part, new TextEncoder().encode(xml));
    }
    return this.zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
  }
}
