import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "@jest/globals";
import { reportingStore } from "../../../src/taskpane/hooks/use-store";
import { memoryStore, type KeyValueStore } from "../../../src/taskpane/model/storage";
import { databaseName, openLibraryStore, MEMORY_NOTICE } from "../../../src/taskpane/store";
import {
  followStorageFaults,
  reportStorageFault,
  stateSaveFaultMessage,
} from "../../../src/taskpane/store/storage-faults";

afterEach(() => {
  reportStorageFault(undefined);
  jest.useRealTimers();
});

const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

/** A store whose saves fail while `full` is set. */
function fillable(): { store: KeyValueStore; full: { on: boolean } } {
  const inner = memoryStore();
  const full = { on: false };
  return {
    full,
    store: {
      kind: "indexeddb",
      get: (key) => inner.get(key),
      set: async (key, value) => {
        if (full.on) throw quota();
        return inner.set(key, value);
      },
    },
  };
}

describe("reportingStore", () => {
  it("reports a failed save with what to do, keeps the unsaved value readable, and clears once saves work", async () => {
    const { store, full } = fillable();
    const reports: Array<string | undefined> = [];
    const wrapped = reportingStore(store, (m) => reports.push(m));
    await wrapped.set("document", { sections: ["a"] });
    expect(reports).toEqual([undefined]);

    full.on = true;
    await expect(wrapped.set("document", { sections: ["a", "b"] })).rejects.toThrow(/quota/);
    expect(reports.at(-1)).toMatch(/could not be saved: the browser’s storage for this add-in is full/);
    expect(reports.at(-1)).toMatch(/download the \.docx/);
    // The pane reading its state back (a remount) gets what is on screen, not the older saved copy.
    expect(await wrapped.get("document")).toEqual({ sections: ["a", "b"] });
    expect(await store.get("document")).toEqual({ sections: ["a"] });

    full.on = false;
    await wrapped.set("document", { sections: ["a", "b", "c"] });
    expect(reports.at(-1)).toBeUndefined();
    expect(await store.get("document")).toEqual({ sections: ["a", "b", "c"] });
  });

  it("names other refusals too", () => {
    expect(stateSaveFaultMessage(new Error("disk on fire"))).toMatch(/the browser refused \(disk on fire\)/);
  });
});

describe("storage fault channel", () => {
  it("gives a new follower the current message at once, then changes, until unsubscribed", () => {
    reportStorageFault("full");
    const seen: Array<string | undefined> = [];
    const stop = followStorageFaults((m) => seen.push(m));
    reportStorageFault("full"); // unchanged: not repeated
    reportStorageFault(undefined);
    stop();
    reportStorageFault("again");
    expect(seen).toEqual(["full", undefined]);
  });
});

describe("openLibraryStore when IndexedDB never answers", () => {
  it("gives up after the timeout and keeps the library in memory, with the notice", async () => {
    // A connection at an older version that ignores versionchange blocks the pane's upgrade forever.
    const holder = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName("hang"), 1);
      request.onupgradeneeded = () => {
        // Schema v1, as an older pane left it: the pane's open must then upgrade (and so wait for it).
        request.result.createObjectStore("snippets", { keyPath: ["id", "version"] });
        request.result.createObjectStore("meta");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = await openLibraryStore("hang", { openTimeoutMs: 50, channel: null });
    expect(store.kind).toBe("memory");
    expect(store.notice).toBe(MEMORY_NOTICE);
    const snap = await store.write([{ type: "meta", key: "seeded", value: true }], []);
    expect(snap.seeded).toBe(true);
    // Once unblocked, the late connection is closed again: a later open is not blocked by it.
    holder.close();
    await new Promise((r) => setTimeout(r, 200)); // the blocked open completes, and is closed at once
    const late = await openLibraryStore("hang", { openTimeoutMs: 2_000, channel: null });
    expect(late.kind).toBe("indexeddb");
    late.close();
  });

  it("still uses IndexedDB when it answers in time", async () => {
    const store = await openLibraryStore("quick", { openTimeoutMs: 5_000, channel: null });
    expect(store.kind).toBe("indexeddb");
    expect(store.notice).toBeUndefined();
    store.close();
  });
});
