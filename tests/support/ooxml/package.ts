// Package (OPC) level: zip entries, XML parts, [Content_Types].xml, relationships.

import JSZip from "jszip";
import { NS } from "./namespaces";
import { attr, elements, parseXml, type XmlElement } from "./xml-lite";

export type Relationship = { id: string; type: string; target: string; external: boolean };

export type OpcPackage = {
  /** Part names in zip order (directories left out). */
  names: string[];
  /** Parsed XML parts (.xml and .rels) that are well-formed. */
  xml: Map<string, XmlElement>;
  /** Source part ("" for the package) → relationship id → relationship. */
  rels: Map<string, Map<string, Relationship>>;
};

export type Report = { errors: string[]; notes: string[] };

export function err(report: Report, part: string, message: string): void {
  report.errors.push(`${part}: ${message}`);
}

/** Entry names straight from the zip central directory: jszip silently keeps one of two equal names. */
function centralDirectoryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  for (let eocd = bytes.length - 22; eocd >= Math.max(0, bytes.length - 65557); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const count = view.getUint16(eocd + 10, true);
    let p = view.getUint32(eocd + 16, true);
    const decoder = new TextDecoder();
    for (let i = 0; i < count && p + 46 <= bytes.length; i++) {
      if (view.getUint32(p, true) !== 0x02014b50) break;
      const nameLength = view.getUint16(p + 28, true);
      const extra = view.getUint16(p + 30, true);
      const comment = view.getUint16(p + 32, true);
      names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)));
      p += 46 + nameLength + extra + comment;
    }
    break;
  }
  return names;
}

function decodeXmlBytes(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder("utf-16le", { fatal: true }).decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder("utf-16be", { fatal: true }).decode(data);
  return new TextDecoder("utf-8", { fatal: true }).decode(data);
}

export function relsPathOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export function resolveTarget(source: string, target: string): string {
  if (target.startsWith("/")) return target.replace(/^\/+/, "");
  const base = source.includes("/") ? source.slice(0, source.lastIndexOf("/")).split("/") : [];
  for (const seg of target.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") base.pop();
    else base.push(seg);
  }
  return base.join("/");
}

/** Opens the zip, parses XML parts, checks content types and relationship targets. */
export async function readPackage(bytes: Uint8Array, report: Report): Promise<OpcPackage | null> {
  const rawNames = centralDirectoryNames(bytes);
  const dupes = rawNames.filter((n, i) => rawNames.indexOf(n) !== i);
  if (dupes.length > 0)
    err(report, "(package)", `duplicate part names in the zip: ${[...new Set(dupes)].join(", ")}`);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  } catch (e) {
    err(report, "(package)", `not a readable zip archive: ${(e as Error).message}`);
    return null;
  }
  const names = Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => f.name);
  const pkg: OpcPackage = { names, xml: new Map(), rels: new Map() };

  for (const name of names) {
    if (!name.endsWith(".xml") && !name.endsWith(".rels")) continue;
    const data = await zip.file(name)!.async("uint8array");
    let text: string;
    try {
      text = decodeXmlBytes(data);
    } catch {
      err(report, name, "not valid UTF-8/UTF-16 text");
      continue;
    }
    const parsed = parseXml(text);
    for (const f of parsed.forbidden) err(report, name, f);
    if (parsed.root) pkg.xml.set(name, parsed.root);
    else err(report, name, `not well-formed XML: ${parsed.fatal}`);
  }

  checkContentTypes(pkg, report);
  readRelationships(pkg, report);
  return pkg;
}

function checkContentTypes(pkg: OpcPackage, report: Report): void {
  const types = pkg.xml.get("[Content_Types].xml");
  if (!types) {
    if (!pkg.names.includes("[Content_Types].xml")) err(report, "(package)", "[Content_Types].xml missing");
    return;
  }
  const defaults = new Set<string>();
  const overrides = new Set<string>();
  for (const el of elements(types)) {
    if (el.ns !== NS.ct) continue;
    if (el.local === "Default") defaults.add((attr(el, "", "Extension") ?? "").toLowerCase());
    if (el.local === "Override") overrides.add((attr(el, "", "PartName") ?? "").replace(/^\/+/, ""));
  }
  const present = new Set(pkg.names);
  for (const name of pkg.names) {
    if (name === "[Content_Types].xml") continue;
    const dot = name.lastIndexOf(".");
    const ext = dot > name.lastIndexOf("/") ? name.slice(dot + 1).toLowerCase() : "";
    if (!overrides.has(name) && !defaults.has(ext)) err(report, name, "no content type for this part");
  }
  for (const o of overrides) {
    if (!present.has(o)) err(report, "[Content_Types].xml", `Override names a missing part /${o}`);
  }
}

function readRelationships(pkg: OpcPackage, report: Report): void {
  if (!pkg.names.includes("_rels/.rels")) err(report, "(package)", "_rels/.rels missing");
  const present = new Set(pkg.names);
  for (const [name, root] of pkg.xml) {
    const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(name);
    if (!m) continue;
    const source = `${m[1]}${m[2]}`;
    const map = new Map<string, Relationship>();
    for (const el of elements(root)) {
      if (el.ns !== NS.rel || el.local !== "Relationship") continue;
      const rel: Relationship = {
        id: attr(el, "", "Id") ?? "",
        type: attr(el, "", "Type") ?? "",
        target: attr(el, "", "Target") ?? "",
        external: attr(el, "", "TargetMode") === "External",
      };
      if (map.has(rel.id)) err(report, name, `duplicate relationship Id ${rel.id}`);
      map.set(rel.id, rel);
      if (rel.external) continue;
      const target = resolveTarget(source, rel.target);
      if (!present.has(target) && !present.has(safeDecode(target))) {
        err(report, name, `relationship ${rel.id} targets missing part ${target}`);
      }
    }
    pkg.rels.set(source, map);
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
