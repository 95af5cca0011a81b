/**
 * @jest-environment jsdom
 */
// Defined terms in the pane (issue 32): the Document view lists the outline's findings before Insert
// and Download, and follows the outline; Insert and Download go straight through with them, while a
// warning of another kind (a draft section) still asks first.
import "./setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { testLibrary } from "./fixtures";
import { renderApp, seedDocument } from "./render-app";
import { renderDocxPreview } from "../../src/taskpane/preview/render-docx";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const approved = { version: 1, status: "approved", category: "Contracts", variables: [] };
const library = async () => ({
  ...structuredClone(testLibrary),
  snippets: [
    ...structuredClone(testLibrary.snippets),
    {
      ...approved,
      id: "defs",
      title: "Definitions",
      body: "## Definitions\n\n“Fees” means the fees in the order.",
    },
    {
      ...approved,
      id: "duties",
      title: "Duties",
      body: "## Duties\n\nThe work is done for the Supplier, and the Supplier pays for it.",
    },
  ],
});

async function openDocument(sections: Array<{ snippet: string; version?: number }>) {
  const host = fakeHost();
  await seedDocument(
    host,
    sections.map((s) => ({ ...s, title: s.snippet })),
  );
  await renderApp(host, { library });
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: /Document/ }));
  await screen.findByRole("list", { name: "Document outline" });
  return { host, user };
}

describe("Defined terms in the Document view", () => {
  it("lists the findings before Insert, and Insert goes straight through", async () => {
    const { host, user } = await openDocument([{ snippet: "defs" }, { snippet: "duties" }]);
    await screen.findByRole("button", { name: "Defined terms (2)" }, { timeout: 15_000 });
    const list = screen.getByRole("region", { name: "Defined terms" });
    const lines = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toEqual([
      "Section 1, “Definitions”, paragraph 2: “Fees” is defined but never used. Remove the definition, or check the spelling where it is meant. Go to section 1",
      "Section 2, “Duties”, paragraph 2: “Supplier” reads as a defined term, but nothing in this document defines it. Define it, add the section that does, or write it in lower case. Go to section 2",
    ]);
    expect(host.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    await screen.findByText("Inserted 2 sections into Word.");
    expect(screen.queryByText("Check before inserting")).toBeNull();
    expect(host.calls).toHaveLength(1);
  });

  it("follows the outline: removing a section takes its findings away", async () => {
    const { user } = await openDocument([{ snippet: "defs" }, { snippet: "duties" }]);
    await screen.findByRole("button", { name: "Defined terms (2)" }, { timeout: 15_000 });
    const duties = screen.getByRole("listitem", { name: /^duties, section 2/ });
    await user.click(within(duties).getByRole("button", { name: "Remove" }));
    await screen.findByRole("button", { name: "Defined terms (1)" }, { timeout: 15_000 });
    expect(screen.queryByText(/“Supplier”/)).toBeNull();
  });

  it("says when there is nothing to find", async () => {
    await openDocument([{ snippet: "payment" }]);
    await screen.findByRole("button", { name: "Defined terms (0)" }, { timeout: 15_000 });
    screen.getByText("Every term defined here is used, and every term used as a defined term is defined.");
  });

  it("a draft section still asks first, and the question is about the draft alone", async () => {
    const { host, user } = await openDocument([{ snippet: "cover" }, { snippet: "duties" }]);
    await screen.findByRole("button", { name: "Defined terms (1)" }, { timeout: 15_000 });
    await user.click(screen.getByRole("button", { name: "Insert into Word" }));
    const bar = (await screen.findByText("Check before inserting")).closest(".fui-MessageBar") as HTMLElement;
    expect(bar.textContent).toContain("is a draft");
    expect(bar.textContent).not.toContain("Supplier");
    expect(host.calls).toHaveLength(0);
  });

  it("a snippet's own preview says nothing about defined terms: alone, its terms are the document's", async () => {
    await renderApp(fakeHost(), { library });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Duties" }));
    await screen.findByRole("heading", { name: /Duties/ });
    await waitFor(() => expect(renderDocxPreview).toHaveBeenCalled(), { timeout: 15_000 });
    expect(screen.queryByRole("button", { name: /warning/ })).toBeNull();
  });
});
