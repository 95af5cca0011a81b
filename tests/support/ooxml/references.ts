// Cross-references Word relies on and the schemas cannot express. Same checks as validate-docx
// (check_word_refs), plus: every comment range start has an end, every bookmark end has a start,
// styles' basedOn/next/link resolve, every r:* attribute (not only r:id/embed/link) resolves, and
// the main part's root is w:document.

import { NS } from "./namespaces";
import { err, resolveTarget, type OpcPackage, type Report } from "./package";
import { attr, elements, type XmlElement } from "./xml-lite";

type PartIndex = {
  /** w:* elements by local name. */
  w: Map<string, XmlElement[]>;
  /** r:* attributes: [element qname, attribute qname, value]. */
  rAttrs: Array<[string, string, string]>;
};

function indexPart(root: XmlElement): PartIndex {
  const w = new Map<string, XmlElement[]>();
  const rAttrs: Array<[string, string, string]> = [];
  for (const el of elements(root)) {
    if (el.ns === NS.w) {
      const list = w.get(el.local);
      if (list) list.push(el);
      else w.set(el.local, [el]);
    }
    for (const a of el.attrs) if (a.ns === NS.r) rAttrs.push([el.qname, a.qname, a.value]);
  }
  return { w, rAttrs };
}

const wAttr = (el: XmlElement, local: string) => attr(el, NS.w, local);
const all = (idx: PartIndex | undefined, local: string) => idx?.w.get(local) ?? [];
const ids = (idx: PartIndex | undefined, local: string, attrLocal = "id") =>
  all(idx, local).map((el) => wAttr(el, attrLocal) ?? "(none)");

function duplicates(list: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of list) (seen.has(v) ? dup : seen).add(v);
  return [...dup].sort();
}

export function checkWordReferences(pkg: OpcPackage, report: Report): void {
  let main: string | undefined;
  for (const rel of pkg.rels.get("")?.values() ?? []) {
    if (rel.type.endsWith("/officeDocument") && !rel.external) main = resolveTarget("", rel.target);
  }
  const mainRoot = main ? pkg.xml.get(main) : undefined;
  if (!main || !mainRoot) {
    err(report, "(package)", "no main document part reachable from _rels/.rels");
    return;
  }
  if (mainRoot.ns !== NS.w || mainRoot.local !== "document") {
    err(report, main, `main document part has root ${mainRoot.qname}, expected w:document`);
  }
  const mainRels = pkg.rels.get(main) ?? new Map();
  const partByType = (suffix: string): string | undefined => {
    for (const rel of mainRels.values()) {
      if (rel.type.endsWith(suffix) && !rel.external) return resolveTarget(main, rel.target);
    }
    return undefined;
  };
  const dir = main.includes("/") ? main.slice(0, main.lastIndexOf("/") + 1) : "";
  const wordParts = [...pkg.xml.keys()].filter((n) => n.startsWith(dir) && n.endsWith(".xml"));
  const index = new Map(wordParts.map((n) => [n, indexPart(pkg.xml.get(n)!)] as const));
  const indexOf = (suffix: string) => {
    const name = partByType(suffix);
    return name ? index.get(name) : undefined;
  };

  // Styles: the ids, and references between styles.
  const stylesName = partByType("/styles") ?? "styles";
  const styles = indexOf("/styles");
  const styleIds = new Set(ids(styles, "style", "styleId"));
  for (const st of all(styles, "style")) {
    for (const link of ["basedOn", "next", "link"]) {
      for (const c of st.children) {
        if (c.kind !== "element" || c.ns !== NS.w || c.local !== link) continue;
        const v = wAttr(c, "val");
        if (v !== undefined && !styleIds.has(v)) {
          err(
            report,
            stylesName,
            `style ${wAttr(st, "styleId")}: w:${link} ${v} names no style in styles.xml`,
          );
        }
      }
    }
  }

  // Numbering: w:num → w:abstractNum.
  const numbering = indexOf("/numbering");
  const numIds = new Set(ids(numbering, "num", "numId"));
  const abstractIds = new Set(ids(numbering, "abstractNum", "abstractNumId"));
  for (const num of all(numbering, "num")) {
    const a = num.children.find(
      (c): c is XmlElement => c.kind === "element" && c.ns === NS.w && c.local === "abstractNumId",
    );
    const v = a ? wAttr(a, "val") : undefined;
    if (v === undefined || !abstractIds.has(v)) {
      err(
        report,
        partByType("/numbering") ?? "numbering",
        `w:num ${wAttr(num, "numId")} points to a missing abstractNum`,
      );
    }
  }

  // Notes and comments.
  const stories = [
    ["footnotes", "footnoteReference", "footnote"],
    ["endnotes", "endnoteReference", "endnote"],
    ["comments", "commentReference", "comment"],
  ] as const;
  for (const [kind, refTag, itemTag] of stories) {
    const defined = ids(indexOf(`/${kind}`), itemTag);
    const dupes = duplicates(defined);
    if (dupes.length > 0) err(report, kind, `duplicate ${itemTag} ids ${dupes.join(", ")}`);
    const known = new Set(defined);
    const tags = kind === "comments" ? [refTag, "commentRangeStart", "commentRangeEnd"] : [refTag];
    for (const [name, idx] of index) {
      for (const tag of tags) {
        for (const id of ids(idx, tag)) {
          if (!known.has(id)) err(report, name, `w:${tag} id ${id} has no ${itemTag} in the ${kind} part`);
        }
      }
    }
  }

  for (const [name, idx] of index) {
    const partRels = pkg.rels.get(name) ?? new Map();
    for (const [el, a, v] of idx.rAttrs) {
      if (!partRels.has(v)) err(report, name, `${el} ${a}=${v} has no relationship`);
    }
    if (styleIds.size > 0) {
      for (const tag of ["pStyle", "rStyle", "tblStyle"]) {
        for (const v of ids(idx, tag, "val")) {
          if (!styleIds.has(v)) err(report, name, `w:${tag} ${v} names no style in styles.xml`);
        }
      }
    }
    for (const v of ids(idx, "numId", "val")) {
      if (v !== "0" && v !== "(none)" && !numIds.has(v))
        err(report, name, `w:numId ${v} names no w:num in numbering.xml`);
    }
    pairUp(report, name, ids(idx, "bookmarkStart"), ids(idx, "bookmarkEnd"), "bookmark", true);
    pairUp(report, name, ids(idx, "commentRangeStart"), ids(idx, "commentRangeEnd"), "commentRange", false);
  }
}

function pairUp(
  report: Report,
  part: string,
  starts: string[],
  ends: string[],
  what: string,
  reportDupes: boolean,
): void {
  if (reportDupes) {
    const dup = duplicates(starts);
    if (dup.length > 0) err(report, part, `duplicate ${what} ids ${dup.join(", ")}`);
  }
  const endSet = new Set(ends);
  const startSet = new Set(starts);
  for (const id of startSet) if (!endSet.has(id)) err(report, part, `${what}Start ${id} has no ${what}End`);
  for (const id of endSet) if (!startSet.has(id)) err(report, part, `${what}End ${id} has no ${what}Start`);
}
