import { describe, expect, it } from "@jest/globals";
import { findDefinitions, findTermLikeUses, findUses } from "../../../src/engine/terms/recognise";

// The recogniser on its own: which words define a term, and which use one (issue 32).

const plain = (text: string) => ({ text, bold: [] as Array<[number, number]> });
const defined = (text: string, bold: Array<[number, number]> = []) =>
  findDefinitions({ text, bold }).map((d) => [d.term, d.form, d.start]);

describe("findDefinitions", () => {
  it.each([
    ["“Fees” means the fees.", "Fees"],
    ['"Fees" shall mean the fees.', "Fees"],
    ["‘Fees’ has the meaning given in clause 4.", "Fees"],
    ['"Affiliate" includes a subsidiary.', "Affiliate"],
    ['"Confidential Information": means secrets.', "Confidential Information"],
    ["“Controller” will have the meaning(s) given in the Laws.", "Controller"],
  ])("%s", (text, term) => {
    expect(defined(text)).toEqual([[term, "means", 1]]);
  });

  it("a term and its alias: “European Economic Area” or “EEA” means …", () => {
    expect(defined("“European Economic Area” or “EEA” means the member states.").map(([t]) => t)).toEqual([
      "European Economic Area",
      "EEA",
    ]);
  });

  it("a bold term followed by means", () => {
    expect(defined("Business Day means a weekday.", [[0, 12]])).toEqual([["Business Day", "means", 0]]);
  });

  it("parentheticals: (the …), (each a … and together the …), (hereinafter referred to as the …)", () => {
    const text =
      'Acme Ltd (hereinafter referred to as the "Supplier") and Beta Ltd (each a “Party” and together the “Parties”).';
    expect(defined(text).map(([term, form]) => [term, form])).toEqual([
      ["Supplier", "parenthetical"],
      ["Party", "parenthetical"],
      ["Parties", "parenthetical"],
    ]);
  });

  it("the same words as a clause of their own, without brackets", () => {
    expect(
      defined("Acme Ltd and Beta Ltd, each a “Party” and together the “Parties”.").map(([t]) => t),
    ).toEqual(["Party", "Parties"]);
    // Without a word that only introduces names, a quoted term after a comma is not a definition.
    expect(defined('Acme pays, and the "Fees" rise.')).toEqual([]);
  });

  it("a remark in brackets, a quoted sentence or a quote not followed by a defining verb defines nothing", () => {
    expect(defined('The price (see "Schedule 2") is fixed.')).toEqual([]);
    expect(defined('He wrote "Payment is late." and left.')).toEqual([]);
    expect(defined('The word "Fees" appears twice.')).toEqual([]);
    expect(defined('"fees" means money.')).toEqual([]);
  });
});

describe("findUses", () => {
  it("the exact capitalised term and its plural, never part of a word or a lower-case word", () => {
    const text = "Each Party and the Parties; party, Partyline, Parties-to-be, Confidential Party.";
    expect(findUses(text, ["Party", "Confidential Party"]).map((u) => text.slice(u.start, u.end))).toEqual([
      "Party",
      "Parties",
      "Confidential Party",
    ]);
  });
});

describe("findTermLikeUses", () => {
  it("after a mid-sentence “the”, in quotes, in bold mid-sentence — not a sentence start or a run-in heading", () => {
    const text = "Payment. The Customer pays the Price under a “Work Order” and the Rate.";
    const rate = text.indexOf("Rate");
    const bold: Array<[number, number]> = [
      [0, 8],
      [rate, rate + 4],
    ];
    expect(findTermLikeUses({ text, bold }, []).map((u) => [u.term, u.by])).toEqual([
      ["Price", "the"],
      ["Work Order", "quotes"],
      ["Rate", "the"],
      ["Rate", "bold"],
    ]);
    expect(findTermLikeUses(plain("The Customer pays."), [])).toEqual([]);
  });
});
