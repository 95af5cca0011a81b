/**
 * @jest-environment jsdom
 */
// Issue 13, "Data is never lost": a removed section and a deleted snippet can be put back (Undo), and
// what was typed into a form survives a switch to another tab.
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { openLibraryStore } from "../../src/taskpane/store";
import { fakeHost } from "./fake-host";
import { testLibrary } from "./fixtures";
import { renderApp, seedDocument, storedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const outlineTitles = () =>
  within(screen.getByRole("list", { name: "Document outline" }))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label")!.replace(/, section.*/, ""));
const item = (title: string) => screen.getByRole("listitem", { name: new RegExp(`^${title}, section`) });

describe("Nothing is lost", () => {
  it("Removed … Undo puts an outline section back where it was, with its values", async () => {
    const host = fakeHost();
    await seedDocument(host, [
      { snippet: "confidentiality", title: "confidentiality" },
      { snippet: "payment", title: "payment", values: { fee: 1234 } },
      { snippet: "liability", title: "liability" },
    ]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Document outline" });
    await user.click(within(item("payment")).getByRole("button", { name: "Remove" }));
    expect(outlineTitles()).toEqual(["confidentiality", "liability"]);
    expect(screen.getByText("Removed “payment”.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(outlineTitles()).toEqual(["confidentiality", "payment", "liability"]);
    await waitFor(() => expect(document.activeElement).toBe(item("payment")));
    expect(screen.queryByText("Removed “payment”.")).toBeNull();
    await waitFor(async () =>
      expect((await storedDocument(host))?.sections[1]).toMatchObject({
        snippet: "payment",
        values: { fee: 1234 },
      }),
    );
  });

  it("Deleted … Undo puts a deleted snippet back in the library", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    const list = await screen.findByRole("list", { name: "Snippets in your library" });
    // Rows counted by their Edit buttons: the "Deleted …" notice stands in the list where the row was.
    const rows = () => within(list).getAllByRole("button", { name: /^Edit / }).length;
    const before = rows();
    // Delete sits in the row's "…" menu (a row of buttons did not fit a 320 px pane).
    await user.click(screen.getByRole("button", { name: "More actions for Payment terms version 1" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    expect(await screen.findByText("Deleted Payment terms version 1.")).toBeTruthy();
    expect(rows()).toBe(before - 1);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Restored Payment terms version 1.")).toBeTruthy();
    expect(rows()).toBe(before);
    const store = await openLibraryStore(host.storageKey(), { channel: null });
    const back = store.snapshot().records.find((r) => r.id === "payment" && r.version === 1);
    store.close();
    expect(back?.snippet).toEqual(testLibrary.snippets.find((s) => s.id === "payment"));
  });

  it("keeps what was typed into a form when the user switches tabs and comes back", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Confidentiality" }));
    const party = await screen.findByRole("textbox", { name: /Disclosing party/ });
    await user.clear(party);
    await user.type(party, "Fabrikam");
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await user.click(screen.getByRole("tab", { name: "Snippet" }));
    const again = (await screen.findByRole("textbox", { name: /Disclosing party/ })) as HTMLInputElement;
    expect(again.value).toBe("Fabrikam");
  });
});
