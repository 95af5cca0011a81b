/**
 * @jest-environment jsdom
 */
import "../setup";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { fakeHost } from "../fake-host";
import { decodePiece } from "../fake-host";
import { renderApp, seedDocument } from "../render-app";
import JSZip from "jszip";
import { expectValidDocx } from "../../support/ooxml-check";
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
/** Manage loads with import() the first time (App.tsx): wait for its team region, as a person would. */
const openManage = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  await screen.findByRole("region", { name: "Team library" });
};

describe("team library in the pane", () => {
  it("queues a change made offline in IndexedDB, keeps it across a reload, and sends it when the server is back", async () => {
    const host = fakeHost();
    const user = userEvent.setup();
    const first = await renderApp(host);
    await openManage(user);
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
    // Save waits for the engine's check (loaded with the pane's engine), as the personal editor does.
    const save = within(form).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    await user.click(save);
    await waitFor(() => expect(within(team()).getByText("1 change is waiting for the server.")).toBeTruthy());
    await waitFor(() => expect(within(team()).getByText(/^Offline/)).toBeTruthy());
    first.unmount();

    // The pane opens again, still without the server: the change is still there, waiting.
    const second = await renderApp(host);
    await openManage(user);
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

  it("inserts a team snippet tagged id@version and reports the insert (id and version only)", async () => {
    const at = "2026-11-01T00:00:00.000Z";
    const version = (n: number, status: "approved" | "draft", body: string) => ({
      version: n,
      status,
      createdBy: "ana@x.test",
      createdAt: at,
      submittedBy: null,
      approvedBy: status === "approved" ? "cy@x.test" : null,
      approvedAt: status === "approved" ? at : null,
      replacedBy: null,
      comment: null,
      snippet: { id: "team-nda", title: "Team NDA", body },
    });
    server.seed({
      library: "legal",
      id: "team-nda",
      owner: "ana@x.test",
      reviewBy: "2027-06-01",
      revision: 3,
      createdAt: at,
      updatedAt: at,
      versions: [
        version(1, "approved", "Old wording."),
        version(2, "approved", "Secret team wording."),
        version(3, "draft", "Not yet."),
      ],
    });
    const host = fakeHost();
    const store = await seedDocument(host, [{ snippet: "team-nda" }]);
    await store.set("team:settings", {
      url: URL_,
      signIn: { kind: "token", token: "a-token" },
      library: "legal",
    });
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Document outline" });
    const insert = screen.getByRole("button", { name: "Insert into Word" });
    await waitFor(() => expect(insert.hasAttribute("disabled")).toBe(false));
    await user.click(insert);
    await screen.findByText("Inserted 1 section into Word.");
    const piece = host.calls[0]!.pieces[0]!;
    await expectValidDocx(decodePiece(piece));
    const xml = await (await JSZip.loadAsync(decodePiece(piece))).file("word/document.xml")!.async("string");
    expect([...xml.matchAll(/<w:tag w:val="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "sectionsmith:team-nda@2",
    ]);
    expect(xml).toContain("Secret team wording.");
    await waitFor(() =>
      expect(server.usage).toEqual([{ events: [{ snippet: "team-nda", version: 2, kind: "insert" }] }]),
    );
    expect(JSON.stringify(server.usage)).not.toContain("Secret");
  });
});
