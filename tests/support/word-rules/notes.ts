// Footnotes and endnotes: the separator notes, the parts settings.xml points to, and note ids.

import { duplicates, isW, kids, wAttr, type WordContext } from "./context";
import type { WordRule } from "./rule";
import type { XmlElement } from "../ooxml/xml-lite";

const KINDS = [
  { part: "/footnotes", note: "footnote", ref: "footnoteReference", mark: "footnoteRef", pr: "footnotePr" },
  { part: "/endnotes", note: "endnote", ref: "endnoteReference", mark: "endnoteRef", pr: "endnotePr" },
] as const;

const SEPARATOR_TYPES = new Set(["separator", "continuationSeparator"]);

/** The notes (w:footnote / w:endnote children of the part's root). */
function notesOf(ctx: WordContext, partName: string | undefined, note: string): XmlElement[] {
  const root = partName ? ctx.pkg.xml.get(partName) : undefined;
  return root ? kids(root).filter((c) => isW(c, note)) : [];
}

/** What is wrong with a separator note, or undefined when it has Word's shape. */
function separatorProblem(noteEl: XmlElement, type: string, mark: string): string | undefined {
  const children = kids(noteEl);
  if (children.length !== 1 || !isW(children[0]!, "p"))
    return `has ${children.length} children; Word writes one w:p`;
  const p = children[0]!;
  const inP = kids(p).filter((c) => !isW(c, "pPr"));
  if (inP.length !== 1 || !isW(inP[0]!, "r")) {
    return `its paragraph holds ${inP.map((c) => c.qname).join(", ") || "nothing"}; Word writes one w:r`;
  }
  const run = inP[0]!;
  const rPr = kids(run).find((c) => isW(c, "rPr"));
  if (rPr && kids(rPr).some((c) => isW(c, "rStyle"))) return "its run has a character style (w:rStyle)";
  const content = kids(run).filter((c) => !isW(c, "rPr"));
  if (content.some((c) => isW(c, mark))) return `its run holds a w:${mark}`;
  if (content.length !== 1 || !isW(content[0]!, type)) {
    return `its run holds ${content.map((c) => c.qname).join(", ") || "nothing"}; Word writes one w:${type}`;
  }
  return undefined;
}

export const noteSeparator: WordRule = {
  code: "WORD_NOTE_SEPARATOR",
  reason:
    "a separator or continuation-separator note must be one paragraph with one run holding only <w:separator/> or <w:continuationSeparator/> (no footnoteRef/endnoteRef, no style)",
  source: "anthropics/skills#570, anthropics/skills#1576",
  check(ctx, report) {
    for (const k of KINDS) {
      const part = ctx.partOf(k.part);
      for (const n of notesOf(ctx, part, k.note)) {
        const id = wAttr(n, "id") ?? "(none)";
        const type = wAttr(n, "type");
        // Word writes the separators at ids -1 and 0; a note there without a separator type is not one.
        if (type === undefined && (id === "-1" || id === "0")) {
          report(
            part!,
            `${k.note} ${id} sits at a separator id but has no w:type separator/continuationSeparator`,
          );
          continue;
        }
        if (!type || !SEPARATOR_TYPES.has(type)) continue;
        if (n.children.some((c) => c.kind === "element" && [...walk(c)].some((e) => isW(e, k.mark)))) {
          report(part!, `${k.note} ${id} (${type}) carries a w:${k.mark}`);
          continue;
        }
        const problem = separatorProblem(n, type, k.mark);
        if (problem) report(part!, `${k.note} ${id} (${type}) ${problem}`);
      }
    }
  },
};

function* walk(el: XmlElement): Generator<XmlElement> {
  yield el;
  for (const c of el.children) if (c.kind === "element") yield* walk(c);
}

export const notesPartMissing: WordRule = {
  code: "WORD_NOTES_PART_MISSING",
  reason: "settings.xml names footnote/endnote separators, so the notes part must exist and define those ids",
  source: "jgm/pandoc#2032, jgm/pandoc#414, anthropics/skills#570",
  check(ctx, report) {
    const settings = ctx.partOf("/settings");
    if (!settings) return;
    for (const k of KINDS) {
      const wanted = ctx
        .w(settings, k.pr)
        .flatMap((pr) => kids(pr).filter((c) => isW(c, k.note)))
        .map((c) => wAttr(c, "id") ?? "(none)");
      if (wanted.length === 0) continue;
      const part = ctx.partOf(k.part);
      if (!part || !ctx.pkg.xml.has(part)) {
        report(settings, `w:${k.pr} names ${k.note}s ${wanted.join(", ")} but there is no ${k.note}s part`);
        continue;
      }
      const defined = new Set(notesOf(ctx, part, k.note).map((n) => wAttr(n, "id")));
      for (const id of wanted) {
        if (!defined.has(id))
          report(settings, `w:${k.pr} names ${k.note} ${id}, which ${part} does not define`);
      }
    }
  },
};

export const noteIds: WordRule = {
  code: "WORD_NOTE_ID",
  reason:
    "every footnote/endnote reference must name an existing, non-separator note, once; note ids must be unique",
  source: "dolanmiu/docx#1554, shinjukunian/DocX#55, md2docx/mdast2docx#18, jgm/pandoc#2032",
  check(ctx, report) {
    for (const k of KINDS) {
      const part = ctx.partOf(k.part);
      const notes = notesOf(ctx, part, k.note);
      for (const id of duplicates(notes.map((n) => wAttr(n, "id") ?? "(none)"))) {
        report(part!, `${k.note} id ${id} is defined more than once`);
      }
      const byId = new Map(notes.map((n) => [wAttr(n, "id"), n] as const));
      const seen = new Map<string, number>();
      for (const story of ctx.stories) {
        for (const ref of ctx.w(story, k.ref)) {
          const id = wAttr(ref, "id") ?? "(none)";
          seen.set(id, (seen.get(id) ?? 0) + 1);
          const target = byId.get(id);
          if (!target)
            report(story, `w:${k.ref} ${id} names no ${k.note}${part ? ` in ${part}` : " (no notes part)"}`);
          else if (SEPARATOR_TYPES.has(wAttr(target, "type") ?? "")) {
            report(story, `w:${k.ref} ${id} names a separator ${k.note}`);
          }
        }
      }
      for (const [id, count] of seen) {
        if (count > 1 && byId.has(id))
          report(ctx.main ?? "(package)", `${k.note} ${id} is referenced ${count} times`);
      }
    }
  },
};
