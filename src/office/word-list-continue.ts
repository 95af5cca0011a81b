// "Continue" numbering into the document's own list (issue 12, insert at the cursor with context).
// A file cannot ask Word to join a list already in the document: Word imports the file's lists as new
// lists (office-js#3455). After the insert, though, Word's API can move paragraphs into an existing
// list: Paragraph.attachToList(listId, level) (WordApi 1.3), which "fails if the paragraph is already a
// list item" — so each inserted item is first taken out of its own list (detachFromList, as office-js
// #2307 does before startNewList). Word then numbers the moved items by their place in the host's list.
//
// When: the cursor paragraph is an item of a NUMBERED list (its level's type is "Number"; a bulleted
// list has no count to continue) and is not a heading (numbered headings come from the document's
// Heading styles, which an insert already uses: host styles win). What: the numbered list items of the
// sections tagged in the piece's continueTags (the sections from the start of the insert that say
// "continue"), at the cursor item's level plus their own level. Best effort: a refusal leaves the
// insert as Word made it. Not done (office-js#6524): attachToList does not copy the host level's
// indentation onto the paragraph, so a moved item may keep the inserted list's indent.
import type { WordApiSupport } from "./word-capabilities";

export type HostList = { id: number; level: number };

/** The numbered, non-heading list the cursor paragraph is an item of (WordApi 1.3), if any. */
export async function listAtCursor(
  context: Word.RequestContext,
  selection: Word.Range,
  supports: WordApiSupport,
): Promise<HostList | undefined> {
  if (!supports("1.3")) return undefined;
  try {
    const paragraph = selection.paragraphs.getFirst();
    paragraph.load("isListItem,styleBuiltIn");
    const list = paragraph.listOrNullObject;
    list.load("id,levelTypes");
    const item = paragraph.listItemOrNullObject;
    item.load("level");
    await context.sync();
    if (!paragraph.isListItem || list.isNullObject || item.isNullObject) return undefined;
    if (/^Heading\d$/.test(String(paragraph.styleBuiltIn))) return undefined;
    if (list.levelTypes[item.level] !== "Number") return undefined;
    return { id: list.id, level: item.level };
  } catch {
    return undefined; // the insert goes on as if the cursor were in plain text
  }
}

type Item = { paragraph: Word.Paragraph; item: Word.ListItem; list: Word.List };

/**
 * Moves the numbered list items of the controls tagged `tags` inside `span` into `host`. Returns how
 * many were moved. The first item is moved alone: if Word refuses, it goes back to its own list and
 * nothing else is tried, so no item is left without a number.
 */
export async function continueHostList(
  context: Word.RequestContext,
  span: Word.Range,
  tags: readonly string[],
  host: HostList,
): Promise<number> {
  let items: Item[];
  try {
    const controls = [...new Set(tags)].map((tag) => {
      const found = span.contentControls.getByTag(tag);
      found.load("items");
      return found;
    });
    await context.sync();
    const paragraphs = controls.flatMap((c) => c.items).map((cc) => {
      const all = cc.paragraphs;
      all.load("items/isListItem");
      return all;
    });
    await context.sync();
    const listed = paragraphs.flatMap((all) => all.items).filter((p) => p.isListItem);
    items = listed.map((paragraph) => {
      const item = paragraph.listItem;
      item.load("level");
      const list = paragraph.list;
      list.load("id,levelTypes");
      return { paragraph, item, list };
    });
    await context.sync();
  } catch {
    return 0;
  }
  const numbered = items.filter(({ item, list }) => list.levelTypes[item.level] === "Number");
  const [first, ...rest] = numbered;
  if (!first) return 0;
  const move = ({ paragraph, item }: Item) => {
    paragraph.detachFromList();
    paragraph.attachToList(host.id, Math.min(8, host.level + item.level));
  };
  try {
    move(first);
    await context.sync();
  } catch {
    try {
      first.paragraph.attachToList(first.list.id, first.item.level);
      await context.sync();
    } catch {
      // Reported by nothing: Word refused twice; the item stays as Word left it.
    }
    return 0;
  }
  try {
    rest.forEach(move);
    await context.sync();
    return numbered.length;
  } catch {
    return 1;
  }
}
