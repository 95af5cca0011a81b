import { describe, expect, it } from "@jest/globals";
import { countLibrary, countSnippets, countsText, shownText } from "../../src/taskpane/model/library-counts";

describe("library counts", () => {
  it("counts listed snippets, stored versions and versions left out for errors", () => {
    expect(countLibrary(8, 7, 6)).toEqual({ snippets: 6, versions: 8, withErrors: 1 });
  });

  it("names versions only where they differ from snippets, and errors only when there are some", () => {
    expect(countsText(countLibrary(5, 5, 5))).toBe("5 snippets");
    expect(countsText(countLibrary(1, 1, 1))).toBe("1 snippet");
    expect(countsText(countLibrary(7, 7, 6))).toBe("6 snippets · 7 versions");
    expect(countsText(countLibrary(2, 1, 1))).toBe("1 snippet · 2 versions · 1 version with errors");
    expect(countsText(countLibrary(12000, 12000, 10000))).toBe("10,000 snippets · 12,000 versions");
  });

  it("says how many of the whole library a search shows", () => {
    const c = countLibrary(7, 7, 6);
    expect(shownText(6, c, false)).toBe("6 snippets");
    expect(shownText(2, c, true)).toBe("2 of 6 snippets");
    expect(shownText(0, c, true)).toBe("0 of 6 snippets");
  });

  it("counts one library by its own versions: distinct ids usable, stored versions, those with errors", () => {
    const usable = [{ id: "a" }, { id: "a" }, { id: "b" }];
    expect(countSnippets(4, usable)).toEqual({ snippets: 2, versions: 4, withErrors: 1 });
    expect(countSnippets(1, [{ id: "t" }])).toEqual({ snippets: 1, versions: 1, withErrors: 0 });
  });
});
