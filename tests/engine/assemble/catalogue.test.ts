// loadLibraries parses libraries once into a Catalogue that exportDocument and validateFile take as it
// is: the caller (the task pane, the CLI) keeps the catalogue, not library JSON to be parsed again, and
// the engine keeps no cache of its own. Each load still names its sources, and later libraries overlay earlier ones.
import { describe, expect, it } from "@jest/globals";
import { exportDocument, isCatalogue, loadLibraries, validateFile } from "../../../src/engine";
import JSZip from "jszip";
import { expectValidDocx } from "../../support/ooxml-check";

const bodyOf = async (bytes: Uint8Array): Promise<string> =>
  (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");

const library = (body: string) => ({
  format: "sectionsmith/library@1",
  snippets: [{ id: "a", version: 1, title: "A", status: "approved", body, surprise: true }],
});
const assembly = { format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] };
const TODAY = new Date("2026-11-22T10:00:00Z");

describe("loadLibraries returns a Catalogue the build takes as it is", () => {
  it("is recognised as a catalogue; library JSON is not", () => {
    expect(isCatalogue(loadLibraries([library("one")]))).toBe(true);
    expect(isCatalogue(library("one"))).toBe(false);
    expect(isCatalogue({ snippets: [], problems: [], home: new Map() })).toBe(false);
  });

  it("builds from the catalogue's parsed snippets, not from the library object it was loaded from", async () => {
    const raw = library("Loaded text.");
    const catalogue = loadLibraries([raw], ["lib.json"]);
    // Changing the JSON after loading changes nothing: the catalogue holds parsed values, not JSON to re-read.
    raw.snippets[0]!.body = "Changed afterwards.";
    const built = await exportDocument(catalogue, assembly, { as: "buffer", today: TODAY });
    await expectValidDocx(built.output);
    const text = await bodyOf(built.output);
    expect(text).toContain("Loaded text.");
    expect(text).not.toContain("Changed afterwards.");
    // Library JSON given directly is parsed for that call: there the change shows.
    const changed = await exportDocument(raw, assembly, { as: "buffer", today: TODAY });
    expect(await bodyOf(changed.output)).toContain("Changed afterwards.");
  });

  it("parses library objects afresh on every load (no cache keyed by object)", () => {
    const lib = library("one");
    const first = loadLibraries([lib]);
    lib.snippets[0]!.body = "two";
    const again = loadLibraries([lib]);
    expect(first.snippets[0]!.body).toBe("one");
    expect(again.snippets[0]!.body).toBe("two");
  });

  it("names the sources given with each load, in problems and places", () => {
    const lib = library("one");
    const a = loadLibraries([lib], ["a.json"]);
    const b = loadLibraries([lib], ["b.json"]);
    expect(a.problems.length).toBeGreaterThan(0); // the unknown key "surprise"
    expect(a.problems.every((p) => p.source === "a.json" && p.place?.library === "a.json")).toBe(true);
    expect(b.problems.every((p) => p.source === "b.json" && p.place?.library === "b.json")).toBe(true);
    expect(b.home.get(b.snippets[0]!)?.source).toBe("b.json");
  });

  it("keeps the later library's snippet when two hold the same id and version", () => {
    const loaded = loadLibraries([library("first"), library("second")], ["1.json", "2.json"]);
    expect(loaded.snippets.map((s) => s.body)).toEqual(["second"]);
    const shadowed = loaded.problems.find((p) => p.code === "SNIPPET_SHADOWED");
    expect(shadowed?.place).toEqual({ library: "2.json", snippet: "a", version: 1 });
  });

  it("parses JSON text", () => {
    const text = JSON.stringify(library("text"));
    expect(loadLibraries([text]).snippets[0]!.body).toBe("text");
  });

  it("validateFile checks an assembly against a catalogue as against library JSON", async () => {
    const bad = { format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }, { snippet: "nope" }] };
    const viaCatalogue = await validateFile(bad, { libraries: loadLibraries([library("x")], ["lib.json"]) });
    const viaJson = await validateFile(bad, { libraries: [library("x")], librarySources: ["lib.json"] });
    expect(viaCatalogue.kind).toBe("assembly");
    expect(viaCatalogue.problems.map((p) => p.code)).toContain("SNIPPET_NOT_FOUND");
    expect(viaCatalogue.problems).toEqual(viaJson.problems);
  });
});
