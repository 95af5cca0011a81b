/**
 * @jest-environment jsdom
 */
// Issue 27: outside Word nothing can be inserted anywhere, so the Insert button's arrow does not open a
// menu of six disabled places either; the pane says once, beside the buttons, what to do instead.
import "./setup";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const NOWHERE = {
  cursor: "Open Sectionsmith inside Word to insert — download the .docx instead",
  "replace-selection": "x",
  start: "x",
  end: "x",
  "replace-document": "x",
  "new-document": "x",
};

describe("Insert outside Word", () => {
  it("has no menu of disabled places: the arrow is disabled too, and the pane says to download instead", async () => {
    const host = fakeHost({ mode: "standalone", cannot: NOWHERE });
    await seedDocument(host, [{ snippet: "confidentiality" }]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Document outline" });
    const arrow = screen.getByRole("button", { name: "Choose where to insert" });
    expect(arrow.hasAttribute("disabled") || arrow.getAttribute("aria-disabled") === "true").toBe(true);
    await user.click(arrow);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.queryAllByRole("menuitem")).toHaveLength(0);
    expect(screen.getByText(/Inserting needs Word: use Download \.docx/)).toBeTruthy();
  });

  it("inside Word the arrow still opens the places", async () => {
    const host = fakeHost();
    await seedDocument(host, [{ snippet: "confidentiality" }]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Document outline" });
    await user.click(screen.getByRole("button", { name: "Choose where to insert" }));
    expect(await screen.findByRole("menuitem", { name: "At the cursor" })).toBeTruthy();
    expect(screen.queryByText(/Inserting needs Word/)).toBeNull();
  });
});
