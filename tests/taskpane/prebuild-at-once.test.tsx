/**
 * @jest-environment jsdom
 */
import "./setup";
import { readFileSync } from "node:fs";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import * as realEngine from "../../src/engine";
import type { Engine } from "../../src/taskpane/engine";
import { useDocumentActions } from "../../src/taskpane/hooks/use-document-actions";
import { DEFAULT_SETTINGS, type DocumentState } from "../../src/taskpane/model/document";
import { fakeHost } from "./fake-host";

// Issue 15, "Insert clicked the moment it is enabled": the outline's package is built ahead, and the first
// round starts at once when the outline, the engine and the libraries are all there (Insert is enabled
// then), not after the typing debounce. A click at that moment waits for the build under way instead of
// starting one of its own. Timers are Jest's fake ones: nothing here depends on how fast the machine is.

const starter: unknown = JSON.parse(readFileSync("assets/starter-library.json", "utf8"));
const catalogue = realEngine.loadLibraries([starter], ["starter-library.json"]);

function countingEngine(): { engine: Engine; builds: () => number; outputs: unknown[] } {
  let n = 0;
  const outputs: unknown[] = [];
  const engine = {
    ...realEngine,
    exportDocument: ((...args: Parameters<Engine["exportDocument"]>) => {
      const k = n++;
      return realEngine.exportDocument(...args).then((r) => {
        outputs[k] = r.output;
        return r;
      });
    }) as Engine["exportDocument"],
  } as Engine;
  return { engine, builds: () => n, outputs };
}

const outline = (pageBreakBefore = false): DocumentState => ({
  settings: DEFAULT_SETTINGS,
  sections: [
    {
      key: "k1",
      snippet: "letter-salutation",
      title: "Salutation",
      values: {},
      headingOffset: 0,
      pageBreakBefore,
      numbering: "restart",
    },
  ],
});

describe("Insert's package is built ahead from the moment Insert is enabled", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("starts the first build at once, and an Insert clicked then reuses it", async () => {
    const { engine, builds, outputs } = countingEngine();
    const host = fakeHost();
    const doc = outline();
    const { result } = renderHook(() => useDocumentActions({ host, engine, catalogue, doc, lookup: () => undefined }));
    expect(builds()).toBe(0);
    act(() => {
      jest.advanceTimersByTime(0);
    });
    // Under way before the typing debounce (300 ms) would have let it start.
    expect(builds()).toBe(1);
    await act(async () => {
      const inserting = result.current.insert("cursor");
      await jest.runAllTimersAsync();
      await inserting;
    });
    // The click waited for the build under way and Word got that package; the two other builds are the
    // next Inserts' fresh packages (issue 27), started one after the other once this one was taken.
    expect(host.calls[0]?.pieces[0]?.base64 === outputs[0]).toBe(true);
    expect(builds()).toBe(3);
  });

  it("after the first round, a change to the outline still waits for typing to settle", async () => {
    const { engine, builds } = countingEngine();
    const host = fakeHost();
    let doc = outline();
    const { rerender } = renderHook(() => useDocumentActions({ host, engine, catalogue, doc, lookup: () => undefined }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    // The outline's package, and once it is done the one for an Insert right after (issue 27).
    expect(builds()).toBe(2);
    doc = outline(true); // another assembly: another package
    rerender();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(builds()).toBe(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300);
    });
    expect(builds()).toBeGreaterThan(2);
  });
});
