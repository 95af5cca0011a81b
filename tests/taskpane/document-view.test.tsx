/**
 * @jest-environment jsdom
 */
import "./setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { renderApp, seedDocument, storedDocument } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const outlineTitles = () =>
  within(screen.getByRole("list", { name: "Document outline" }))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label")!.replace(/, section.*/, ""));

async function openDocument(sections: string[]) {
  const host = fakeHost();
  await seedDocument(
    host,
    sections.map((snippet) => ({ snippet, title: snippet })),
  );
  await renderApp(host);
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByRole("list", { name: "Document outline" });
  return { host, user };
}

const item = (title: string) => screen.getByRole("listitem", { name: new RegExp(`^${title}, section`) });

describe("Document view", () => {
  it("reorders with Alt+Arrow keys and keeps focus on the moved section", async () => {
    const { user, host } = await openDocument(["confidentiality", "payment", "liability"]);
    item("confidentiality").focus();
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(outlineTitles()).toEqual(["payment", "confidentiality", "liability"]);
    await waitFor(() => expect(document.activeElement).toBe(item("confidentiality")));
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(outlineTitles()).toEqual(["payment", "liability", "confidentiality"]);
    expect(screen.getByText("Moved confidentiality to position 3 of 3.")).toBeTruthy();
    await waitFor(async () =>
      expect((await storedDocument(host))?.sections.map((s) => s.snippet)).toEqual([
        "payment",
        "liability",
        "confidentiality",
      ]),
    );
  });

  it("reorders with the Move up / Move down buttons", async () => {
    const { user } = await openDocument(["confidentiality", "payment", "liability"]);
    expect(
      within(item("confidentiality")).getByRole("button", { name: "Move up" }).hasAttribute("disabled"),
    ).toBe(true);
    await user.click(within(item("liability")).getByRole("button", { name: "Move up" }));
    expect(outlineTitles()).toEqual(["confidentiality", "liability", "payment"]);
    await user.click(within(item("confidentiality")).getByRole("button", { name: "Move down" }));
    expect(outlineTitles()).toEqual(["liability", "confidentiality", "payment"]);
  });

  it("reorders by drag and drop", async () => {
    await openDocument(["confidentiality", "payment", "liability"]);
    const dataTransfer = { setData: jest.fn(), effectAllowed: "" };
    fireEvent.dragStart(item("liability"), { dataTransfer });
    fireEvent.dragOver(item("confidentiality"), { dataTransfer });
    fireEvent.drop(item("confidentiality"), { dataTransfer });
    expect(outlineTitles()).toEqual(["liability", "confidentiality", "payment"]);
  });

  it("removes a section", async () => {
    const { user } = await openDocument(["confidentiality", "payment"]);
    await user.click(within(item("confidentiality")).getByRole("button", { name: "Remove" }));
    expect(outlineTitles()).toEqual(["payment"]);
    expect(screen.getByRole("tab", { name: "Document (1)" })).toBeTruthy();
  });

  it("sets per-section options", async () => {
    const { user, host } = await openDocument(["confidentiality", "payment"]);
    const section = item("payment");
    await user.click(within(section).getByRole("button", { name: "Options" }));
    const options = within(section).getByRole("group", { name: "Options for payment" });
    await user.click(within(options).getByRole("checkbox", { name: "Page break before" }));
    await user.click(within(options).getByRole("radio", { name: "Continue from the previous section" }));
    const offset = within(options).getByRole("spinbutton", { name: "Heading offset" });
    await user.click(offset);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    await waitFor(async () =>
      expect((await storedDocument(host))?.sections[1]).toMatchObject({
        snippet: "payment",
        pageBreakBefore: true,
        numbering: "continue",
        headingOffset: 2,
      }),
    );
  });

  it("reopens the form to edit a section's values", async () => {
    const host = fakeHost();
    await seedDocument(host, [
      {
        snippet: "confidentiality",
        version: 3,
        title: "Confidentiality",
        values: { discloser: "Acme", term: 5 },
      },
    ]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(within(item("Confidentiality")).getByRole("button", { name: "Edit values" }));
    const term = await screen.findByRole("spinbutton", { name: "Term (years)" });
    expect((term as HTMLInputElement).value).toBe("5");
    await user.clear(term);
    await user.type(term, "7");
    await user.click(screen.getByRole("button", { name: "Update section" }));
    await waitFor(async () =>
      expect((await storedDocument(host))?.sections).toEqual([
        expect.objectContaining({ values: expect.objectContaining({ discloser: "Acme", term: 7 }) }),
      ]),
    );
  });

  it("edits document settings", async () => {
    const { user, host } = await openDocument(["confidentiality"]);
    await user.click(screen.getByRole("button", { name: "Document settings" }));
    const title = screen.getByRole("textbox", { name: /^Title/ });
    await user.clear(title);
    await user.type(title, "Master agreement");
    await user.click(screen.getByRole("radio", { name: "Landscape" }));
    await user.click(screen.getByRole("switch", { name: "Drafting notes as Word comments" }));
    await waitFor(async () =>
      expect((await storedDocument(host))?.settings).toMatchObject({
        title: "Master agreement",
        orientation: "landscape",
        draftingNotes: true,
      }),
    );
  });
});
