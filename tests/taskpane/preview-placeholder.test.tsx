/**
 * @jest-environment jsdom
 */
import "./setup";
import JSZip from "jszip";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import * as realEngine from "../../src/engine";
import type { Engine } from "../../src/taskpane/engine";
import { CHECK_DELAY_MS, useSnippetCheck } from "../../src/taskpane/hooks/use-snippet-check";
import { useDraftPreview } from "../../src/taskpane/hooks/use-draft-preview";
import { PREVIEW_DELAY_MS } from "../../src/taskpane/hooks/use-preview";
import { buildAssembly } from "../../src/taskpane/model/assembly";
import { DEFAULT_SETTINGS } from "../../src/taskpane/model/document";
import type { RawSnippet } from "../../src/taskpane/store";

// An empty optional value the text shows previews as "[Label]", so the author sees where the value goes
// ("The courts of  decide." showed nothing); the document a user inserts or downloads keeps the empty
// value empty, as before.

const engine = realEngine as Engine;
const today = new Date("2026-03-01T00:00:00Z");
// Stable across renders, as the editor's memoised list is: a new array each render rebuilds forever.
const none: RawSnippet[] = [];
const draft: RawSnippet = {
  id: "governing-law",
  title: "Governing law",
  status: "draft",
  body: "The courts of {{courtCity}} decide.",
  variables: [{ name: "courtCity", label: "Court city", type: "text" }],
};

async function bodyText(blob: Blob | Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(blob);
  const xml = await zip.file("word/document.xml")!.async("string");
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("");
}

describe("an empty optional value in the draft preview", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("shows the variable's label in brackets in the preview", async () => {
    const { result } = renderHook(() => {
      const check = useSnippetCheck(engine, draft, none);
      return useDraftPreview({
        engine,
        check,
        draft,
        others: none,
        settings: DEFAULT_SETTINGS,
        today,
        name: "draft",
      });
    });
    await act(async () => void jest.advanceTimersByTime(CHECK_DELAY_MS + 10));
    await act(async () => void jest.advanceTimersByTime(PREVIEW_DELAY_MS + 10));
    jest.useRealTimers();
    for (let i = 0; i < 100 && result.current?.status !== "ready"; i++)
      await act(() => new Promise((r) => setTimeout(r, 20)));
    const state = result.current;
    if (state?.status !== "ready") throw new Error(`preview not ready: ${JSON.stringify(state)}`);
    expect(await bodyText(state.blob)).toContain("The courts of [Court city] decide.");
  });

  it("stays empty in the document that is inserted or downloaded", async () => {
    const catalogue = engine.loadLibraries(
      [{ format: "sectionsmith/library@1", snippets: [draft] }],
      ["lib"],
    );
    const assembly = buildAssembly(
      [
        {
          key: "k1",
          snippet: "governing-law",
          title: "Governing law",
          values: {},
          headingOffset: 0,
          pageBreakBefore: false,
          numbering: "restart",
        },
      ],
      DEFAULT_SETTINGS,
    );
    const built = await engine.exportDocument(catalogue, assembly, { as: "buffer" });
    const text = await bodyText(built.output);
    expect(text).toContain("The courts of  decide.");
    expect(text).not.toContain("[Court city]");
  });
});
