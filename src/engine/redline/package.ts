// One of the two built packages, read for the redline: its files, the XML parts it is asked for (parsed
// once), and the relationships of a part. Both packages are this engine's output (docx's parts, our
// numbering and fragment edits), so the parts are where docx puts them.

import { strFromU8, unzipSync } from "fflate";
import { attr, kids, parseXml, type XmlElement } from "./xml";

export type Relationship = { id: string; type: string; target: string; external: boolean };

export const MAIN_PART = "word/document.xml";

export class DocxPackage {
  readonly files: Record<string, Uint8Array>;
  private readonly parsed = new Map<string, XmlElement | undefined>();
  private readonly relsOf = new Map<string, Map<string, Relationship>>();

  constructor(bytes: Uint8Array) {
    this.files = unzipSync(bytes);
  }

  has(name: string): boolean {
    return this.files[name] !== undefined;
  }

  /** A part's XML tree, parsed on first use; undefined when the package has no such part. */
  xml(name: string): XmlElement | undefined {
    if (this.parsed.has(name)) return this.parsed.get(name);
    const data = this.files[name];
    const root = data === undefined ? undefined : parseXml(strFromU8(data), name);
    this.parsed.set(name, root);
    return root;
  }

  /** The relationships of a part ("word/document.xml" → word/_rels/document.xml.rels), by id. */
  rels(part: string): Map<string, Relationship> {
    const known = this.relsOf.get(part);
    if (known) return known;
    const map = new Map<string, Relationship>();
    const root = this.xml(relsPartOf(part));
    for (const r of root ? kids(root, "Relationship") : []) {
      const id = attr(r, "Id");
      if (id === undefined) continue;
      map.set(id, {
        id,
        type: attr(r, "Type") ?? "",
        target: attr(r, "Target") ?? "",
        external: attr(r, "TargetMode") === "External",
      });
    }
    this.relsOf.set(part, map);
    return map;
  }

  /** The part a relationship of the main document with this type ends in ("/footnotes"), if any. */
  partOf(typeSuffix: string): string | undefined {
    for (const rel of this.rels(MAIN_PART).values()) {
      if (!rel.external && rel.type.endsWith(typeSuffix)) return resolveTarget(MAIN_PART, rel.target);
    }
    return undefined;
  }
}

export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** "word/document.xml" + "media/image1.png" → "word/media/image1.png". */
export function resolveTarget(part: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = part.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

/** A cheap fingerprint of bytes (two FNV-1a hashes and the length): equal media are one key. */
export function fingerprint(bytes: Uint8Array): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    h1 = Math.imul(h1 ^ bytes[i]!, 0x01000193);
    h2 = Math.imul(h2 ^ bytes[bytes.length - 1 - i]!, 0x01000193);
  }
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${bytes.length}`;
}
