// loadLibraries keeps what it parsed per library object (the task pane hands the same objects to every
// build): the same object is not checked again, a new object always is, and each call still reports
// its problems with the source names it was given.
import { describe, expect, it } from "@jest/globals";
import { loadLibraries } from "../../../src/engine/build/libraries";

const library = (body: string) => ({
  format: "sectionsmith/library@1",
  snippets: [{ id: "a", version: 1, title: "A", status: "approved", body, surprise: true }],
});

describe("loadLibraries keeps parsed libraries per object", () => {
  it("reuses the parse of the same object, and parses a new object afresh", () => {
    const lib = library("one");
    const first = loadLibraries([lib]);
    const again = loadLibraries([lib]);
    expect(again.snippets[0]).toBe(first.snippets[0]);
    expect(again.problems).toEqual(first.problems);
    const copy = loadLibraries([structuredClone(lib)]);
    expect(copy.snippets[0]).not.toBe(first.snippets[0]);
    expect(copy.snippets[0]).toEqual(first.snippets[0]);
    const changed = loadLibraries([library("two")]);
    expect(changed.snippets[0]!.body).toBe("two");
  });

  it("still names the source given with each call", () => {
    const lib = library("one");
    const a = loadLibraries([lib], ["a.json"]);
    const b = loadLibraries([lib], ["b.json"]);
    expect(a.problems.length).toBeGreaterThan(0); // the unknown key "surprise"
    expect(a.problems.every((p) => p.source === "a.json")).toBe(true);
    expect(b.problems.every((p) => p.source === "b.json")).toBe(true);
    expect(b.home.get(b.snippets[0]!)?.source).toBe("b.json");
  });

  it("keeps the later library's snippet when two hold the same id and version, on every call", () => {
    const first = library("first");
    const second = library("second");
    for (let i = 0; i < 2; i++) {
      const loaded = loadLibraries([first, second], ["1.json", "2.json"]);
      expect(loaded.snippets.map((s) => s.body)).toEqual(["second"]);
      expect(loaded.problems.map((p) => p.code)).toContain("SNIPPET_SHADOWED");
    }
  });

  it("parses JSON text every time (text is not kept)", () => {
    const text = JSON.stringify(library("text"));
    expect(loadLibraries([text]).snippets[0]!.body).toBe("text");
    expect(loadLibraries([text]).snippets[0]!.body).toBe("text");
  });
});
