/**
 * @jest-environment jsdom
 */
import "./setup";
import JSZip from "jszip";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import * as realEngine from "../../src/engine";
import type { Engine } from "../../src/taskpane/engine";
import { useDocumentActions } from "../../src/taskpane/hooks/use-document-actions";
import { DEFAULT_SETTINGS, type DocumentState } from "../../src/taskpane/model/document";
import { outlineSection, starterCatalogue, titlePage } from "../support/outline";
import { decodePiece, fakeHost } from "./fake-host";

// Issue 27: every Insert hands Word a package of its own. The engine draws a nonce per build, and the
// package's bookmark names (a table of contents' _Toc… marks) and content-control ids come from it; two
// Inserts of the same bytes left the document with repeated names and ids (Word keeps only the last
// control of a repeated id). The outline's package is still built ahead: the one an Insert takes is
// replaced by a fresh build at once, so an Insert right after the first finds its payload ready.
// Timers are Jest's fake ones: nothing here depends on how fast the machine is.

const catalogue = starterCatalogue();

/** The real engine, counting its builds and keeping the output of each one that has finished. */
function countingEngine(): { engine: Engine; builds: () => number; done: Set<unknown> } {
  let n = 0;
  const done = new Set<unknown>();
  const engine = {
    ...realEngine,
    exportDocument: ((...args: Parameters<Engine["exportDocument"]>) => {
      n++;
      return realEngine.exportDocument(...args).then((r) => {
        done.add(r.output);
        return r;
      });
    }) as Engine["exportDocument"],
  } as Engine;
  return { engine, builds: () => n, done };
}


/** A title page with a table of contents and a clause with a heading (its _Toc… bookmark): two content controls. */
const doc: DocumentState = {
  settings: DEFAULT_SETTINGS,
  sections: [
    titlePage("k1"),
    outlineSection("k2", "entire-agreement", {}),
  ],
};

async function idsOf(base64: string): Promise<{ controls: string[]; bookmarks: string[] }> {
  const zip = await JSZip.loadAsync(decodePiece({ base64, title: "" }));
  const xml = await zip.file("word/document.xml")!.async("string");
  const controls = [...xml.matchAll(/<w:sdtPr>[\s\S]*?<w:id w:val="(-?\d+)"/g)].map((m) => m[1]!);
  const bookmarks = [...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]!);
  return { controls, bookmarks };
}

describe("every Insert hands Word a fresh package", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("two Inserts of an unchanged outline: other bytes, no control id or bookmark name twice", async () => {
    const { engine, builds, done } = countingEngine();
    const host = fakeHost();
    // What had been built when Word was handed each package.
    const builtAtInsert: number[] = [];
    const insert = host.insert.bind(host);
    host.insert = async (...args) => {
      builtAtInsert.push(builds());
      return insert(...args);
    };
    const { result } = renderHook(() => useDocumentActions({ host, engine, catalogue, doc, lookup: () => undefined }));
    const readyBeforeClick: Array<Set<unknown>> = [];
    const click = async () => {
      readyBeforeClick.push(new Set(done));
      await act(async () => {
        const inserting = result.current.insert("cursor");
        await jest.runAllTimersAsync();
        await inserting;
      });
      expect(JSON.stringify(result.current.state)).toMatch(/"phase":"done"/);
      act(() => result.current.dismiss());
    };
    await act(async () => {
      await jest.runAllTimersAsync();
    });
    expect(builds()).toBe(2); // built ahead: the next Insert's package and the one after it
    await click();
    await click();

    expect(host.calls).toHaveLength(2);
    const [first, second] = host.calls.map((c) => c.pieces[0]!.base64) as [string, string];
    expect(second === first).toBe(false); // not the same bytes (printed in full otherwise)
    const a = await idsOf(first);
    const b = await idsOf(second);
    expect(a.controls).toHaveLength(2);
    expect(a.bookmarks.length).toBeGreaterThan(0);
    expect(b.controls.filter((id) => a.controls.includes(id))).toEqual([]);
    expect(b.bookmarks.filter((name) => a.bookmarks.includes(name))).toEqual([]);
    // Each package had been built before its click: an Insert right after another does not wait for one.
    expect([readyBeforeClick[0]!.has(first), readyBeforeClick[1]!.has(second)]).toEqual([true, true]);
    // No build starts at a click (a build is a long task that would hold up the next click): the package
    // taken is replaced a moment later, so the spare is there again for the next Insert.
    expect(builtAtInsert).toEqual([2, 3]);
  });
  it("an Insert right after another: Word gets its package before any build runs, and a third still gets a fresh one", async () => {
    const { engine, builds, done } = countingEngine();
    const host = fakeHost();
    // Builds started by the time Word was handed each package, and before each click.
    const builtAtInsert: number[] = [];
    const builtBeforeClick: number[] = [];
    const insert = host.insert.bind(host);
    host.insert = async (...args) => {
      builtAtInsert.push(builds());
      return insert(...args);
    };
    const { result } = renderHook(() => useDocumentActions({ host, engine, catalogue, doc, lookup: () => undefined }));
    await act(async () => {
      await jest.runAllTimersAsync();
    });
    expect(builds()).toBe(2);
    // Two clicks in quick succession (no timer runs between them: well before the spare's quiet moment).
    const quickClick = async () => {
      builtBeforeClick.push(builds());
      await act(async () => {
        await result.current.insert("cursor");
      });
      expect(JSON.stringify(result.current.state)).toMatch(/"phase":"done"/);
      act(() => result.current.dismiss());
    };
    await quickClick();
    await quickClick();
    // The second Insert took the spare: no build was started between its click and the hand-over (a build
    // is a long task on the pane's thread: started at the take, it held up Word's file by its length).
    expect(builtAtInsert).toEqual(builtBeforeClick);
    // Once Word has it, the taken package is replaced: a third Insert gets one of its own, built ahead.
    await act(async () => {
      await jest.runAllTimersAsync();
    });
    expect(builds()).toBeGreaterThan(2);
    const ready = new Set(done);
    await quickClick();
    const packages = host.calls.map((c) => c.pieces[0]!.base64);
    expect(packages).toHaveLength(3);
    expect(new Set(packages).size).toBe(3);
    expect(ready.has(packages[2])).toBe(true);
    expect(builtAtInsert[2]).toBe(builtBeforeClick[2]);
  });
});
