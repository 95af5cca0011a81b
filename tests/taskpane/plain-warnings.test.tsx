/**
 * @jest-environment jsdom
 */
// Issue 13: draft, deprecated and stale warnings come before Add and before Insert/Download, in the
// user's words and numbered as the outline numbers sections; the preview's "1 warning" opens its details.
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const standalone = () =>
  fakeHost({
    mode: "standalone",
    cannot: {
      cursor: "x",
      "replace-selection": "x",
      start: "x",
      end: "x",
      "replace-document": "x",
      "new-document": "x",
    },
  });

describe("Warnings in the user's words", () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("asks before downloading a document with a stale and a draft section, naming them as the outline does", async () => {
    const names: string[] = [];
    URL.createObjectURL = jest.fn(() => "blob:test");
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const host = standalone();
    await seedDocument(host, [
      { snippet: "confidentiality", title: "confidentiality" },
      { snippet: "liability", title: "liability" },
      { snippet: "cover", title: "cover" },
    ]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(await screen.findByRole("button", { name: "Download .docx" }));
    const title = await screen.findByText("Check before downloading");
    const bar = title.closest(".fui-MessageBar") as HTMLElement;
    expect(bar.textContent).toContain(
      "Section 2, “Limitation of liability”, was due for review on 2025-01-01: its text may be out of date.",
    );
    expect(bar.textContent).toContain("Section 3, “Cover page”, is a draft");
    expect(bar.textContent).not.toMatch(/SNIPPET_|sections\[/);
    expect(names).toEqual([]); // nothing downloaded yet
    await user.click(within(bar).getByRole("button", { name: "Cancel" }));
    expect(names).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Download .docx" }));
    await user.click(await screen.findByRole("button", { name: "Download anyway" }));
    await screen.findByText("Downloaded Test agreement.docx.");
    expect(names).toEqual(["Test agreement.docx"]);
  });

  it("says a snippet is a draft before Add, and the preview's warning caption opens the details", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cover page" }));
    await screen.findByRole("heading", { name: /Cover page/ });
    const form = screen.getByRole("form", { name: "Fill in Cover page" });
    expect(
      within(form).getByText("“Cover page” is a draft: it has not been approved for use yet."),
    ).toBeTruthy();

    const caption = await screen.findByRole("button", { name: "1 warning" });
    expect(caption.getAttribute("aria-expanded")).toBe("false");
    await user.click(caption);
    expect(caption.getAttribute("aria-expanded")).toBe("true");
    const preview = screen.getByRole("region", { name: "Preview" });
    await waitFor(() => expect(preview.textContent).toContain("“Cover page” is a draft"));
    expect(preview.textContent).not.toMatch(/SNIPPET_|sections\[/);
  });
});
