/**
 * @jest-environment jsdom
 */
// Issue 27: a number variable's Default keeps what is typed, key by key — "99." on the way to "99.5" stayed
// "99" and the next key made it "995", with no message. The default is saved as the number typed; text that
// is not a number stays as typed and says so under the field.
import "../setup";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { openLibraryStore } from "../../../src/taskpane/store";
import { fakeHost } from "../fake-host";
import { renderApp } from "../render-app";

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const stored = async (key: string, id: string) => {
  const store = await openLibraryStore(key, { channel: null });
  const snap = store.snapshot();
  store.close();
  return snap.records.filter((r) => r.id === id).at(-1);
};

async function newNumberVariable() {
  const host = fakeHost();
  await renderApp(host);
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  await user.click(await screen.findByRole("button", { name: "New snippet" }));
  fireEvent.change(screen.getByRole("textbox", { name: /^Id/ }), { target: { value: "hourly-rate" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Hourly rate" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), { target: { value: "{{rate}} an hour." } });
  await user.click(screen.getByRole("button", { name: "Add variable" }));
  const variable = screen.getByRole("group", { name: "Variable field1" });
  fireEvent.change(within(variable).getByRole("textbox", { name: "Name" }), { target: { value: "rate" } });
  await user.selectOptions(within(variable).getByRole("combobox", { name: "Type" }), "number");
  const row = screen.getByRole("group", { name: "Variable rate" });
  return { host, user, row, field: within(row).getByRole("textbox", { name: "Default" }) as HTMLInputElement };
}

describe("Variables editor: a number's default", () => {
  it("keeps a typed decimal point, key by key, and saves the number", async () => {
    const { host, user, field } = await newNumberVariable();
    await user.type(field, "99.5");
    expect(field.value).toBe("99.5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => {
      const record = await stored(host.storageKey(), "hourly-rate");
      expect(record?.snippet.variables).toEqual([{ name: "rate", type: "number", default: 99.5 }]);
    });
  });

  it("keeps text that is not a number as typed, and says what to type", async () => {
    const { user, row, field } = await newNumberVariable();
    await user.type(field, "99,5");
    expect(field.value).toBe("99,5");
    expect(within(row).getByText(/Type a number, like 99\.5/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, "-0.25");
    expect(field.value).toBe("-0.25");
    expect(within(row).queryByText(/Type a number/)).toBeNull();
  });
});
