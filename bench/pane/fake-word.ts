// A stand-in for office.js inside the page, installed before any script runs (page.addInitScript), so
// the pane starts in Word mode without Word: Office.onReady reports Word, every requirement set is
// supported, and Word.run hands the batch a context where any call chain is accepted (a recording
// Proxy). What matters to the benchmark is *when* the pane first asks Word to insert a file — by then
// every piece has been built — and what it passed (the base64 payloads, checked afterwards).
//
// This function is serialised into the page: it must not close over anything from this module.

export type FakeWordRecord = {
  at: number;
  method: string;
  base64Length?: number;
  base64Head?: string;
  /** A hash of the whole payload: tells two packages apart (every Insert hands Word a fresh one). */
  base64Sum?: number;
};

export function installFakeWord(): void {
  const w = window as unknown as Record<string, unknown> & { __word: FakeWordRecord[] };
  w.__word = [];
  const record = (method: string, args: unknown[]) => {
    // Packages only (insertFileFromBase64): the section values the pane writes after them are XML.
    const b64 = method.endsWith("Base64") && typeof args[0] === "string" ? args[0] : undefined;
    const at = performance.now();
    let sum = 0;
    if (b64) for (let i = 0; i < b64.length; i++) sum = (Math.imul(sum, 31) + b64.charCodeAt(i)) | 0;
    w.__word.push({ at, method, ...(b64 ? { base64Length: b64.length, base64Head: b64.slice(0, 8), base64Sum: sum } : {}) });
  };
  // Values the adapter reads back after context.sync(): a collapsed selection in the main body.
  const loaded: Record<string, unknown> = { isEmpty: true, type: "MainDoc", text: "", items: [] };
  const make = (name: string): unknown =>
    new Proxy(function () {}, {
      get(_target, prop) {
        if (prop === "then" || typeof prop === "symbol") return undefined; // never a thenable
        if (prop === "sync") return async () => undefined;
        if (prop in loaded) return loaded[prop as string];
        return make(String(prop));
      },
      apply(_target, _this, args: unknown[]) {
        record(name, args);
        return make(`${name}()`);
      },
    });
  w.Word = { run: async (batch: (context: unknown) => Promise<unknown>) => batch(make("context")) };
  w.Office = {
    onReady: async () => ({ host: "Word", platform: "PC" }),
    context: { requirements: { isSetSupported: () => true }, platform: "PC" },
    HostType: { Word: "Word" },
    PlatformType: { PC: "PC" },
  };
}
