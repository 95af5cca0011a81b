// Entry point of the task pane bundle: find out where we run (Word or standalone), then mount the UI.
// The static "Loading Sectionsmith…" text in taskpane.html shows until then. Whatever office.js does
// (missing, throwing, never answering), the pane starts — standalone, saying why — and an unexpected
// error while rendering shows what to do instead of leaving a blank pane.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { detectHost, officeBodyBackground } from "./host";
import { App } from "./App";
import { CrashMessage, PaneErrorBoundary } from "./crash-boundary";
import { StandaloneReasonContext } from "./components/StandaloneBanner/StandaloneBanner";
import { paneThemeFromBackground } from "./theme/use-office-theme";

// zod 4 probes `new Function("")` to decide whether to JIT its parsers; under the pane's CSP (no
// 'unsafe-eval') the probe is caught but still reported as a CSP violation. jitless skips the probe. This
// is the same module instance the engine's zod uses (zod/v4/core/core.js), loaded here cheaply.
zodConfig({ jitless: true });

/** After this long without an answer from Office, the loading text says what the pane is waiting for. */
const SLOW_OFFICE_MS = 3_000;
export const WAITING_TEXT = "Waiting for Word… Sectionsmith starts without it if Word does not answer soon.";

async function start(): Promise<void> {
  const container = document.getElementById("container");
  if (!container) throw new Error("taskpane.html has no #container element");
  const slow = setTimeout(() => {
    const status = container.querySelector('[role="status"]');
    if (status) status.textContent = WAITING_TEXT;
  }, SLOW_OFFICE_MS);
  const { host, standalone } = await detectHost().finally(() => clearTimeout(slow));
  const background = host.capabilities().mode === "word" ? officeBodyBackground() : undefined;
  createRoot(container).render(
    <StrictMode>
      <PaneErrorBoundary>
        <StandaloneReasonContext.Provider value={standalone}>
          <App host={host} theme={background ? paneThemeFromBackground(background) : undefined} />
        </StandaloneReasonContext.Provider>
      </PaneErrorBoundary>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  const container = document.getElementById("container") ?? document.body;
  createRoot(container).render(
    <CrashMessage detail={error instanceof Error ? error.message : String(error)} />,
  );
});
