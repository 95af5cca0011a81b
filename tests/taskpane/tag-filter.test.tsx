/**
 * @jest-environment jsdom
 */
// Issue 13: the Tag filter is a searchable combobox — type to narrow the tags, pick with the keyboard,
// a clear "no match" line, and leaving the box never shows text that is not the filter in force.
import "./setup";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { renderApp } from "./render-app";

const titles = () =>
  within(screen.getByRole("region", { name: /All snippets|Results/ }))
    .getAllByRole("listitem")
    .map((li) => within(li).getAllByRole("button")[0]!.textContent);
const tagBox = () => screen.getByRole("combobox", { name: "Tag" }) as HTMLInputElement;
const optionNames = () => screen.queryAllByRole("option").map((o) => o.textContent);

describe("Tag filter", () => {
  it("is a text box the user can type into, which narrows the tags shown", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    expect(tagBox().tagName).toBe("INPUT");
    expect(tagBox().placeholder).toBe("All tags");

    await user.click(tagBox());
    await user.keyboard("i");
    await waitFor(() => expect(optionNames()).toEqual(["confidentiality (1)", "invoice (1)", "risk (2)"]));
    await user.keyboard("s");
    await waitFor(() => expect(optionNames()).toEqual(["risk (2)"]));
  });

  it("picks a tag from the keyboard: type, Down, Enter", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    act(() => tagBox().focus());
    await user.keyboard("ris");
    await screen.findByRole("option", { name: "risk (2)" });
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(titles().sort()).toEqual(["Limitation of liability", "Warranty"]));
    expect(tagBox().value).toBe("risk");

    // "All tags" puts every snippet back.
    await user.clear(tagBox());
    await user.keyboard("{Escape}");
    await user.tab();
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(tagBox().value).toBe("");
  });

  it("says when no tag matches, and keeps the filter in force when the user leaves", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    await user.click(tagBox());
    await user.keyboard("zzz");
    expect(await screen.findByRole("option", { name: "No tags match “zzz”" })).toBeTruthy();
    await user.tab();
    // Not a tag: the text goes, nothing is filtered.
    await waitFor(() => expect(tagBox().value).toBe(""));
    expect(titles()).toHaveLength(5);

    // A tag's exact name typed (in any case) is that tag when the user leaves the box.
    await user.click(tagBox());
    await user.keyboard("NDA");
    await user.tab();
    await waitFor(() => expect(titles()).toEqual(["Confidentiality"]));
    expect(tagBox().value).toBe("nda");
  });

  it("offers All tags when nothing is typed", async () => {
    const user = userEvent.setup();
    await renderApp(fakeHost());
    await user.click(tagBox());
    await user.keyboard("risk");
    await user.click(await screen.findByRole("option", { name: "risk (2)" }));
    await waitFor(() => expect(titles()).toHaveLength(2));
    await user.clear(tagBox());
    await user.keyboard("{ArrowDown}");
    await user.click(await screen.findByRole("option", { name: "All tags" }));
    await waitFor(() => expect(titles()).toHaveLength(5));
  });
});
