// What the pane does with GET /me, on connecting and on later rounds: which library it works in, and
// when the copy on this computer starts again.
import { describe, expect, it } from "@jest/globals";
import { chosenLibrary, freshCopy } from "../../../src/taskpane/team/membership";
import type { TeamCache } from "../../../src/taskpane/team/types";

const made = { createdAt: "2026-01-01T00:00:00Z", createdBy: "ana@x.test" };
const legal = { id: "legal", name: "Legal", revision: 3, changeSeq: 12, ...made };
const sales = { id: "sales", name: "Sales", revision: 1, changeSeq: 4, ...made };

describe("the library a pane works in", () => {
  it("keeps the chosen one while the user is in it, else takes the only one, else waits for a choice", () => {
    expect(chosenLibrary([legal, sales], "sales")).toBe("sales");
    expect(chosenLibrary([legal], "sales")).toBe("legal");
    expect(chosenLibrary([legal], undefined)).toBe("legal");
    expect(chosenLibrary([legal, sales], undefined)).toBeUndefined();
    expect(chosenLibrary([legal, sales], "gone")).toBeUndefined();
    expect(chosenLibrary([], "legal")).toBeUndefined();
  });
});

describe("the copy on this computer", () => {
  const me = { user: "ana@x.test", libraries: [legal] };
  const mine: TeamCache = {
    url: "http://localhost:3100",
    user: "ana@x.test",
    library: legal,
    snippets: [],
    syncedAt: "2026-01-01T00:00:00Z",
  };

  it("is kept for the same user on the same server", () => {
    expect(freshCopy(mine, mine.url, me, "legal")).toBeUndefined();
  });

  it("starts again, empty and to be read in full, for another user, another server or none yet", () => {
    for (const [cached, url, user] of [
      [mine, mine.url, "bob@x.test"],
      [mine, "https://sectionsmith.contoso.com", "ana@x.test"],
      [undefined, mine.url, "ana@x.test"],
    ] as const) {
      const fresh = freshCopy(cached, url, { ...me, user }, "legal");
      expect(fresh).toEqual({ url, user, library: { ...legal, changeSeq: -1 }, snippets: [], syncedAt: "" });
    }
    expect(freshCopy(undefined, mine.url, { user: "ana@x.test", libraries: [] }, undefined)?.library).toEqual(
      {
        id: "",
        name: "",
        revision: 0,
        changeSeq: -1,
      },
    );
  });
});
