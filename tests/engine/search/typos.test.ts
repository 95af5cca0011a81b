// Typos the search box forgives (issue 13): two letters swapped ("paymnet"), a typo in any word of a
// multi-word query ("payment trems"), with snippets that have the words as typed always ranked first.
import { describe, expect, it } from "@jest/globals";
import { createSnippetIndex } from "../../../src/engine/search";
import { buildVocabulary } from "../../../src/engine/search/typos";
import type { Snippet } from "../../../src/engine/model/types";
import SearchableMap from "minisearch/SearchableMap";

function snip(over: Partial<Snippet> & { id: string }): Snippet {
  return { version: 1, title: over.id, tags: [], status: "approved", kind: "body", variables: [], body: "", ...over };
}

const library: Snippet[] = [
  snip({ id: "payment-terms", title: "Payment terms", body: "Invoices are payable within 30 days." }),
  snip({ id: "late-payment", title: "Late payment", body: "Interest accrues on any payment made late." }),
  snip({ id: "termination", title: "Termination", body: "Either party may end the agreement with notice." }),
  snip({ id: "items", title: "Schedule of items", body: "The items and their terms are listed below." }),
  // A typo in a title: it must not outrank the word as typed in a body (the title's boost is 3).
  snip({ id: "typo-title", title: "Paymant schedule", body: "Dates and amounts." }),
  snip({ id: "body-only", title: "Invoicing", body: "Each payment is due on the first of the month." }),
];

describe("search forgives typos", () => {
  const index = createSnippetIndex(library);
  const ids = (q: string) => index.search(q).map((h) => h.snippet.id);

  it('finds payment snippets for "paymnet" (two letters swapped)', () => {
    expect(ids("paymnet")).toEqual(expect.arrayContaining(["payment-terms", "late-payment", "body-only"]));
  });

  it('finds "Payment terms" for "payment trems" (a swap in the second word)', () => {
    expect(ids("payment trems")[0]).toBe("payment-terms");
  });

  it("forgives a typo in the first word of several", () => {
    expect(ids("paymnet terms")[0]).toBe("payment-terms");
    expect(ids("ltae payment")).toContain("late-payment");
  });

  it("still requires every word", () => {
    expect(ids("payment trems")).not.toContain("late-payment");
    expect(ids("payment zzzzz")).toEqual([]);
  });

  it("ranks every snippet with the words as typed before those found through a typo", () => {
    const hits = index.search("payment");
    const order = hits.map((h) => h.snippet.id);
    expect(order).toContain("typo-title");
    // Its score (title boost) is higher than the body-only match, but it comes after it.
    const typo = hits.find((h) => h.snippet.id === "typo-title")!;
    const body = hits.find((h) => h.snippet.id === "body-only")!;
    expect(typo.score).toBeGreaterThan(body.score);
    expect(order.at(-1)).toBe("typo-title");
    expect(order.slice(0, 2).sort()).toEqual(["late-payment", "payment-terms"]);
  });

  it("ranks a prefix match before a typo match", () => {
    const small = createSnippetIndex([
      snip({ id: "team", title: "Team", body: "Who does what." }),
      snip({ id: "ending", title: "Ending", body: "On termination, all copies are returned." }),
    ]);
    // "term": a prefix of "termination" (body) and one edit from "team" (title, boosted 3).
    const hits = small.search("term");
    expect(hits.map((h) => h.snippet.id)).toEqual(["ending", "team"]);
    expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score);
  });

  it("keeps short words exact", () => {
    expect(ids("ltae")).toEqual(["late-payment"]);
    expect(ids("mnoth")).toEqual(["body-only"]);
    expect(ids("tmi")).toEqual([]);
  });
});

describe("typo lookup in the term tree (optimal string alignment)", () => {
  const words = ["payment", "payments", "terms", "items", "term", "teams", "confidentiality", "abc", "acb", "bca"];
  const tree = new SearchableMap<number>();
  words.forEach((w, i) => tree.set(w, i));
  const vocabulary = buildVocabulary(tree);
  const near = (term: string, max: number) =>
    Object.fromEntries([...vocabulary.near(term, max).values()].map((n) => [n.term, n.distance]));

  it("counts a swap of neighbouring letters as one edit", () => {
    expect(near("paymnet", 1)).toEqual({ payment: 1 });
    expect(near("trems", 1)).toEqual({ terms: 1 });
    expect(near("bac", 1)).toEqual({ abc: 1, bca: 1 });
    expect(near("cnofidentiailty", 2)).toEqual({ confidentiality: 2 }); // two separate swaps
    expect(near("cnofidentialty", 2)).toEqual({ confidentiality: 2 }); // a swap and a missing letter
  });

  it("counts insertions, deletions and substitutions, and stays within the budget", () => {
    expect(near("paymen", 1)).toEqual({ payment: 1 });
    expect(near("paymen", 2)).toEqual({ payment: 1, payments: 2 });
    expect(near("terns", 1)).toEqual({ terms: 1 });
    expect(near("terns", 2)).toEqual({ terms: 1, term: 2, teams: 2 }); // "items" is three edits away
    expect(near("confidentialty", 2)).toEqual({ confidentiality: 1 });
    expect(near("cnfdntialty", 2)).toEqual({});
  });

  it("does not list the term itself, and nothing for a budget of zero", () => {
    expect(near("terms", 1)).not.toHaveProperty("terms");
    expect(near("trems", 0)).toEqual({});
  });
});
