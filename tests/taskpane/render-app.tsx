import { render, screen } from "@testing-library/react";
import { App } from "../../src/taskpane/App";
import type { WordHost } from "../../src/taskpane/host";
import { openStore } from "../../src/taskpane/model/storage";
import type { DocumentState } from "../../src/taskpane/model/document";
import { DEFAULT_SETTINGS } from "../../src/taskpane/model/document";
import { loadTestLibrary, TODAY } from "./fixtures";

/** Renders the pane with the test library and waits until it has loaded. */
export async function renderApp(host: WordHost, options: { library?: () => Promise<unknown> } = {}) {
  const view = render(
    <App host={host} loadStarterLibrary={options.library ?? loadTestLibrary} today={TODAY} />,
  );
  await screen.findByRole("searchbox", { name: "Search snippets" });
  return view;
}

/** Puts a document in the pane's store before the pane opens (as if it had been closed with it). */
export async function seedDocument(
  host: WordHost,
  sections: Array<Partial<DocumentState["sections"][number]> & { snippet: string }>,
) {
  const store = await openStore(host.storageKey());
  const state: DocumentState = {
    settings: { ...DEFAULT_SETTINGS, title: "Test agreement" },
    sections: sections.map((s, i) => ({
      key: `k${i}`,
      title: s.snippet,
      values: {},
      headingOffset: 0,
      pageBreakBefore: false,
      numbering: "restart",
      ...s,
    })),
  };
  await store.set("document", state);
  return store;
}

export const storedDocument = async (host: WordHost) =>
  (await openStore(host.storageKey())).get<DocumentState>("document");
