// What the redline takes from the old document into the new one's package: the old text that was
// deleted still needs its lists, footnotes, links, pictures and styles. The new package is the base
// (its parts are changed in place); what only the old one has is copied in under fresh ids here.

import { DocxPackage, MAIN_PART, relsPartOf, resolveTarget, type Relationship } from "./package";
import { Interner, Side } from "./side";
import { Revisions } from "./revisions";
import { attr, clone, descendants, el, kids, setAttr, type XmlElement } from "./xml";

export class Merge {
  readonly old: Side;
  readonly new: Side;
  /** Old list instance → the new one it continues as (same definition, same paragraphs). */
  private readonly numMap = new Map<string, string>();
  private readonly imported = new Map<string, string>();
  private readonly footnotesOut = new Map<string, string>();
  /** Footnote references kept on both sides: their texts are compared as a story of their own. */
  readonly footnotePairs: Array<{ old: string; new: string }> = [];
  /** Style ids the old text that is kept uses: copied from the old styles when the new ones lack them. */
  readonly stylesUsed = new Set<string>();
  readonly changedParts = new Set<string>();
  private readonly relsAdded = new Map<string, number>();
  private docPr: number;
  private media = 0;
  readonly revisions: Revisions;

  constructor(oldBytes: Uint8Array, newBytes: Uint8Array, author: string, date: string) {
    const intern = new Interner();
    this.old = new Side(new DocxPackage(oldBytes), intern);
    this.new = new Side(new DocxPackage(newBytes), intern);
    const taken = new Set<number>();
    let docPr = 0;
    for (const [name] of Object.entries(this.new.pkg.files)) {
      if (!name.endsWith(".xml") || !name.startsWith("word/")) continue;
      const root = this.new.pkg.xml(name);
      if (!root) continue;
      for (const e of descendants(root)) {
        if (ANNOTATIONS.has(e.name)) {
          const id = Number(attr(e, "w:id"));
          if (Number.isInteger(id)) taken.add(id);
        } else if (e.name === "wp:docPr") docPr = Math.max(docPr, Number(attr(e, "id")) || 0);
      }
    }
    this.docPr = docPr;
    this.revisions = new Revisions(author, date, taken);
  }

  /** Decides, from the paragraphs the two documents share, which old lists continue as which new ones. */
  settleLists(pairs: ReadonlyArray<{ old: string; new: string }>): void {
    const forward = new Map<string, Set<string>>();
    const backward = new Map<string, Set<string>>();
    for (const p of pairs) {
      (forward.get(p.old) ?? forward.set(p.old, new Set()).get(p.old)!).add(p.new);
      (backward.get(p.new) ?? backward.set(p.new, new Set()).get(p.new)!).add(p.old);
    }
    for (const [oldId, targets] of forward) {
      if (targets.size !== 1) continue;
      const newId = [...targets][0]!;
      if (backward.get(newId)!.size !== 1) continue;
      if (this.old.numKey(oldId) !== this.new.numKey(newId)) continue;
      this.numMap.set(oldId, newId);
    }
  }

  /** The list instance an old paragraph has in the redline: the new one it continues as, or a copy. */
  outNum(oldNumId: string): string {
    const mapped = this.numMap.get(oldNumId) ?? this.imported.get(oldNumId);
    if (mapped !== undefined) return mapped;
    if (oldNumId === "0") return "0"; // "no list"
    const info = this.old.numbering.get(oldNumId);
    const numberingPart = this.new.pkg.partOf("/numbering");
    const numbering = numberingPart ? this.new.pkg.xml(numberingPart) : undefined;
    if (!info || !numbering || !numberingPart) return oldNumId;
    this.changedParts.add(numberingPart);
    // The same definition in the new document is reused; otherwise the old one is copied in.
    const oldAbstract = this.old.abstracts.get(info.abstractId);
    const wanted = oldAbstract ? this.old.keyOf(oldAbstract, MAIN_PART, ["w:abstractNumId"]) : "";
    let abstractId: string | undefined;
    for (const [id, a] of this.new.abstracts) {
      if (this.new.keyOf(a, MAIN_PART, ["w:abstractNumId"]) === wanted) abstractId = id;
    }
    if (abstractId === undefined && oldAbstract) {
      abstractId = String(nextNumber([...this.new.abstracts.keys()]));
      const copy = clone(oldAbstract);
      setAttr(copy, "w:abstractNumId", abstractId);
      const lastAbstract = kids(numbering, "w:abstractNum").at(-1);
      insertAfter(numbering, lastAbstract, copy);
      this.new.abstracts.set(abstractId, copy);
    }
    const numId = String(nextNumber([...this.new.numbering.keys()]));
    const num = el(
      "w:num",
      [["w:numId", numId]],
      [
        el("w:abstractNumId", [["w:val", abstractId ?? info.abstractId]]),
        ...kids(info.num, "w:lvlOverride").map((o) => clone(o)),
      ],
    );
    numbering.children.push(num);
    this.new.numbering.set(numId, { abstractId: abstractId ?? info.abstractId, num });
    this.imported.set(oldNumId, numId);
    return numId;
  }

  /** An old footnote whose reference was deleted, copied into the new footnotes under a fresh id. */
  footnoteFromOld(oldId: string): string {
    const known = this.footnotesOut.get(oldId);
    if (known !== undefined) return known;
    const note = this.old.footnotes.get(oldId);
    const part = this.new.footnotesPart;
    const root = part ? this.new.pkg.xml(part) : undefined;
    if (!note || !part || !root || !this.old.footnotesPart) return oldId;
    const id = String(nextNumber([...this.new.footnotes.keys()]));
    const copy = clone(note);
    setAttr(copy, "w:id", id);
    this.adoptOld(copy, this.old.footnotesPart, part);
    root.children.push(copy);
    this.new.footnotes.set(id, copy);
    this.footnotesOut.set(oldId, id);
    this.changedParts.add(part);
    return id;
  }

  /**
   * Makes old content (copied into the new package) refer to what the new package has: lists, links,
   * pictures, footnotes; bookmarks and comment anchors dropped (the new document's are kept).
   */
  adoptOld(element: XmlElement, oldPart: string, newPart: string): void {
    element.children = element.children.filter((c) => typeof c === "string" || !DROPPED_FROM_OLD.has(c.name));
    for (const c of element.children) if (typeof c !== "string") this.adoptOld(c, oldPart, newPart);
    switch (element.name) {
      case "w:numId":
        setAttr(element, "w:val", this.outNum(attr(element, "w:val") ?? "0"));
        break;
      case "w:footnoteReference":
        setAttr(element, "w:id", this.footnoteFromOld(attr(element, "w:id") ?? ""));
        break;
      case "w:pStyle":
      case "w:rStyle":
      case "w:tblStyle":
        this.stylesUsed.add(attr(element, "w:val") ?? "");
        break;
      case "wp:docPr":
        setAttr(element, "id", String(++this.docPr));
        break;
    }
    for (const name of ["r:id", "r:embed", "r:link"]) {
      const rId = attr(element, name);
      if (rId !== undefined) setAttr(element, name, this.relFromOld(oldPart, rId, newPart));
    }
  }

  /** A relationship of an old part, as one of the new part: the same address, or a copy of the part. */
  relFromOld(oldPart: string, rId: string, newPart: string): string {
    const rel = this.old.pkg.rels(oldPart).get(rId);
    if (!rel) return rId;
    const rels = this.new.pkg.rels(newPart);
    let target = rel.target;
    if (rel.external) {
      for (const r of rels.values())
        if (r.external && r.type === rel.type && r.target === rel.target) return r.id;
    } else {
      const bytes = this.old.pkg.files[resolveTarget(oldPart, rel.target)];
      if (!bytes) return rId;
      const name = rel.target.split("/").pop() ?? "part";
      target = rel.target.replace(/[^/]*$/, `redline${++this.media}-${name}`);
      this.new.pkg.files[resolveTarget(newPart, target)] = bytes;
      this.ensureDefaultType(name);
    }
    const n = (this.relsAdded.get(newPart) ?? 0) + 1;
    this.relsAdded.set(newPart, n);
    let id = `rIdRedline${n}`;
    while (rels.has(id)) id = `${id}x`;
    const added: Relationship = { id, type: rel.type, target, external: rel.external };
    rels.set(id, added);
    this.addRelationship(newPart, added);
    return id;
  }

  private addRelationship(part: string, rel: Relationship): void {
    const name = relsPartOf(part);
    const root = this.new.pkg.xml(name);
    if (!root) return;
    root.children.push(
      el("Relationship", [
        ["Id", rel.id],
        ["Type", rel.type],
        ["Target", rel.target],
        ...(rel.external ? ([["TargetMode", "External"]] as Array<[string, string]>) : []),
      ]),
    );
    this.changedParts.add(name);
  }

  private ensureDefaultType(fileName: string): void {
    const ext = fileName.includes(".") ? fileName.split(".").pop()!.toLowerCase() : "";
    const types = this.new.pkg.xml("[Content_Types].xml");
    if (!ext || !types) return;
    if (kids(types, "Default").some((d) => (attr(d, "Extension") ?? "").toLowerCase() === ext)) return;
    const mime = IMAGE_TYPES[ext] ?? "application/octet-stream";
    types.children.unshift(
      el("Default", [
        ["Extension", ext],
        ["ContentType", mime],
      ]),
    );
    this.changedParts.add("[Content_Types].xml");
  }
}

const ANNOTATIONS = new Set([
  "w:bookmarkStart",
  "w:bookmarkEnd",
  "w:commentRangeStart",
  "w:commentRangeEnd",
  "w:commentReference",
  "w:comment",
  "w:ins",
  "w:del",
]);

/** Anchors of the old document's bookmarks and comments: the redline keeps the new document's. */
export const DROPPED_FROM_OLD = new Set([
  "w:bookmarkStart",
  "w:bookmarkEnd",
  "w:commentRangeStart",
  "w:commentRangeEnd",
  "w:commentReference",
]);

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  gif: "image/gif",
};

function nextNumber(ids: readonly string[]): number {
  let max = 0;
  for (const id of ids) {
    const n = Number(id);
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max + 1;
}

function insertAfter(parent: XmlElement, after: XmlElement | undefined, node: XmlElement): void {
  const at = after ? parent.children.indexOf(after) + 1 : 0;
  parent.children.splice(at, 0, node);
}
