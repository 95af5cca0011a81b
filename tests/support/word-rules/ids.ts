// Ids and names that must pair up or be unique: bookmarks, comments, drawings, content controls.

import { NS } from "../ooxml/namespaces";
import { attr, elements } from "../ooxml/xml-lite";
import { duplicates, wAttr, wKids, type WordContext } from "./context";
import type { WordRule } from "./rule";

const idsOf = (ctx: WordContext, part: string, local: string) =>
  ctx.w(part, local).map((el) => wAttr(el, "id") ?? "(none)");

function pairs(
  report: (part: string, detail: string) => void,
  part: string,
  what: string,
  starts: string[],
  ends: string[],
): void {
  const startSet = new Set(starts);
  const endSet = new Set(ends);
  for (const id of duplicates(starts)) report(part, `${what}Start id ${id} is used more than once`);
  for (const id of duplicates(ends)) report(part, `${what}End id ${id} is used more than once`);
  for (const id of startSet) if (!endSet.has(id)) report(part, `${what}Start ${id} has no ${what}End`);
  for (const id of endSet) if (!startSet.has(id)) report(part, `${what}End ${id} has no ${what}Start`);
}

export const bookmarkIds: WordRule = {
  code: "WORD_BOOKMARK_ID",
  reason: "each w:bookmarkStart id must be unique and closed by exactly one w:bookmarkEnd with the same id",
  source: "dolanmiu/docx#3478, dolanmiu/docx#3481",
  check(ctx, report) {
    for (const part of ctx.stories) {
      pairs(report, part, "bookmark", idsOf(ctx, part, "bookmarkStart"), idsOf(ctx, part, "bookmarkEnd"));
    }
  },
};

export const BOOKMARK_NAME_MAX = 40;

export const bookmarkNames: WordRule = {
  code: "WORD_BOOKMARK_NAME",
  reason: `bookmark names must be at most ${BOOKMARK_NAME_MAX} characters and unique in the document (letter case aside)`,
  source:
    "OfficeDev/VBA-content#253 (40 characters), python-openxml/python-docx#445 (Word keeps only the first of a name)",
  check(ctx, report) {
    const where = new Map<string, string>();
    for (const part of ctx.stories) {
      for (const b of ctx.w(part, "bookmarkStart")) {
        const name = wAttr(b, "name") ?? "";
        if (name.length > BOOKMARK_NAME_MAX) {
          report(part, `bookmark "${name}" has ${name.length} characters`);
        }
        // Word compares bookmark names without regard to case: "Target" and "target" are one name.
        const key = name.toLowerCase();
        if (where.has(key)) report(part, `bookmark name "${name}" is used more than once`);
        else where.set(key, part);
      }
    }
  },
};

export const commentIds: WordRule = {
  code: "WORD_COMMENT_ID",
  reason:
    "comment ranges and references must name a comment in comments.xml, once each; ranges must open and close; comment ids must be unique",
  source: "jvoisin/mat2#7, 4teamwork/docxcompose#65, guigrpa/docx-templates#324",
  check(ctx, report) {
    const part = ctx.partOf("/comments");
    const defined = part ? idsOf(ctx, part, "comment") : [];
    for (const id of duplicates(defined)) report(part!, `comment id ${id} is defined more than once`);
    const known = new Set(defined);
    const uses = new Map<string, number>();
    for (const story of ctx.stories) {
      if (story === part) continue;
      for (const tag of ["commentRangeStart", "commentRangeEnd", "commentReference"]) {
        for (const id of idsOf(ctx, story, tag)) {
          if (!known.has(id))
            report(story, `w:${tag} ${id} names no comment${part ? ` in ${part}` : " (no comments part)"}`);
        }
      }
      for (const tag of ["commentRangeStart", "commentReference"]) {
        for (const id of idsOf(ctx, story, tag))
          uses.set(`${tag} ${id}`, (uses.get(`${tag} ${id}`) ?? 0) + 1);
      }
      pairs(
        report,
        story,
        "commentRange",
        idsOf(ctx, story, "commentRangeStart"),
        idsOf(ctx, story, "commentRangeEnd"),
      );
    }
    for (const [use, count] of uses) {
      if (count > 1)
        report(ctx.main ?? "(package)", `w:${use} appears ${count} times; a comment is anchored once`);
    }
  },
};

export const drawingIds: WordRule = {
  code: "WORD_DRAWING_ID",
  reason: "each drawing's wp:docPr id must be unique within its part",
  source:
    "xceedsoftware/DocX#294, guigrpa/docx-templates#190, dolanmiu/docx#2719 (per part: tensorbee/rdocx#72)",
  check(ctx, report) {
    for (const [part, root] of ctx.pkg.xml) {
      if (!part.endsWith(".xml")) continue;
      const ids: string[] = [];
      for (const el of elements(root)) {
        if (el.ns === NS.wp && el.local === "docPr") ids.push(attr(el, "", "id") ?? "(none)");
      }
      for (const id of duplicates(ids)) report(part, `wp:docPr id ${id} is used by more than one drawing`);
    }
  },
};

export const contentControlIds: WordRule = {
  code: "WORD_SDT_ID",
  reason: "each content control's w:id (w:sdtPr) must be unique in the document",
  source:
    'https://learn.microsoft.com/en-us/office/vba/api/word.contentcontrol.id ("unique for each content control"); ECMA-376 Part 1 §17.5.2.18 with MS-OI29500',
  check(ctx, report) {
    const ids: string[] = [];
    for (const part of ctx.stories)
      for (const props of ctx.w(part, "sdtPr"))
        for (const id of wKids(props, "id")) ids.push(wAttr(id, "val") ?? "(none)");
    for (const id of duplicates(ids))
      report(ctx.main ?? "(package)", `content control id ${id} is used more than once`);
  },
};

/** Word keeps an author's name in at most 255 UTF-16 code units; the Open XML SDK refuses a longer w:author. */
export const AUTHOR_NAME_MAX = 255;
/** Word keeps a comment's initials in at most nine characters (MS-OI29500 2.1.313). */
export const INITIALS_MAX = 9;
const REVISIONS = [
  "ins",
  "del",
  "moveFrom",
  "moveTo",
  "pPrChange",
  "rPrChange",
  "sectPrChange",
  "tblPrChange",
  "trPrChange",
  "tcPrChange",
  "numberingChange",
];

export const authorNames: WordRule = {
  code: "WORD_AUTHOR_LENGTH",
  reason: `a w:author (comments, tracked changes) must be at most ${AUTHOR_NAME_MAX} UTF-16 code units and a comment's w:initials at most ${INITIALS_MAX}`,
  source:
    "https://learn.microsoft.com/en-us/openspecs/office_standards/ms-oi29500/2f42e7a6-a014-4392-8461-53a493241d28 (initials); DocumentFormat.OpenXml 3.3.0's validator refuses a w:author over 255 (Sch_AttributeValueDataTypeDetailed, fuzz seeds 1230500211 and 121994144)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      for (const local of ["comment", ...REVISIONS]) {
        for (const el of ctx.w(part, local)) {
          const id = wAttr(el, "id") ?? "(none)";
          const author = wAttr(el, "author");
          if (author !== undefined && author.length > AUTHOR_NAME_MAX) {
            report(part, `w:${local} id ${id} has an author of ${author.length} UTF-16 code units`);
          }
          const initials = local === "comment" ? wAttr(el, "initials") : undefined;
          if (initials !== undefined && initials.length > INITIALS_MAX) {
            report(part, `w:comment id ${id} has initials of ${initials.length} characters`);
          }
        }
      }
    }
  },
};
