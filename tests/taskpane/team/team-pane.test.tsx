/**
 * @jest-environment jsdom
 */
import "../setup";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { fakeHost } from "../fake-host";
import { renderApp } from "../render-app";
import { fakeTeamServer } from "./fake-team-server";

// The pane with a team server (a stand-in answering as the server does: PGlite does not start under
// jsdom; the real server process is in tests/e2e/pane-team.test.ts): connect with a token, make a team
// snippet while the server cannot be reached, close the pane — the change is still queued when it opens
// again (IndexedDB) — and it reaches the server once the server answers. The Library then lists it with
// its team mark, beside the personal library.

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const server = fakeTeamServer("bob@x.test");
let online = true;
const URL_ = "https://team.example";
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(URL_)) return realFetch(input, init);
    if (!online) throw new TypeError("Failed to fetch");
    return server.fetch(url.slice(URL_.length), init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const team = () => screen.getByRole("region", { name: "Team library" });

describe("team library in the pane", () => {
  it("queues a change made offline in IndexedDB, keeps it across a reload, and sends it when the server is back", async () => {
    const host = fakeHost();
    const user = userEvent.setup();
    const first = await renderApp(host);
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await user.click(within(team()).getByRole("button", { name: "Connect to a team server…" }));
    await user.type(within(team()).getByRole("textbox", { name: "Team server address" }), URL_);
    await user.click(within(team()).getByRole("textbox", { name: "Sign-in token" }));
    await user.paste("a-token");
    await user.click(within(team()).getByRole("button", { name: "Connect with token" }));
    await waitFor(() =>
      expect(within(team()).getByText(/^Connected as bob@x\.test · Legal \(author\)/)).toBeTruthy(),
    );

    online = false;
    await user.click(within(team()).getByRole("button", { name: "New team snippet" }));
    const form = within(team()).getByRole("form", { name: "New team snippet" });
    await user.type(within(form).getByRole("textbox", { name: /^Id/ }), "made-offline");
    await user.type(within(form).getByRole("textbox", { name: /^Title/ }), "Made offline");
    await user.type(within(form).getByRole("textbox", { name: /^Text/ }), "Written without the server.");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(team()).getByText("1 change is waiting for the server.")).toBeTruthy());
    await waitFor(() => expect(within(team()).getByText(/^Offline/)).toBeTruthy());
    first.unmount();

    // The pane opens again, still without the server: the change is still there, waiting.
    const second = await renderApp(host);
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await waitFor(() => expect(within(team()).getByText("1 change is waiting for the server.")).toBeTruthy());
    expect(server.snippets.has("made-offline")).toBe(false);

    online = true;
    await act(async () => {
      within(team()).getByRole("button", { name: "Sync now" }).click();
    });
    await waitFor(() => expect(within(team()).getByText("All changes are on the server.")).toBeTruthy());
    expect(server.snippets.get("made-offline")?.versions[0]?.snippet.body).toBe(
      "Written without the server.",
    );

    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "made offline");
    const results = await screen.findByRole("region", { name: "Results" });
    const row = await waitFor(() => {
      const found = results.querySelector('[data-snippet-id="made-offline"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(row).getByText("Team")).toBeTruthy();
    expect(within(row).getByText("v1 Draft")).toBeTruthy();
    second.unmount();
  });
});
