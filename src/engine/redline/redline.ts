// Two packages the engine built (the old document and the new one, same shape) → one package whose
// tracked changes turn the old into the new: accept them all and it is the new document, reject them all
// and it is the old one. The new package is the base: its styles, page setup, headers, footers, comments
// and properties; the body and the footnotes are the two documents' merged, and what the old text needs
// (lists, footnotes, pictures, links, styles) is copied in.

import { strToU8, zipSync, type Zippable } from "fflate";
import { clipName } from "../render/author-name";
import { planBlocks, type NumPair } from "./blocks";
import { writeBlocks } from "./write-blocks";
import { Merge } from "./merge";
import { MAIN_PART } from "./package";
import type { Story } from "./paragraph";
import { revisionDate, type RevisionCounts } from "./revisions";
import { attr, clone, kid, kids, serializeXml, type XmlElement } from "./xml";

export type RedlineMergeOptions = {
  /** Who the tracked changes are by (w:author). */
  author: string;
  /** When (w:date): the build's date. */
  date: Date;
};

export type RedlineMerge = {
  bytes: Uint8Array;
  counts: RevisionCounts;
  /** The text of each side's body, paragraphs on lines (what a reader sees; for comparing with Word's). */
  text: { before: string; after: string };
};

export function redlinePackages(
  before: Uint8Array,
  after: Uint8Array,
  options: RedlineMergeOptions,
): RedlineMerge {
  const author = clipName(options.author.trim() || "Sectionsmith");
  const m = new Merge(before, after, author, revisionDate(options.date));
  const oldDoc = m.old.pkg.xml(MAIN_PART);
  const newDoc = m.new.pkg.xml(MAIN_PART);
  const oldBody = oldDoc && kid(oldDoc, "w:body");
  const newBody = newDoc && kid(newDoc, "w:body");
  if (!oldBody || !newBody) throw new Error("A built document has no body");
  const text = { before: bodyText(oldBody), after: bodyText(newBody) };

  const main: Story = { oldPart: MAIN_PART, newPart: MAIN_PART };
  const blocks = (body: XmlElement) => kids(body).filter((c) => c.name !== "w:sectPr");
  const lists: NumPair[] = [];
  const plan = planBlocks(m, main, blocks(oldBody), blocks(newBody), lists);
  m.settleLists(lists);
  const sectPr = kids(newBody, "w:sectPr");
  newBody.children = [...writeBlocks(m, main, plan), ...sectPr];
  m.changedParts.add(MAIN_PART);

  mergeFootnotes(m);
  copyStyles(m);

  const out: Zippable = {};
  for (const [name, data] of Object.entries(m.new.pkg.files)) {
    const root = m.changedParts.has(name) ? m.new.pkg.xml(name) : undefined;
    out[name] = root ? strToU8(serializeXml(root)) : data;
  }
  return { bytes: zipSync(out, { level: 6 }), counts: m.revisions.counts, text };
}

/** Footnotes kept on both sides whose texts differ: their paragraphs are compared like the body's. */
function mergeFootnotes(m: Merge): void {
  const oldPart = m.old.footnotesPart;
  const newPart = m.new.footnotesPart;
  if (!oldPart || !newPart) return;
  const story: Story = { oldPart, newPart };
  const done = new Set<string>();
  for (const pair of m.footnotePairs) {
    if (done.has(pair.new)) continue;
    done.add(pair.new);
    if (m.old.footnoteKey(pair.old) === m.new.footnoteKey(pair.new)) continue;
    const oldNote = m.old.footnotes.get(pair.old);
    const newNote = m.new.footnotes.get(pair.new);
    if (!oldNote || !newNote) continue;
    const lists: NumPair[] = [];
    const plan = planBlocks(m, story, kids(oldNote), kids(newNote), lists);
    newNote.children = writeBlocks(m, story, plan);
    m.changedParts.add(newPart);
  }
}

/** Styles the kept old text uses that the new document lacks, with the styles they are based on. */
function copyStyles(m: Merge): void {
  const part = m.new.pkg.partOf("/styles");
  const oldPart = m.old.pkg.partOf("/styles");
  const styles = part ? m.new.pkg.xml(part) : undefined;
  const oldStyles = oldPart ? m.old.pkg.xml(oldPart) : undefined;
  if (!part || !styles || !oldStyles) return;
  const have = new Set(kids(styles, "w:style").map((s) => attr(s, "w:styleId") ?? ""));
  const oldById = new Map(kids(oldStyles, "w:style").map((s) => [attr(s, "w:styleId") ?? "", s]));
  const visit = (id: string) => {
    if (have.has(id)) return;
    const style = oldById.get(id);
    if (!style) return;
    have.add(id);
    styles.children.push(clone(style));
    m.changedParts.add(part);
    for (const ref of ["w:basedOn", "w:link", "w:next"]) {
      const r = kid(style, ref);
      if (r) visit(attr(r, "w:val") ?? "");
    }
  };
  for (const id of m.stylesUsed) visit(id);
}

function bodyText(body: XmlElement): string {
  const lines: string[] = [];
  const walk = (e: XmlElement) => {
    if (e.name === "w:p") {
      let line = "";
      const text = (n: XmlElement) => {
        if (n.name === "w:t") line += n.children.filter((c) => typeof c === "string").join("");
        else if (n.name === "w:tab") line += "\t";
        else if (n.name === "w:br") line += "\n";
        else if (n.name !== "w:instrText") for (const c of kids(n)) text(c);
      };
      text(e);
      lines.push(line);
      return;
    }
    for (const c of kids(e)) walk(c);
  };
  walk(body);
  return lines.join("\n");
}
