/**
 * @jest-environment jsdom
 */
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { STANDALONE_TEXT } from "../../src/taskpane/components/StandaloneBanner/StandaloneBanner";
import { fakeHost } from "./fake-host";
import { renderApp } from "./render-app";

// docx-preview needs layout APIs jsdom lacks: only the renderer module is stubbed.
jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async (blob: Blob, container: HTMLElement) => {
    container.textContent = `docx preview (${blob.size} bytes)`;
  }),
}));

const titles = () =>
  within(screen.getByRole("region", { name: /All snippets|Results/ }))
    .getAllByRole("listitem")
    .map((li) => within(li).getAllByRole("button")[0]!.textContent);

describe("Library view", () => {
  it("lists the library, then filters as the user types", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    expect(titles()).toEqual([
      "Confidentiality",
      "Limitation of liability",
      "Warranty",
      "Payment terms",
      "Cover page",
    ]);

    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "paym");
    await waitFor(() => expect(titles()).toEqual(["Payment terms"]));
    expect(screen.getByRole("status")).toHaveProperty("textContent", "1 of 5 snippets");

    await user.clear(screen.getByRole("searchbox", { name: "Search snippets" }));
    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "confidentialty");
    await waitFor(() => expect(titles()[0]).toBe("Confidentiality"));
  });

  it("shows Draft, Deprecated and Stale badges on the right items", async () => {
    await renderApp(fakeHost());
    const item = (title: string) => screen.getByRole("button", { name: title }).closest("li")!;
    expect(within(item("Cover page")).getByText("Draft")).toBeTruthy();
    expect(within(item("Warranty")).getByText("Deprecated")).toBeTruthy();
    expect(within(item("Limitation of liability")).getByText("Stale")).toBeTruthy();
    expect(within(item("Confidentiality")).queryByText(/Draft|Deprecated|Stale/)).toBeNull();
  });

  it("filters by status and by the Approved only switch", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    await user.click(screen.getByRole("switch", { name: "Approved only" }));
    await waitFor(() =>
      expect(titles()).toEqual(["Confidentiality", "Limitation of liability", "Payment terms"]),
    );
    await user.click(screen.getByRole("switch", { name: "Approved only" }));

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: /^Stale/ }));
    await waitFor(() => expect(titles()).toEqual(["Limitation of liability"]));

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Any status" }));
    await user.click(screen.getByRole("combobox", { name: "Category" }));
    await user.click(await screen.findByRole("option", { name: /^Contracts › Commercial/ }));
    await waitFor(() => expect(titles()).toEqual(["Payment terms"]));
  });

  it("stars favourites into their own group", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    expect(screen.queryByRole("region", { name: "Favourites" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add Warranty to favourites" }));
    const favourites = await screen.findByRole("region", { name: "Favourites" });
    expect(within(favourites).getByRole("button", { name: "Warranty" })).toBeTruthy();
    expect(
      screen
        .getAllByRole("button", { name: "Remove Warranty from favourites" })[0]!
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("opens the Snippet view when a snippet is clicked", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    await user.click(screen.getByRole("button", { name: "Payment terms" }));
    expect(await screen.findByRole("heading", { name: /Payment terms/ })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Snippet" }).getAttribute("aria-selected")).toBe("true");
  });

  it("imports a library file and lists its problems when it is invalid", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    const input = screen.getByLabelText("Import library (.json)") as HTMLInputElement;

    const bad = { format: "sectionsmith/library@1", snippets: [{ id: "Bad Id", title: "x", body: "y" }] };
    await user.upload(input, new File([JSON.stringify(bad)], "bad.json", { type: "application/json" }));
    expect(await screen.findByText(/bad\.json could not be imported/)).toBeTruthy();
    expect(screen.getByText(/snippets\[0\]\.id/)).toBeTruthy();

    const good = {
      format: "sectionsmith/library@1",
      snippets: [{ id: "extra", title: "Extra clause", status: "approved", body: "Extra." }],
    };
    await user.upload(input, new File([JSON.stringify(good)], "good.json", { type: "application/json" }));
    expect(await screen.findByText(/Imported good\.json/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Extra clause" })).toBeTruthy();
  });

  it("says so in standalone mode", async () => {
    await renderApp(fakeHost({ mode: "standalone" }));
    expect(screen.getByText(STANDALONE_TEXT)).toBeTruthy();
  });

  it("has no standalone banner inside Word", async () => {
    await renderApp(fakeHost());
    expect(screen.queryByText(STANDALONE_TEXT)).toBeNull();
  });
});
