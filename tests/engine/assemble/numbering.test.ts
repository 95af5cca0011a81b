import { describe, expect, it } from "@jest/globals";
import { assembly, build, library } from "../support";

const numIds = (xml: string): string[] => [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]!);

describe("numbering across sections", () => {
  const lib = library(
    { id: "a", body: "1. one\n2. two" },
    { id: "b", body: "Intro\n\n1. three\n2. four\n\nThen:\n\n1. again" },
  );

  it("restarts each section's lists by default", async () => {
    const b = await build(lib, assembly([{ snippet: "a" }, { snippet: "b" }]));
    const ids = numIds(b.document);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(3); // a's list, b's first list, b's second list
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("continues the previous section's list when the section says continue (only its first list)", async () => {
    const b = await build(lib, assembly([{ snippet: "a" }, { snippet: "b", numbering: "continue" }]));
    const ids = numIds(b.document);
    expect(ids.slice(0, 4)).toEqual([ids[0], ids[0], ids[0], ids[0]]);
    expect(ids[4]).not.toBe(ids[0]);
  });
});
