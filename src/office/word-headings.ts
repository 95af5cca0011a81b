// Reads the headings earlier Inserts put in the document that a {{ref}} can point at: Sectionsmith's
// heading bookmarks ("_Ref_<name>_<suffix>", engine render/cross-refs.ts — Word's own cross-reference
// bookmarks are "_Ref<digits>", without the second underscore), each with the content control it sits
// in (its section's tag), its words, and its clause number as Word shows it now (the list item's
// string). Bookmarks are WordApi 1.4 (Range.getBookmarks, Document.getBookmarkRangeOrNullObject);
// office-host.ts offers this only where Word has it.
import { toHostError } from "./word-errors";
import type { DocumentHeading } from "./word-host";
import type { WordRun } from "./word-insert";

const OURS = /^_Ref_/;

export async function readHeadings(run: WordRun): Promise<DocumentHeading[]> {
  try {
    return await run(async (context) => {
      // Hidden bookmarks (a leading "_") are left out unless asked for.
      const names = context.document.body.getRange("Whole").getBookmarks(true, false);
      await context.sync();
      const found = names.value.filter((name) => OURS.test(name));
      const read = found.map((name) => {
        const range = context.document.getBookmarkRangeOrNullObject(name);
        range.load("isNullObject,text");
        const control = range.parentContentControlOrNullObject;
        control.load("isNullObject,tag");
        const item = range.paragraphs.getFirst().listItemOrNullObject;
        item.load("isNullObject,listString");
        return { name, range, control, item };
      });
      await context.sync();
      const headings: DocumentHeading[] = [];
      for (const { name, range, control, item } of read) {
        if (range.isNullObject) continue; // deleted since getBookmarks answered
        const number = item.isNullObject ? "" : item.listString.trim();
        headings.push({
          bookmark: name,
          text: range.text.trim(),
          ...(control.isNullObject || !control.tag ? {} : { tag: control.tag }),
          ...(number ? { number } : {}),
        });
      }
      return headings;
    });
  } catch (error) {
    throw toHostError(error, "reading the clauses already in the document");
  }
}
