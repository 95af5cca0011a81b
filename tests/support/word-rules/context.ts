// What the Word rules see of a package: the parsed parts (from ooxml/package.ts's reader), the main
// document part and the story parts reachable from it, and small helpers over w:* elements.

import { NS } from "../ooxml/namespaces";
import { resolveTarget, type OpcPackage, type Relationship } from "../ooxml/package";
import { attr, elements, type XmlElement } from "../ooxml/xml-lite";

export type WordContext = {
  pkg: OpcPackage;
  /** The main document part (e.g. "word/document.xml"), when _rels/.rels names one. */
  main?: string;
  mainRels: Map<string, Relationship>;
  /** The main part and every header, footer, footnotes, endnotes and comments part it relates to. */
  stories: string[];
  /** The part a relationship of the main part with this type suffix ("/footnotes") targets. */
  partOf(typeSuffix: string): string | undefined;
  /** w:* elements with this local name in a part (document order), cached. */
  w(part: string, local: string): XmlElement[];
};

const STORY_TYPES = ["/header", "/footer", "/footnotes", "/endnotes", "/comments"];

export function wordContext(pkg: OpcPackage): WordContext {
  let main: string | undefined;
  for (const rel of pkg.rels.get("")?.values() ?? []) {
    if (rel.type.endsWith("/officeDocument") && !rel.external) main = resolveTarget("", rel.target);
  }
  const mainRels = (main && pkg.rels.get(main)) || new Map<string, Relationship>();
  const partOf = (suffix: string): string | undefined => {
    for (const rel of mainRels.values()) {
      if (rel.type.endsWith(suffix) && !rel.external && main) return resolveTarget(main, rel.target);
    }
    return undefined;
  };
  const stories: string[] = [];
  if (main && pkg.xml.has(main)) stories.push(main);
  for (const rel of mainRels.values()) {
    if (rel.external || !main || !STORY_TYPES.some((t) => rel.type.endsWith(t))) continue;
    const target = resolveTarget(main, rel.target);
    if (pkg.xml.has(target) && !stories.includes(target)) stories.push(target);
  }
  const cache = new Map<string, Map<string, XmlElement[]>>();
  const w = (part: string, local: string): XmlElement[] => {
    let index = cache.get(part);
    if (!index) {
      index = new Map();
      const root = pkg.xml.get(part);
      if (root) {
        for (const el of elements(root)) {
          if (el.ns !== NS.w) continue;
          const list = index.get(el.local);
          if (list) list.push(el);
          else index.set(el.local, [el]);
        }
      }
      cache.set(part, index);
    }
    return index.get(local) ?? [];
  };
  return { pkg, main, mainRels, stories, partOf, w };
}

export const wAttr = (el: XmlElement, local: string): string | undefined => attr(el, NS.w, local);

/** Element children (any namespace). */
export const kids = (el: XmlElement): XmlElement[] =>
  el.children.filter((c): c is XmlElement => c.kind === "element");

/** Element children in the w: namespace with this local name. */
export const wKids = (el: XmlElement, local: string): XmlElement[] =>
  kids(el).filter((c) => c.ns === NS.w && c.local === local);

export const isW = (el: XmlElement, local: string): boolean => el.ns === NS.w && el.local === local;

/** Text content of an element (all descendant text). */
export function textOf(el: XmlElement): string {
  let out = "";
  for (const c of el.children) out += c.kind === "text" ? c.text : textOf(c);
  return out;
}

export function duplicates(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of list) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}
