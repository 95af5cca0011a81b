// The bookmark side of FakeWord (WordApi 1.4): Range.getBookmarks on the body's range and
// Document.getBookmarkRangeOrNullObject, over FakeWord.bookmarks. Calls are queued and applied at sync
// like the rest of the fake; values and null objects are readable only after it, as in office.js.
import type { FakeWord } from "./fake-word";

/** A bookmark of the simulated document: its name, its paragraph's text, the control it is in, its list number. */
export type FakeBookmark = { name: string; text: string; tag?: string; listString?: string };

export function getBookmarks(
  word: FakeWord,
  target: string,
  includeHidden?: boolean,
  includeAdjacent?: boolean,
) {
  const result = { loaded: false, names: [] as string[] };
  word.record(target, "getBookmarks", [includeHidden, includeAdjacent], () => {
    const names = word.bookmarks.map((b) => b.name);
    result.names = includeHidden ? names : names.filter((n) => !n.startsWith("_"));
    result.loaded = true;
  });
  return {
    get value() {
      if (!result.loaded) throw new Error("PropertyNotLoaded: ClientResult.value");
      return result.names;
    },
  };
}

export function getBookmarkRangeOrNullObject(word: FakeWord, name: string) {
  const found = { loaded: false, bookmark: undefined as FakeBookmark | undefined };
  word.record("document", "getBookmarkRangeOrNullObject", [name], () => {
    found.bookmark = word.bookmarks.find((b) => b.name.toLowerCase() === name.toLowerCase());
    found.loaded = true;
  });
  const read = <T>(get: (b: FakeBookmark | undefined) => T): T => {
    if (!found.loaded) throw new Error("PropertyNotLoaded: range");
    return get(found.bookmark);
  };
  const load = (what: string) => word.record(`bookmark(${name})`, "load", [what]);
  return {
    load,
    get isNullObject() {
      return read((b) => b === undefined);
    },
    get text() {
      return read((b) => b?.text ?? "");
    },
    parentContentControlOrNullObject: {
      load,
      get isNullObject() {
        return read((b) => b?.tag === undefined);
      },
      get tag() {
        return read((b) => b?.tag ?? "");
      },
    },
    paragraphs: {
      getFirst: () => ({
        listItemOrNullObject: {
          load,
          get isNullObject() {
            return read((b) => !b?.listString);
          },
          get listString() {
            return read((b) => b?.listString ?? "");
          },
        },
      }),
    },
  };
}
