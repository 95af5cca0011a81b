/**
 * @jest-environment jsdom
 */
// Issue 13: a boolean variable's default is a switch in the variables editor, not free text, and it is
// saved to the library (and exported) as a JSON boolean.
import "../setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { exportLibrary, openLibraryStore } from "../../../src/taskpane/store";
import { fakeHost } from "../fake-host";
import { renderApp } from "../render-app";

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const latest = async (key: string, id: string) => {
  const store = await openLibraryStore(key, { channel: null });
  const snap = store.snapshot();
  store.close();
  return { record: snap.records.filter((r) => r.id === id).at(-1), exported: exportLibrary(snap) };
};

describe("Variables editor: a boolean default", () => {
  it("is a switch, saved and exported as true or false", async () => {
    const host = fakeHost();
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await user.click(await screen.findByRole("button", { name: "New snippet" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Id/ }), { target: { value: "late-fees" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Late fees" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), {
      target: { value: "{{#if charge}}Late payments carry interest.{{/if}}" },
    });
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    const variable = screen.getByRole("group", { name: "Variable field1" });
    fireEvent.change(within(variable).getByRole("textbox", { name: "Name" }), { target: { value: "charge" } });
    await user.selectOptions(within(variable).getByRole("combobox", { name: "Type" }), "boolean");

    const row = screen.getByRole("group", { name: "Variable charge" });
    expect(within(row).queryByRole("textbox", { name: "Default" })).toBeNull();
    const toggle = within(row).getByRole("switch", { name: "On by default" }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => {
      const { record } = await latest(host.storageKey(), "late-fees");
      expect(record?.snippet.variables).toEqual([{ name: "charge", type: "boolean", default: true }]);
    });
    const { exported } = await latest(host.storageKey(), "late-fees");
    const json = JSON.parse(JSON.stringify(exported));
    expect(json.snippets.find((s: { id: string }) => s.id === "late-fees").variables[0].default).toBe(true);

    // Off is written as false, not dropped and not "false".
    await user.click(within(screen.getByRole("group", { name: "Variable charge" })).getByRole("switch", { name: "On by default" }));
    await user.click(screen.getByRole("button", { name: /^Save/ }));
    await waitFor(async () => {
      const { record } = await latest(host.storageKey(), "late-fees");
      expect(record?.snippet.variables).toEqual([{ name: "charge", type: "boolean", default: false }]);
    });
  });

  it("shows a saved default of true as a switch that is on", async () => {
    const host = fakeHost();
    const library = {
      format: "sectionsmith/library@1",
      name: "Flags",
      snippets: [
        {
          id: "flagged",
          version: 1,
          title: "Flagged",
          status: "draft",
          variables: [{ name: "on", type: "boolean", default: true }],
          body: "{{#if on}}On.{{/if}}",
        },
      ],
    };
    await renderApp(host, { library: async () => library });
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    await user.click(await screen.findByRole("button", { name: /^Edit Flagged/ }));
    const row = screen.getByRole("group", { name: "Variable on" });
    expect((within(row).getByRole("switch", { name: "On by default" }) as HTMLInputElement).checked).toBe(true);
  });
});
