/**
 * @jest-environment jsdom
 */
// Issue 13, "It fits a task pane and a keyboard": Down from the search box into the results, Enter to
// open, one Tab stop per result, focus on the opened snippet's heading; "No snippets match" with Clear
// filters; outline cards show the first values; Capture from Word disabled outside Word with the reason;
// a compact standalone notice that can be dismissed.
import "./setup";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { CAPTURE_UNAVAILABLE } from "../../src/taskpane/components/LibraryManager/LibraryManager";
import { fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

describe("Library from the keyboard", () => {
  it("moves from the search box into the results with Down, opens one with Enter and focuses its heading", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Search snippets" });
    await user.click(search);
    await user.type(search, "liab");
    const results = await screen.findByRole("region", { name: "Results" });
    const first = within(results).getAllByRole("button")[0]!;
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(first);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(search);
    await user.keyboard("{ArrowDown}{Enter}");
    const heading = await screen.findByRole("heading", { name: /Limitation of liability/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("has one Tab stop per result: the star is reached with Right, not Tab", async () => {
    await renderApp(fakeHost());
    const all = screen.getByRole("region", { name: "All snippets" });
    const rows = within(all).getAllByRole("listitem");
    for (const row of rows) {
      const tabbable = within(row)
        .getAllByRole("button")
        .filter((b) => b.tabIndex >= 0 && !b.hasAttribute("disabled"));
      expect(tabbable).toHaveLength(1);
    }
    const user = userEvent.setup();
    const title = within(rows[0]!).getAllByRole("button")[0]!;
    title.focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.getAttribute("aria-pressed")).not.toBeNull(); // the star toggle
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(title);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(within(rows[1]!).getAllByRole("button")[0]);
  });

  it("says No snippets match and offers Clear filters", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Search snippets" });
    await user.type(search, "zzqqxx");
    expect(await screen.findByText("No snippets match “zzqqxx”.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect((search as HTMLInputElement).value).toBe("");
    expect(await screen.findByRole("region", { name: "All snippets" })).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });
});

describe("Outline cards", () => {
  it("show the first values, so two sections of one snippet can be told apart", async () => {
    const host = fakeHost();
    await seedDocument(host, [
      { snippet: "payment", title: "Payment terms", values: { fee: 1000, due: "2026-07-01" } },
      { snippet: "payment", title: "Payment terms", values: { fee: 2500, due: "2026-09-01" } },
    ]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    const items = within(await screen.findByRole("list", { name: "Document outline" })).getAllByRole(
      "listitem",
    );
    // Written as the document writes them, in its locale (en-US here): issue 27.
    expect(items[0]!.textContent).toContain("Fee: €1,000.00 · Due date: July 1, 2026");
    expect(items[1]!.textContent).toContain("Fee: €2,500.00 · Due date: September 1, 2026");
  });
});

describe("Outside Word", () => {
  it("disables Capture from Word with a tooltip that says why", async () => {
    await renderApp(fakeHost({ mode: "standalone" }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    const capture = await screen.findByRole("button", { name: "Capture from Word" });
    expect(capture.getAttribute("aria-disabled")).toBe("true");
    await user.click(capture);
    expect(screen.queryByRole("textbox", { name: "Body (Markdown)" })).toBeNull(); // nothing captured
    act(() => capture.focus());
    expect(await screen.findByText(CAPTURE_UNAVAILABLE)).toBeTruthy();
  });

  it("shows one compact notice, Not running inside Word, that can be dismissed", async () => {
    await renderApp(fakeHost({ mode: "standalone" }));
    const user = userEvent.setup();
    expect(screen.getByText("Not running inside Word: use Download .docx")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dismiss the notice" }));
    expect(screen.queryByText(/Not running inside Word/)).toBeNull();
  });
});
