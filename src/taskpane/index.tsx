// Entry point of the task pane bundle: find out where we run (Word or standalone), then mount the UI.
// The static "Loading Sectionsmith…" text in taskpane.html shows until then.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { createHost } from "../office/detect-host";
import { officeBodyBackground } from "../office/office-host";
import { App } from "./App";
import { paneThemeFromBackground } from "./theme/use-office-theme";

// zod 4 probes `new Function("")` to decide whether to JIT its parsers; under the pane's CSP (no
// 'unsafe-eval') the probe is caught but still reported as a CSP violation. jitless skips the probe. This
// is the same module instance the engine's zod uses (zod/v4/core/core.js), loaded here cheaply.
zodConfig({ jitless: true });

async function start(): Promise<void> {
  const container = document.getElementById("container");
  if (!container) throw new Error("taskpane.html has no #container element");
  const host = await createHost();
  const background = host.capabilities().mode === "word" ? officeBodyBackground() : undefined;
  createRoot(container).render(
    <StrictMode>
      <App host={host} theme={background ? paneThemeFromBackground(background) : undefined} />
    </StrictMode>,
  );
}

void start();
