/**
 * @jest-environment jsdom
 */
// Issue 13: counts agree across tabs. The Library's result line, its library caption and Manage's
// heading all count the same library the same way (model/library-counts.ts): snippets = the ids the
// Library lists, versions = the rows in Manage; after an import of a new version, a filter, a deprecation
// and a draft saved with errors, every count still matches what the tabs list.
import "./setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { testLibrary } from "./fixtures";
import { renderApp } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

type User = ReturnType<typeof userEvent.setup>;

const number = (text: string | null | undefined, what: RegExp) => Number(text?.match(what)?.[1]?.replace(/,/g, ""));
/** The first number in a library's summary ("Test clauses (6 …)"): the count of the whole library. */
const first = (text: string) => number(text, /(\d[\d,]*)/);
/** Versions, where the summary names them; else the same as the first count. */
const versions = (text: string) => number(text, /(\d[\d,]*) versions?(?! with)/) || first(text);

/** What the Library tab says and lists. */
async function libraryTab(user: User) {
  await user.click(screen.getByRole("tab", { name: "Library" }));
  const region = await screen.findByRole("region", { name: /All snippets|Results/ });
  const summary = screen.getByText(/^Test clauses \(/).textContent ?? "";
  return {
    status: screen.getByRole("status").textContent ?? "",
    summary,
    listed: within(region).getAllByRole("listitem").length,
  };
}

/** What the Manage tab says and lists. */
async function manageTab(user: User) {
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  const list = await screen.findByRole("list", { name: "Snippets in your library" });
  const summary = screen.getByRole("heading", { name: /^Test clauses/ }).textContent ?? "";
  return { summary, rows: within(list).getAllByRole("listitem").length };
}

async function expectAgreement(user: User, snippets: number, stored: number) {
  const library = await libraryTab(user);
  expect(library.listed).toBe(snippets);
  expect(library.status).toBe(`${snippets} snippets`);
  expect(first(library.summary)).toBe(snippets);
  expect(versions(library.summary)).toBe(stored);
  const manage = await manageTab(user);
  expect(manage.rows).toBe(stored);
  expect(first(manage.summary)).toBe(snippets);
  expect(versions(manage.summary)).toBe(stored);
  return { library, manage };
}

describe("counts agree across tabs", () => {
  it("after an import with a new version, and with a filter", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    await expectAgreement(user, 5, 5);

    // A new version of Confidentiality and a new snippet: one more snippet, two more versions.
    const confidentiality = testLibrary.snippets.find((s) => s.id === "confidentiality")!;
    const incoming = {
      format: "sectionsmith/library@1",
      snippets: [
        { ...confidentiality, version: confidentiality.version + 1, body: "Revised." },
        { id: "extra", title: "Extra clause", status: "approved", tags: ["risk"], body: "Extra." },
      ],
    };
    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.upload(screen.getByLabelText("Import library (.json)"), new File([JSON.stringify(incoming)], "more.json"));
    const report = await screen.findByRole("region", { name: "Import report for more.json" });
    await user.click(within(report).getByRole("button", { name: /^Import/ }));
    await screen.findByText("Imported more.json.");
    await expectAgreement(user, 6, 7);

    // Filtered, the Library says how many of the same total it shows.
    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.click(screen.getByRole("combobox", { name: "Tag" }));
    await user.keyboard("risk");
    await user.click(await screen.findByRole("option", { name: /^risk/ }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("3 of 6 snippets"));
    const shown = within(screen.getByRole("region", { name: "Results" })).getAllByRole("listitem").length;
    expect(shown).toBe(3);
    await user.clear(screen.getByRole("combobox", { name: "Tag" }));
    await user.tab();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("6 snippets"));
    await expectAgreement(user, 6, 7);
  });

  it("after a deprecation and a draft saved with errors", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();

    // Deprecating changes no count; the Status filter's count is the number it then lists.
    await manageTab(user);
    await user.click(screen.getByRole("button", { name: "Edit Limitation of liability version 1" }));
    await user.click(screen.getByRole("button", { name: "Deprecate" }));
    await screen.findByText(/is now deprecated/);
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await expectAgreement(user, 5, 5);
    await user.click(screen.getByRole("tab", { name: "Library" }));
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    const option = await screen.findByRole("option", { name: /^Deprecated/ });
    const facet = number(option.textContent, /\((\d+)\)/);
    await user.click(option);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(`${facet} of 5 snippets`));
    expect(within(screen.getByRole("region", { name: "Results" })).getAllByRole("listitem")).toHaveLength(facet);
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Any status" }));

    // A new draft saved with an error is a row in Manage but not in the Library: both say so.
    await manageTab(user);
    await user.click(screen.getByRole("button", { name: "New snippet" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Id/ }), { target: { value: "half-written" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Half written" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), { target: { value: "{{pick}}" } });
    // A choice with no options: the library file would be invalid (OPTIONS_REQUIRED).
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    const variable = screen.getByRole("group", { name: "Variable field1" });
    fireEvent.change(within(variable).getByRole("textbox", { name: "Name" }), { target: { value: "pick" } });
    await user.selectOptions(within(variable).getByRole("combobox", { name: "Type" }), "choice");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(/Saved /);
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    const { library, manage } = await expectAgreement(user, 5, 6);
    expect(manage.summary).toBe("Test clauses (5 snippets · 6 versions · 1 version with errors)");
    expect(library.summary).toBe(manage.summary);
  });
});
