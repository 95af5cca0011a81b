import { afterEach, describe, expect, it } from "@jest/globals";
import { detectHost } from "../../src/office/detect-host";
import { createStandaloneHost, STANDALONE_WHY } from "../../src/office/standalone-host";
import { INSERT_LOCATIONS, isHostError } from "../../src/office/word-host";
import { b64, FakeWord } from "./fake-word";

// What the pane's shell does: detect the host and take it (createHost, which only did this, is gone).
const createHost = async (options: { timeoutMs?: number } = {}) => (await detectHost(options)).host;

const g = globalThis as Record<string, unknown>;

function installOffice(onReady: () => Promise<unknown>, context: Record<string, unknown> = {}) {
  g.Office = { onReady, context };
}

afterEach(() => {
  delete g.Office;
  delete g.Word;
  jest.useRealTimers();
});

describe("standalone host", () => {
  it("can insert nowhere, says why, and refuses Word-only calls with not-supported", async () => {
    const host = createStandaloneHost();
    const caps = host.capabilities();
    expect(caps.mode).toBe("standalone");
    expect(Object.keys(caps.can).sort()).toEqual([...INSERT_LOCATIONS].sort());
    for (const verdict of Object.values(caps.can))
      expect(verdict).toEqual({ ok: false, why: STANDALONE_WHY });
    for (const call of [
      () => host.insert([{ base64: b64("x") }], "end"),
      () => host.getSelectionHtml(),
      () => host.replaceTaggedContent("sectionsmith:x", { base64: b64("x") }),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHostError(error) && error.code).toBe("not-supported");
      expect(isHostError(error) && error.action).toBe(STANDALONE_WHY);
    }
    expect(await host.listTaggedContent()).toEqual([]);
    expect(host.storageKey()).toBe("default");
  });
});

describe("createHost", () => {
  it("starts standalone when office.js is not loaded at all", async () => {
    expect((await createHost()).capabilities().mode).toBe("standalone");
  });

  it("starts standalone when Office.onReady reports no host (a plain browser tab)", async () => {
    installOffice(async () => ({ host: null, platform: null }));
    expect((await createHost()).capabilities().mode).toBe("standalone");
  });

  it("starts standalone when Office.onReady never answers", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] });
    installOffice(() => new Promise(() => {}));
    const pending = createHost({ timeoutMs: 3000 });
    await jest.advanceTimersByTimeAsync(3000);
    expect((await pending).capabilities().mode).toBe("standalone");
  });

  it("starts standalone when Office.onReady rejects", async () => {
    installOffice(() => Promise.reject(new Error("boom")));
    expect((await createHost()).capabilities().mode).toBe("standalone");
  });

  it("binds to Word when onReady reports Word: requirement sets, platform, partition key, Word.run", async () => {
    const asked: string[] = [];
    installOffice(async () => ({ host: "Word", platform: "Mac" }), {
      platform: "Mac",
      partitionKey: "p-1",
      requirements: {
        isSetSupported: (name: string, version: string) => {
          asked.push(`${name} ${version}`);
          return name === "WordApi" && ["1.1", "1.2"].includes(version);
        },
      },
    });
    const word = new FakeWord();
    g.Word = { run: (batch: (c: unknown) => Promise<unknown>) => batch(word.context) };
    const host = await createHost();
    const caps = host.capabilities();
    expect(caps.mode).toBe("word");
    expect(caps.platform).toBe("Mac");
    expect(caps.can.cursor.ok).toBe(true);
    expect(caps.can["new-document"].ok).toBe(false);
    expect(asked).toContain("WordApi 1.3");
    expect(host.storageKey()).toBe("p-1");
    await host.insert([{ base64: b64("via Word.run"), tag: "sectionsmith:t" }], "end");
    expect(word.texts().at(-1)).toBe("[sectionsmith:t|: via Word.run]");
  });

  it("treats a throwing isSetSupported as unsupported instead of failing to start", async () => {
    installOffice(async () => ({ host: "Word", platform: "PC" }), {
      requirements: {
        isSetSupported: () => {
          throw new Error("not ready");
        },
      },
    });
    const caps = (await createHost()).capabilities();
    expect(caps.mode).toBe("word");
    expect(Object.values(caps.can).some((c) => c.ok)).toBe(false);
  });
});
