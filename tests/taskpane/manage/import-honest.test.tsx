/**
 * @jest-environment jsdom
 */
// Issue 27: imports are honest. The proposal example (examples/proposal/library.json, German) against the
// starter library (English): its "Honorar" is a newer approved version of "proposal-pricing", and
// importing it made the German text the one every new document got, while the report said only
// "Updated (1)". Now the report says which text documents will get instead of which — in which language —
// and an update in another language is imported as a draft unless the user makes it the one in use.
// And identical text is not a new version: importing the same file again adds nothing.
import "../setup";
import { readFileSync } from "node:fs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { openLibraryStore, type LibrarySnapshot } from "../../../src/taskpane/store";
import { fakeHost } from "../fake-host";
import { renderApp } from "../render-app";

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const starter = async () => JSON.parse(readFileSync("assets/starter-library.json", "utf8")) as unknown;
const proposal = () => new File([readFileSync("examples/proposal/library.json")], "library.json");

const stored = async (key: string): Promise<LibrarySnapshot> => {
  const store = await openLibraryStore(key, { channel: null });
  const snap = store.snapshot();
  store.close();
  return snap;
};

/** The text documents get for `id`: approved beats draft beats deprecated, then the highest version. */
const inUse = (snap: LibrarySnapshot, id: string) => {
  const rank = (s: unknown) => (s === "approved" ? 3 : s === "deprecated" ? 1 : 2);
  return snap.records
    .filter((r) => r.id === id)
    .sort((a, b) => rank(b.snippet.status) - rank(a.snippet.status) || b.version - a.version)[0];
};

describe("Import: honest about the text in use, and identical text is not a new version", () => {
  it("says that the German Honorar would replace the English Pricing, and keeps Pricing in use by default", async () => {
    const host = fakeHost();
    await renderApp(host, { library: starter });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Import library (.json)"), proposal());
    const report = await screen.findByRole("region", { name: "Import report for library.json" }, { timeout: 20_000 });
    const inUseGroup = within(report).getByRole("region", { name: "Text in use" });
    expect(inUseGroup.textContent).toMatch(/Pricing/);
    expect(inUseGroup.textContent).toMatch(/Honorar” \(version 2, German\)/);
    expect(inUseGroup.textContent).toMatch(/Pricing” \(version 1, English\) stays the text documents get/);
    const pick = within(inUseGroup).getByRole("radiogroup", { name: "Which text of Pricing documents get" });
    expect((within(pick).getByRole("radio", { name: /Keep version 1 in use/ }) as HTMLInputElement).checked).toBe(true);
    // A conflict whose "keep both" puts the German text in use (no approved version to stay) says so too.
    expect(inUseGroup.textContent).toMatch(/Documents will get “Annahmen und Mitwirkung” \(version 2, German\) instead of “Assumptions and dependencies” \(version 1, English\)\. The text in use changes language\./);

    await user.click(within(report).getByRole("button", { name: "Import all" }));
    expect(await screen.findByText("Imported library.json.")).toBeTruthy();
    const snap = await stored(host.storageKey());
    expect(inUse(snap, "proposal-pricing")?.snippet.title).toBe("Pricing");
    expect(snap.records.find((r) => r.id === "proposal-pricing" && r.version === 2)?.snippet).toMatchObject({
      title: "Honorar",
      status: "draft",
    });
    // The Library still finds the English text under "pricing".
    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "pricing");
    const results = screen.getByRole("region", { name: "Results" });
    expect(within(results).getByRole("button", { name: "Pricing" })).toBeTruthy();
    expect(within(results).queryByRole("button", { name: "Honorar" })).toBeNull();
  }, 60_000);

  it("makes the file's version the one in use only when the user says so", async () => {
    const host = fakeHost();
    await renderApp(host, { library: starter });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Import library (.json)"), proposal());
    const report = await screen.findByRole("region", { name: "Import report for library.json" }, { timeout: 20_000 });
    const pick = within(report).getByRole("radiogroup", { name: "Which text of Pricing documents get" });
    await user.click(within(pick).getByRole("radio", { name: /Use version 2 from library\.json/ }));
    expect(within(report).getByRole("region", { name: "Text in use" }).textContent).toMatch(
      /Documents will get “Honorar” \(version 2, German\) instead of “Pricing” \(version 1, English\)\. The text in use changes language\./,
    );
    await user.click(within(report).getByRole("button", { name: "Import all" }));
    await screen.findByText("Imported library.json.");
    expect(inUse(await stored(host.storageKey()), "proposal-pricing")?.snippet.title).toBe("Honorar");
  }, 60_000);

  it("importing the same file twice adds no version", async () => {
    const host = fakeHost();
    await renderApp(host, { library: starter });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Import library (.json)"), proposal());
    const report = await screen.findByRole("region", { name: "Import report for library.json" }, { timeout: 20_000 });
    await user.click(within(report).getByRole("button", { name: "Import all" }));
    await screen.findByText("Imported library.json.");
    const once = (await stored(host.storageKey())).records.length;

    await user.upload(screen.getByLabelText("Import library (.json)"), proposal());
    // Nothing new, nothing conflicting: imported at once (nothing to decide), and nothing added.
    await waitFor(async () => expect((await stored(host.storageKey())).revision).toBeGreaterThan(0));
    expect(await screen.findByText("Imported library.json.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Import report for library.json" })).toBeNull();
    expect((await stored(host.storageKey())).records.length).toBe(once);
  }, 60_000);
});
