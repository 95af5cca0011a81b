// Shared setup for the task pane component tests (jsdom). Imported first by each test file, since
// jest.config.js has no setupFiles for this folder (it keeps the node suites free of jsdom).

import "fake-indexeddb/auto";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "@jest/globals";

// The pane loads the engine and builds real .docx files: on a busy 2-core machine that can take
// seconds, so waits are generous (a wait that times out still fails the test).
configure({ asyncUtilTimeout: 30_000 });
jest.setTimeout(120_000);

// Fluent's positioning and the pane's theme hook use these; jsdom has neither.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// React 19 act() environment flag, so state updates in tests are flushed and not warned about.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
