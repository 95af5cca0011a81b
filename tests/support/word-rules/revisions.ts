// Tracked changes (w:ins, w:del, w:moveFrom/w:moveTo, w:pPrChange, w:rPrChange and the other revision
// marks of ECMA-376 Part 1 §17.13.5): what Word needs of them beyond the schemas.

import { NS } from "../ooxml/namespaces";
import type { XmlElement } from "../ooxml/xml-lite";
import { duplicates, kids, wAttr, type WordContext } from "./context";
import type { WordRule } from "./rule";

/** Every revision mark with an id of its own (range ends repeat their start's id and are left out). */
const REVISION_MARKS = [
  "ins",
  "del",
  "moveFrom",
  "moveTo",
  "moveFromRangeStart",
  "moveToRangeStart",
  "pPrChange",
  "rPrChange",
  "sectPrChange",
  "tblPrChange",
  "tblPrExChange",
  "tblGridChange",
  "trPrChange",
  "tcPrChange",
  "numberingChange",
  "cellIns",
  "cellDel",
  "cellMerge",
] as const;

/** Run content removed by a tracked deletion (or moved away): its text is w:delText, its code w:delInstrText. */
const REMOVING = new Set(["del", "moveFrom"]);

function marksIn(ctx: WordContext, part: string): XmlElement[] {
  return REVISION_MARKS.flatMap((local) => ctx.w(part, local));
}

export const revisionIds: WordRule = {
  code: "WORD_REVISION_ID",
  reason:
    "every tracked change (w:ins, w:del, w:pPrChange, …) has a w:id unique among the document's tracked changes",
  source:
    "ECMA-376 Part 1 §17.13.5 (revision ids unique in the document); UseJunior/safe-docx#926 (Word's revision-id policy)",
  check(ctx, report) {
    const ids: string[] = [];
    const where = new Map<string, string>();
    for (const part of ctx.stories) {
      for (const mark of marksIn(ctx, part)) {
        const id = wAttr(mark, "id");
        if (id === undefined) {
          report(part, `w:${mark.local} has no w:id`);
          continue;
        }
        ids.push(id);
        if (!where.has(id)) where.set(id, part);
      }
    }
    for (const id of duplicates(ids))
      report(where.get(id)!, `tracked change id ${id} is used more than once`);
  },
};

/** xsd:dateTime as Word writes it: 2027-01-04T09:30:00Z (a fraction and an offset are allowed). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;

export const revisionAuthor: WordRule = {
  code: "WORD_REVISION_AUTHOR",
  reason:
    "every tracked change names its author (w:author, not blank) and its date (w:date, xsd:dateTime), which Word's Review pane shows",
  source:
    "ECMA-376 Part 1 §17.13.5 (w:author required, w:date); superdoc/docx-editor#2849 (each w:ins/w:del its own revision with its attributes)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      for (const mark of marksIn(ctx, part)) {
        const id = wAttr(mark, "id") ?? "(no id)";
        const author = wAttr(mark, "author");
        if (author === undefined || author.trim() === "") report(part, `w:${mark.local} ${id} has no author`);
        const date = wAttr(mark, "date");
        if (date === undefined) report(part, `w:${mark.local} ${id} has no date`);
        else if (!DATE_TIME.test(date))
          report(part, `w:${mark.local} ${id} has the date "${date}", not an xsd:dateTime`);
      }
    }
  },
};

export const deletedText: WordRule = {
  code: "WORD_DELETED_TEXT",
  reason:
    "text inside w:del (or w:moveFrom) is w:delText and a field code there w:delInstrText; outside them, w:t and w:instrText",
  source:
    "dotnet/Open-XML-SDK#1853 (w:t in w:del: Word will not open the file), UseJunior/safe-docx#926 (w:instrText in w:del), superdoc/docx-editor#2102 (w:delInstrText outside w:del)",
  check(ctx, report) {
    const walk = (el: XmlElement, removed: boolean, part: string) => {
      for (const c of kids(el)) {
        if (c.ns !== NS.w) {
          walk(c, removed, part);
          continue;
        }
        if (removed && (c.local === "t" || c.local === "instrText"))
          report(
            part,
            `w:${c.local} inside a tracked deletion (Word needs w:del${c.local === "t" ? "Text" : "InstrText"})`,
          );
        if (!removed && (c.local === "delText" || c.local === "delInstrText"))
          report(part, `w:${c.local} outside a tracked deletion`);
        // A paragraph mark's own w:del (in w:pPr/w:rPr) removes no run content.
        const removes = REMOVING.has(c.local) && !isMarkRevision(el);
        walk(c, removed || removes, part);
      }
    };
    for (const part of ctx.stories) {
      const root = ctx.pkg.xml.get(part);
      if (root) walk(root, false, part);
    }
  },
};

/** w:ins/w:del as a paragraph mark's or a table row's revision (inside w:rPr or w:trPr), not around runs. */
const isMarkRevision = (parent: XmlElement) =>
  parent.ns === NS.w && (parent.local === "rPr" || parent.local === "trPr");

export const fieldCodeRevision: WordRule = {
  code: "WORD_FIELD_CODE_REVISION",
  reason:
    "a field's code (from its begin w:fldChar through separate) is inserted, deleted or kept whole: no tracked change inside it",
  source:
    "UseJunior/safe-docx#953 (revisions inside field instructions: Word found unreadable content), UseJunior/safe-docx#217 (w:ins/w:del split at field characters)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      const root = ctx.pkg.xml.get(part);
      if (!root) continue;
      // Open fields, innermost last: the revision state their begin run is in, and whether the code is still open.
      const open: Array<{ state: string; inCode: boolean }> = [];
      const visit = (el: XmlElement, state: string) => {
        for (const c of kids(el)) {
          if (c.ns === NS.w && c.local === "r") {
            run(c, state);
            continue;
          }
          const tracked =
            c.ns === NS.w && ["ins", "del", "moveFrom", "moveTo"].includes(c.local) && !isMarkRevision(el);
          visit(c, tracked ? c.local : state);
        }
      };
      const run = (r: XmlElement, state: string) => {
        for (const c of kids(r)) {
          if (c.ns !== NS.w) continue;
          const inner = open.at(-1);
          if (c.local === "fldChar") {
            const type = wAttr(c, "fldCharType");
            if (type === "begin") {
              open.push({ state, inCode: true });
              continue;
            }
            if (!inner) continue;
            if (inner.inCode && state !== inner.state)
              report(
                part,
                `a field's ${type} is ${describe(state)} but its begin is ${describe(inner.state)}`,
              );
            if (type === "separate") inner.inCode = false;
            if (type === "end") open.pop();
          } else if (
            (c.local === "instrText" || c.local === "delInstrText") &&
            inner?.inCode &&
            state !== inner.state
          ) {
            report(part, `a field's code is ${describe(state)} in part, its begin ${describe(inner.state)}`);
          }
        }
      };
      visit(root, "");
    }
  },
};

const describe = (state: string) => (state === "" ? "untracked" : `in w:${state}`);
