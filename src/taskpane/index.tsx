// Entry point of the task pane bundle: find out where we run (Word or standalone), then mount the UI.
// The static "Loading Sectionsmith…" text in taskpane.html shows until then.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createHost } from "../office/detect-host";
import { officeBodyBackground } from "../office/office-host";
import { App } from "./App";
import { paneThemeFromBackground } from "./theme/use-office-theme";

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
