import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../../src/engine";
import {
  buildImportReport,
  createSnippet,
  databaseName,
  exportLibrary,
  importChanges,
  MEMORY_NOTICE,
  openLibraryDb,
  openLibraryStore,
  saveSnippet,
  SCHEMA_VERSION,
  seedChanges,
  StoreConflictError,
  StoreWriteError,
  type LibraryStore,
  type RawLibrary,
  withChoices,
} from "../../../src/taskpane/store";

const library: RawLibrary = {
  format: "sectionsmith/library@1",
  name: "Team clauses",
  snippets: [
    { id: "zeta", title: "Zeta", status: "approved", body: "Last by id, first in file." },
    {
      id: "alpha",
      version: 2,
      title: "Alpha",
      tags: ["a"],
      status: "approved",
      variables: [{ name: "who", type: "text", required: true }],
      body: "Hello {{who}}.",
    },
    { id: "alpha", version: 3, title: "Alpha", status: "draft", body: "Hello again." },
  ],
};

async function importInto(store: LibraryStore, input: unknown, source = "file.json") {
  const report = buildImportReport(input, source, store.snapshot(), validateLibrary);
  const { changes, history } = importChanges(report, store.snapshot());
  await store.write(changes, history);
  return report;
}

const noChannel = { channel: null } as const;

describe("library store", () => {
  it("exports exactly what was imported (round trip, whole library and a selection)", async () => {
    const factory = new IDBFactory();
    const store = await openLibraryStore("rt", { indexedDB: factory, ...noChannel });
    expect(store.kind).toBe("indexeddb");
    const report = await importInto(store, JSON.stringify(library));
    expect(report.items.map((i) => i.kind)).toEqual(["new", "new", "new"]);
    expect(exportLibrary(store.snapshot())).toEqual(library);
    // …and after the pane reopens, from IndexedDB itself.
    store.close();
    const again = await openLibraryStore("rt", { indexedDB: factory, ...noChannel });
    expect(exportLibrary(again.snapshot())).toEqual(library);
    expect(exportLibrary(again.snapshot(), new Set(["alpha@3", "zeta@1"])).snippets).toEqual([
      library.snippets[0],
      library.snippets[2],
    ]);
    // Importing the export again changes nothing.
    const second = buildImportReport(exportLibrary(again.snapshot()), "x.json", again.snapshot(), validateLibrary);
    expect(second.items.every((i) => i.kind === "unchanged")).toBe(true);
    expect(importChanges(second, again.snapshot()).changes).toEqual([]);
  });

  it("an import that fails midway leaves nothing changed", async () => {
    const factory = new IDBFactory();
    let failAt = -1;
    const store = await openLibraryStore("atomic", {
      indexedDB: factory,
      ...noChannel,
      faults: {
        beforePut: (_record, index) => {
          if (index === failAt) throw new Error("disk went away");
        },
      },
    });
    await importInto(store, { format: "sectionsmith/library@1", snippets: [library.snippets[0]] });
    const before = store.snapshot();
    failAt = 1; // the second snippet of the next import
    await expect(importInto(store, library)).rejects.toBeInstanceOf(StoreWriteError);
    const after = await store.reload();
    expect(after).toEqual(before);
    expect(after.records.map((r) => r.id)).toEqual(["zeta"]);
    expect((await store.history()).filter((h) => h.action === "import")).toHaveLength(1);
  });

  it("migrates a v1 store forward: what v1 wrote still loads", async () => {
    const factory = new IDBFactory();
    const v1 = await openLibraryDb(factory, databaseName("old"), 1);
    expect([...v1.objectStoreNames].sort()).toEqual(["meta", "snippets"]);
    await v1.put("snippets", { id: "legacy", version: 4, snippet: { id: "legacy", version: 4, title: "Legacy", body: "Old." } });
    await v1.put("meta", 7, "revision");
    await v1.put("meta", true, "seeded");
    v1.close();

    const store = await openLibraryStore("old", { indexedDB: factory, ...noChannel });
    const snap = store.snapshot();
    expect(snap.revision).toBe(7);
    expect(snap.records).toEqual([
      {
        id: "legacy",
        version: 4,
        snippet: { id: "legacy", version: 4, title: "Legacy", body: "Old." },
        seq: 0,
        origin: "imported",
        edited: false,
      },
    ]);
    // v2's history store exists and works; the schema version is recorded.
    await store.write(createSnippet(snap, { id: "fresh", title: "Fresh", body: "New." }).changes, [{ action: "create", id: "fresh" }]);
    expect((await store.history("fresh")).map((h) => h.action)).toEqual(["create"]);
    store.close();
    const raw = await openLibraryDb(factory, databaseName("old"));
    expect(await raw.get("meta", "schemaVersion")).toBe(SCHEMA_VERSION);
    raw.close();
  });

  it("never silently overwrites a snippet the user changed: the report calls it a conflict", async () => {
    const store = await openLibraryStore("conflict", { indexedDB: new IDBFactory(), ...noChannel });
    await importInto(store, library);
    // The user edits the draft alpha@3 in the pane (edited in place: it is a draft).
    const edit = saveSnippet(store.snapshot(), "alpha", 3, { id: "alpha", title: "Alpha", body: "My words." });
    await store.write(edit.changes, edit.history);

    const incoming: RawLibrary = {
      format: "sectionsmith/library@1",
      snippets: [
        { ...library.snippets[0]!, body: "Zeta, revised upstream." }, // same id@version, other text → conflict
        { ...library.snippets[2]!, body: "Their words." }, // edited here → conflict
        { id: "alpha", version: 5, title: "Alpha", status: "approved", body: "Five." }, // higher → updated
        { id: "beta", title: "Beta", body: "B." }, // new
        library.snippets[1]!, // same → unchanged
      ],
    };
    const report = buildImportReport(incoming, "up.json", store.snapshot(), validateLibrary);
    expect(report.items.map((i) => `${i.id}@${i.version}:${i.kind}`)).toEqual([
      "zeta@1:conflicting",
      "alpha@3:conflicting",
      "alpha@5:updated",
      "beta@1:new",
      "alpha@2:unchanged",
    ]);
    expect(report.items[0]!.keptAs).toBe(2);
    expect(report.items[1]!.keptAs).toBe(6);
    const { changes, history } = importChanges(report, store.snapshot());
    await store.write(changes, history);
    const byKey = new Map(store.snapshot().records.map((r) => [`${r.id}@${r.version}`, r.snippet]));
    expect(byKey.get("alpha@3")?.body).toBe("My words."); // kept
    expect(byKey.get("alpha@6")).toMatchObject({ body: "Their words.", status: "draft" }); // theirs beside it
    // An unedited snippet is not overwritten either: both texts stay.
    expect(byKey.get("zeta@1")?.body).toBe("Last by id, first in file.");
    expect(byKey.get("zeta@2")).toMatchObject({ body: "Zeta, revised upstream.", status: "draft" });
    expect(byKey.get("beta@1")?.body).toBe("B.");
  });

  it("applies the user's pick for a conflict and never drops either text", async () => {
    const store = await openLibraryStore("pick", { indexedDB: new IDBFactory(), ...noChannel });
    await importInto(store, library);
    const incoming: RawLibrary = {
      format: "sectionsmith/library@1",
      snippets: [
        { ...library.snippets[0]!, body: "Zeta, their text." },
        { ...library.snippets[1]!, body: "Bonjour {{who}}." },
      ],
    };
    const report = buildImportReport(incoming, "theirs.json", store.snapshot(), validateLibrary);
    expect(report.items.map((i) => i.kind)).toEqual(["conflicting", "conflicting"]);
    // Take the file's zeta (ours moves to a draft version), keep only ours for alpha@2.
    const picked = withChoices(report, { "snippets[0]": "theirs", "snippets[1]": "mine" });
    const { changes, history } = importChanges(picked, store.snapshot());
    await store.write(changes, history);
    const byKey = new Map(store.snapshot().records.map((r) => [`${r.id}@${r.version}`, r.snippet]));
    expect(byKey.get("zeta@1")?.body).toBe("Zeta, their text.");
    expect(byKey.get("zeta@2")).toMatchObject({ body: "Last by id, first in file.", status: "draft" });
    expect(byKey.get("alpha@2")?.body).toBe("Hello {{who}}.");
    expect([...byKey.keys()].filter((k) => k.startsWith("alpha@"))).toHaveLength(2); // nothing added
    expect((await store.history("alpha")).at(-1)?.detail).toMatch(/kept the library's version 2/);
  });

  it("reports every problem of an invalid file with its path and applies nothing", async () => {
    const store = await openLibraryStore("invalid", { indexedDB: new IDBFactory(), ...noChannel });
    const bad = {
      format: "sectionsmith/library@1",
      snippets: [
        { id: "ok", title: "Fine", body: "Fine." },
        { id: "Bad Id", title: "x", body: "y" },
        { id: "no-title", body: "y" },
      ],
    };
    const report = buildImportReport(bad, "bad.json", store.snapshot(), validateLibrary);
    expect(report.canApply).toBe(false);
    expect(report.errors.map((p) => p.path)).toEqual(
      expect.arrayContaining(["snippets[1].id", "snippets[2].title"]),
    );
    expect(report.items.map((i) => i.kind)).toEqual(["new", "invalid", "invalid"]);
    expect(importChanges(report, store.snapshot()).changes).toEqual([]);
    // A structurally valid file with a bad body: the problem is at its line inside the body.
    const links = {
      format: "sectionsmith/library@1",
      snippets: [{ id: "links", title: "Links", body: "line one\n\n[x](javascript:alert(1))" }],
    };
    const linkReport = buildImportReport(links, "links.json", store.snapshot(), validateLibrary);
    expect(linkReport.canApply).toBe(false);
    expect(linkReport.items[0]).toMatchObject({ kind: "invalid" });
    expect(linkReport.items[0]!.problems[0]).toMatchObject({ path: "snippets[0].body", line: 3 });
    const text = buildImportReport("{ nope", "broken.json", store.snapshot(), validateLibrary);
    expect(text.canApply).toBe(false);
    expect(text.errors[0]).toMatchObject({ code: "JSON_SYNTAX", line: 1 });
  });

  it("gives a stale writer a conflict instead of overwriting, and tells the other pane", async () => {
    const factory = new IDBFactory();
    const a = await openLibraryStore("two-panes", { indexedDB: factory });
    const b = await openLibraryStore("two-panes", { indexedDB: factory });
    const heard = new Promise<number>((resolve) =>
      b.subscribe((snap, cause) => cause === "remote" && resolve(snap.revision)),
    );
    const stale = b.snapshot();
    await a.write(createSnippet(a.snapshot(), { id: "from-a", title: "A", body: "A." }).changes, []);
    // b hears about it over the BroadcastChannel and reloads.
    expect(await heard).toBe(1);
    expect(b.snapshot().records.map((r) => r.id)).toEqual(["from-a"]);
    // A writer still holding the old revision is refused (simulated with a second store that never listens).
    const c = await openLibraryStore("two-panes", { indexedDB: factory, channel: null });
    await a.write(createSnippet(a.snapshot(), { id: "from-a2", title: "A2", body: "A2." }).changes, []);
    await expect(
      c.write(createSnippet(c.snapshot(), { id: "from-c", title: "C", body: "C." }).changes, []),
    ).rejects.toBeInstanceOf(StoreConflictError);
    // …and reloads: nothing of c's was written, a's changes are there.
    expect(c.snapshot().records.map((r) => r.id)).toEqual(["from-a", "from-a2"]);
    expect(stale.revision).toBe(0);
    a.close();
    b.close();
    c.close();
  });

  it("falls back to memory with a clear notice when IndexedDB is unavailable", async () => {
    const store = await openLibraryStore("nowhere", { indexedDB: null });
    expect(store.kind).toBe("memory");
    expect(store.notice).toBe(MEMORY_NOTICE);
    const seeded = seedChanges(store.snapshot(), [{ ...library, origin: "starter" }]);
    await store.write(seeded.changes, seeded.history);
    expect(exportLibrary(store.snapshot())).toEqual(library);
    const refusing = { open: () => { throw new DOMException("denied", "SecurityError"); } } as unknown as IDBFactory;
    expect((await openLibraryStore("nowhere", { indexedDB: refusing })).kind).toBe("memory");
  });

  it("seeds only once", async () => {
    const store = await openLibraryStore("seed", { indexedDB: new IDBFactory(), ...noChannel });
    const first = seedChanges(store.snapshot(), [{ ...library, origin: "starter" }]);
    await store.write(first.changes, first.history);
    expect(store.snapshot().seeded).toBe(true);
    expect(store.snapshot().name).toBe("Team clauses");
    expect(seedChanges(store.snapshot(), [{ ...library, origin: "starter" }]).changes).toEqual([]);
  });
});

