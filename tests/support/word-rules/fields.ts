// Complex fields (w:fldChar begin … separate … end, ECMA-376 Part 1 §17.16.18) and the bookmarks that
// REF and PAGEREF fields point at: what Word needs of them beyond the schemas.

import { NS } from "../ooxml/namespaces";
import type { XmlElement } from "../ooxml/xml-lite";
import { kids, textOf, wAttr, type WordContext } from "./context";
import type { WordRule } from "./rule";

const NONE: ReadonlySet<string> = new Set();
/**
 * A document with tracked changes is two documents: all accepted (deletions gone) and all rejected
 * (insertions gone). Fields must be whole in each; a redline that replaces a field (a table of contents
 * deleted beside its new one, sharing the unchanged end) is whole in both though not in the mixed view.
 */
const VIEWS: ReadonlyArray<{ name: string; skip: ReadonlySet<string> }> = [
  { name: "with every change accepted", skip: new Set(["del", "moveFrom"]) },
  { name: "with every change rejected", skip: new Set(["ins", "moveTo"]) },
];

/** A field as read in document order: its code (every w:instrText up to separate) and its part. */
type Field = { part: string; code: string };

/**
 * Walks a story's runs in document order, checking fldChar nesting; reports a separate or end with no
 * open field, a second separate, and a field left open at the end of the part. Returns the fields.
 */
function readFields(
  ctx: WordContext,
  part: string,
  report?: (part: string, detail: string) => void,
  skip: ReadonlySet<string> = NONE,
): Field[] {
  const root = ctx.pkg.xml.get(part);
  if (!root) return [];
  const fields: Field[] = [];
  const open: Array<{ code: string; separated: boolean }> = [];
  const visit = (el: XmlElement): void => {
    for (const c of kids(el)) {
      if (c.ns !== NS.w) {
        visit(c);
        continue;
      }
      if (skip.has(c.local)) continue;
      if (c.local === "fldChar") {
        const type = wAttr(c, "fldCharType");
        if (type === "begin") open.push({ code: "", separated: false });
        else if (type === "separate") {
          const top = open.at(-1);
          if (!top) report?.(part, "a w:fldChar separate with no field begun");
          else if (top.separated) report?.(part, `field "${top.code.trim()}" has a second separate`);
          else top.separated = true;
        } else if (type === "end") {
          const top = open.pop();
          if (!top) report?.(part, "a w:fldChar end with no field begun");
          else fields.push({ part, code: top.code });
        }
        continue;
      }
      if (c.local === "instrText") {
        const top = open.at(-1);
        if (!top) report?.(part, `w:instrText "${textOf(c).trim()}" outside a field`);
        else if (!top.separated) top.code += textOf(c);
        continue;
      }
      if (c.local === "fldSimple") fields.push({ part, code: wAttr(c, "instr") ?? "" });
      visit(c);
    }
  };
  visit(root);
  for (const f of open) report?.(part, `field "${f.code.trim()}" is never ended (no w:fldChar end)`);
  return fields;
}

export const fieldStructure: WordRule = {
  code: "WORD_FIELD_STRUCTURE",
  reason:
    "every complex field is begin, its code (w:instrText), at most one separate, its result, end — nested properly, none left open, with tracked changes all accepted and all rejected",
  source:
    "ECMA-376 Part 1 §17.16.18; CenterForOpenScience/pydocx#185 (two fields in one paragraph lost content), mwilliamson/python-mammoth#168 (an end with no begin)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      const seen = new Set<string>();
      for (const view of VIEWS) {
        const once = (where: string, detail: string) => {
          // One finding where both views see it (a document without tracked changes sees it twice).
          if (seen.has(detail)) return;
          seen.add(detail);
          report(where, `${detail} (${view.name})`);
        };
        readFields(ctx, part, once, view.skip);
      }
    }
  },
};

const REF_FIELD = /^\s*(REF|PAGEREF)\s+("?)([^\s"\\]+)\2/i;

export const refTarget: WordRule = {
  code: "WORD_REF_TARGET",
  reason:
    'a REF or PAGEREF field names a bookmark the document has; otherwise Word shows "Error! Reference source not found." once fields are updated',
  source:
    "jelovirt/com.elovirta.ooxml#49 (REF fields to bookmarks the document lacks), Amberg/DocxTemplater#128 (references broken after generating)",
  check(ctx, report) {
    const names = new Set<string>();
    for (const part of ctx.stories)
      for (const b of ctx.w(part, "bookmarkStart")) names.add(wAttr(b, "name") ?? "");
    for (const part of ctx.stories) {
      for (const f of readFields(ctx, part)) {
        const m = REF_FIELD.exec(f.code);
        // Word matches bookmark names without regard to case.
        if (m && ![...names].some((n) => n.toLowerCase() === m[3]!.toLowerCase()))
          report(part, `${m[1]!.toUpperCase()} ${m[3]} names no bookmark in the document`);
      }
    }
  },
};

export const bookmarkNameForm: WordRule = {
  code: "WORD_BOOKMARK_NAME_FORM",
  reason:
    "a bookmark name is letters, digits and underscores, and does not start with a digit (a leading underscore makes it hidden, as Word's own _Ref and _Toc names)",
  source:
    "https://devpeace.com/ms-word/852922/what-are-the-limitations-for-bookmark-names-in-microsoft-word (Word's rule: ^(?!\\d)\\w{1,40}$, '_' hidden)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      for (const b of ctx.w(part, "bookmarkStart")) {
        const name = wAttr(b, "name") ?? "";
        // _GoBack is Word's own; a name docx or Word writes for its own use may be any of these.
        if (!/^(?!\d)[\p{L}\p{N}_]+$/u.test(name))
          report(part, `bookmark name "${name}" is not a Word bookmark name`);
      }
    }
  },
};
