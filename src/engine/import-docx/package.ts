import { ImportFailure } from "./failure";
import { attr, childrenNamed, descendants, elementsOf, parseXml, textOf, type XmlBudget, type XmlElement } from "./xml";
import { openZip, readEntry, type ZipArchive } from "./zip";

// The parts of a .docx the import reads, found through the package's relationships as Word finds them
// (ECMA-376 Part 2, OPC): the main document from /_rels/.rels, the rest from its own relationships.

export type Relationship = { type: string; target: string; external: boolean };

export type DocxPackage = {
  zip: ZipArchive;
  budget: XmlBudget;
  document: XmlElement;
  documentPart: string;
  rels: Map<string, Relationship>;
  styles?: XmlElement;
  numbering?: XmlElement;
  footnotes?: XmlElement;
  endnotes?: XmlElement;
  comments?: XmlElement;
  /** The core properties' title (File › Info), when set. */
  title?: string;
  /** Header and footer parts, parsed (their text is listed as not kept). */
  headerFooters: Array<{ part: string; xml: XmlElement }>;
};

/** The last path segment of a relationship type URI ("…/relationships/styles" → "styles"). */
const kindOf = (type: string): string => type.slice(type.lastIndexOf("/") + 1);

function resolveTarget(source: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = source.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

function readRels(zip: ZipArchive, budget: XmlBudget, part: string): Map<string, Relationship> {
  const slash = part.lastIndexOf("/");
  const relsPart = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const bytes = readEntry(zip, relsPart);
  const out = new Map<string, Relationship>();
  if (!bytes) return out;
  for (const rel of childrenNamed(parseXml(bytes, relsPart, budget), "rel:Relationship")) {
    const id = attr(rel, "Id");
    const target = attr(rel, "Target");
    const type = attr(rel, "Type");
    if (id === undefined || target === undefined || type === undefined) continue;
    const external = attr(rel, "TargetMode") === "External";
    out.set(id, { type: kindOf(type), target: external ? target : resolveTarget(part, target), external });
  }
  return out;
}

export function readPackage(bytes: Uint8Array): DocxPackage {
  const zip = openZip(bytes);
  const budget: XmlBudget = { elements: 0 };
  const root = readRels(zip, budget, "");
  let documentPart = "word/document.xml";
  let coreProps: string | undefined;
  for (const rel of root.values()) {
    if (rel.type === "officeDocument" && !rel.external) documentPart = rel.target;
    if (rel.type === "core-properties" && !rel.external) coreProps = rel.target;
  }
  const documentBytes = readEntry(zip, documentPart);
  if (!documentBytes)
    throw new ImportFailure(
      "DOCX_PART_MISSING",
      "The package has no Word document body: it may be an Excel or PowerPoint file, or not an Office file at all.",
    );
  const document = parseXml(documentBytes, documentPart, budget);
  if (document.name !== "w:document")
    throw new ImportFailure("DOCX_PART_MISSING", `${documentPart} is not a Word document body (its root is <${document.name}>).`);
  const rels = readRels(zip, budget, documentPart);
  const pkg: DocxPackage = { zip, budget, document, documentPart, rels, headerFooters: [] };
  const part = (name: string): XmlElement | undefined => {
    const b = readEntry(zip, name);
    return b ? parseXml(b, name, budget) : undefined;
  };
  for (const rel of rels.values()) {
    if (rel.external) continue;
    switch (rel.type) {
      case "styles":
        pkg.styles = part(rel.target);
        break;
      case "numbering":
        pkg.numbering = part(rel.target);
        break;
      case "footnotes":
        pkg.footnotes = part(rel.target);
        break;
      case "endnotes":
        pkg.endnotes = part(rel.target);
        break;
      case "comments":
        pkg.comments = part(rel.target);
        break;
      case "header":
      case "footer": {
        const xml = part(rel.target);
        if (xml) pkg.headerFooters.push({ part: rel.target, xml });
        break;
      }
    }
  }
  const core = coreProps ? part(coreProps) : undefined;
  const title = core ? elementsOf(core).find((e) => e.name === "dc:title") : undefined;
  const titleText = title ? textOf(title).trim() : "";
  if (titleText !== "") pkg.title = titleText;
  return pkg;
}

/** The plain text of a part's paragraphs (for listing what a header or text box held). */
export function plainText(el: XmlElement): string {
  return descendants(el, "w:p")
    .map((p) => descendants(p, "w:t").map(textOf).join(""))
    .filter((t) => t.trim() !== "")
    .join(" / ");
}
