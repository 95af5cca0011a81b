// How the pane decides it runs without Word, and what it then tells the user (issue 6: office.js failing).
import { afterEach, describe, expect, it } from "@jest/globals";
import { detectHost, settleWithin } from "../../../src/office/detect-host";
import {
  STANDALONE_TEXT,
  standaloneDetail,
} from "../../../src/taskpane/components/StandaloneBanner/StandaloneBanner";

const g = globalThis as Record<string, unknown>;

afterEach(() => {
  delete g.Office;
  delete g.Word;
  jest.useRealTimers();
});

describe("settleWithin", () => {
  it("reports the value, a rejection, a synchronous throw, or a timeout — and never rejects", async () => {
    expect(await settleWithin(async () => 7, 1000)).toEqual({ kind: "value", value: 7 });
    expect(await settleWithin(() => 8, 1000)).toEqual({ kind: "value", value: 8 });
    const boom = new Error("boom");
    expect(await settleWithin(() => Promise.reject(boom), 1000)).toEqual({ kind: "error", error: boom });
    expect(
      await settleWithin(() => {
        throw boom;
      }, 1000),
    ).toEqual({ kind: "error", error: boom });

    jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] });
    const pending = settleWithin(() => new Promise(() => {}), 2500);
    await jest.advanceTimersByTimeAsync(2499);
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: "timeout" });
  });

  it("leaves no timer behind once settled", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] });
    await settleWithin(async () => 1, 60_000);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe("detectHost: why the pane is standalone", () => {
  const reasonWith = async (office: unknown, timeoutMs = 1000) => {
    if (office !== undefined) g.Office = office;
    const detected = await detectHost({ timeoutMs });
    expect(detected.host.capabilities().mode).toBe("standalone");
    return detected.standalone;
  };

  it("office-missing: office.js absent, or Office defined without onReady (a script that broke halfway)", async () => {
    expect(await reasonWith(undefined)).toBe("office-missing");
    expect(await reasonWith({})).toBe("office-missing");
  });

  it("not-in-office: onReady answers without Word (a plain browser tab, another Office app)", async () => {
    expect(await reasonWith({ onReady: async () => ({ host: null, platform: null }) })).toBe("not-in-office");
    expect(await reasonWith({ onReady: async () => ({ host: "Excel", platform: "PC" }) })).toBe("not-in-office");
  });

  it("office-failed: onReady rejects or throws", async () => {
    expect(await reasonWith({ onReady: () => Promise.reject(new Error("no")) })).toBe("office-failed");
    expect(
      await reasonWith({
        onReady() {
          throw new Error("broken");
        },
      }),
    ).toBe("office-failed");
  });

  it("office-timeout: onReady never answers", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] });
    g.Office = { onReady: () => new Promise(() => {}) };
    const pending = detectHost({ timeoutMs: 4000 });
    await jest.advanceTimersByTimeAsync(4000);
    const detected = await pending;
    expect(detected.standalone).toBe("office-timeout");
    expect(detected.host.capabilities().mode).toBe("standalone");
  });

  it("no reason when Word answers", async () => {
    g.Office = { onReady: async () => ({ host: "Word", platform: "PC" }), context: {} };
    g.Word = { run: async () => undefined };
    const detected = await detectHost();
    expect(detected.standalone).toBeUndefined();
    expect(detected.host.capabilities().mode).toBe("word");
  });
});

describe("standaloneDetail: what happened and what to do", () => {
  it("says Word could not be reached and what to try, for each failure; nothing more for a plain tab", () => {
    expect(standaloneDetail(undefined)).toBeUndefined();
    expect(standaloneDetail("not-in-office")).toBeUndefined();
    const missing = standaloneDetail("office-missing")!;
    expect(missing).toMatch(/^Word could not be reached: .*office\.js\) did not load\./);
    expect(missing).toMatch(/check the internet connection/);
    expect(standaloneDetail("office-timeout")).toMatch(/did not answer in time\. Close the pane and open it again/);
    expect(standaloneDetail("office-failed")).toMatch(/failed while starting\. Close the pane and open it again/);
    // The banner's first line stays the same whatever the reason (other tests and users rely on it).
    expect(STANDALONE_TEXT).toMatch(/^Not running inside Word/);
  });
});
