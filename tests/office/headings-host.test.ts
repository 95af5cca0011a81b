// The headings earlier Inserts put in the document (issue 32): WordHost.readHeadings reads
// Sectionsmith's bookmarks through the Word stand-in — hidden ones asked for, Word's own "_Ref<digits>"
// and other bookmarks left out, each with its section's tag and its number as Word shows it — and is
// absent where Word cannot read bookmarks (below WordApi 1.4).

import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { FakeWord } from "./fake-word";
import { ALL, caught } from "./host-helpers";

describe("readHeadings", () => {
  it("reads Sectionsmith's heading bookmarks with their section, words and number", async () => {
    const word = new FakeWord();
    word.bookmarks = [
      { name: "_Ref_fees_k3x", text: "Fees", tag: "sectionsmith:fees@2", listString: "4" },
      { name: "_Ref123456789", text: "A cross-reference Word made", listString: "7" },
      { name: "_Ref_late_fees_k3x", text: "Late payment", tag: "sectionsmith:fees@2", listString: "4.1" },
      { name: "Budget", text: "The user's own bookmark" },
      { name: "_Ref_notes_z9", text: "Notes" },
    ];
    const host = createOfficeHost(word.bindings(ALL));
    expect(await host.readHeadings!()).toEqual([
      { bookmark: "_Ref_fees_k3x", text: "Fees", tag: "sectionsmith:fees@2", number: "4" },
      { bookmark: "_Ref_late_fees_k3x", text: "Late payment", tag: "sectionsmith:fees@2", number: "4.1" },
      { bookmark: "_Ref_notes_z9", text: "Notes" },
    ]);
    // Hidden bookmarks (a leading "_") are only listed when asked for.
    expect(word.calledWith("getBookmarks").map((c) => c.args)).toEqual([[true, false]]);
  });

  it("is absent below WordApi 1.4", () => {
    const host = createOfficeHost(new FakeWord().bindings(["1.1", "1.2", "1.3"]));
    expect(host.readHeadings).toBeUndefined();
  });

  it("turns Word's refusal into a HostError", async () => {
    const word = new FakeWord();
    word.bookmarks = [{ name: "_Ref_fees_k3x", text: "Fees" }];
    word.failWhen((c) => c.method === "getBookmarkRangeOrNullObject", "AccessDenied", "No");
    const host = createOfficeHost(word.bindings(ALL));
    const error = await caught(host.readHeadings!());
    expect(error.message).toMatch(/reading the clauses already in the document/);
  });
});
