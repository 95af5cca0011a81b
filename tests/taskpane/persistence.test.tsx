/**
 * @jest-environment jsdom
 */
import "./setup";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { openStore } from "../../src/taskpane/model/storage";
import { fakeHost } from "./fake-host";
import { renderApp } from "./render-app";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

describe("persistence", () => {
  it("brings back the outline, its values, settings, favourites and recent after the pane reopens", async () => {
    const host = fakeHost({ key: "round-trip" });
    const first = await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add Payment terms to favourites" }));
    await user.click(screen.getByRole("button", { name: "Confidentiality" }));
    const party = await screen.findByRole("textbox", { name: /Disclosing party/ });
    await user.clear(party);
    await user.type(party, "Northwind");
    await user.click(screen.getByRole("button", { name: "Add to document" }));
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(screen.getByRole("button", { name: "Document settings" }));
    await user.type(screen.getByRole("textbox", { name: /^Title/ }), "Kept");
    // Let the writes land before the pane "closes".
    await new Promise((r) => setTimeout(r, 200));
    first.unmount();

    await renderApp(fakeHost({ key: "round-trip" }));
    expect(
      within(screen.getByRole("region", { name: "Favourites" })).getByRole("button", {
        name: "Payment terms",
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "Recently used" })).getByRole("button", {
        name: "Confidentiality",
      }),
    ).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Document (1)" }));
    await user.click(screen.getByRole("button", { name: "Edit values" }));
    expect(
      ((await screen.findByRole("textbox", { name: /Disclosing party/ })) as HTMLInputElement).value,
    ).toBe("Northwind");
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(screen.getByRole("button", { name: "Document settings" }));
    expect((screen.getByRole("textbox", { name: /^Title/ }) as HTMLInputElement).value).toBe("Kept");
  });

  it("keeps imported libraries", async () => {
    const host = fakeHost({ key: "imports" });
    const first = await renderApp(host);
    const user = userEvent.setup();
    const lib = {
      format: "sectionsmith/library@1",
      snippets: [{ id: "mine", title: "My clause", status: "approved", body: "Mine." }],
    };
    await user.upload(
      screen.getByLabelText("Import library (.json)"),
      new File([JSON.stringify(lib)], "mine.json"),
    );
    await screen.findByRole("button", { name: "My clause" });
    first.unmount();
    await renderApp(fakeHost({ key: "imports" }));
    expect(screen.getByRole("button", { name: "My clause" })).toBeTruthy();
  });
});

describe("openStore", () => {
  it("uses IndexedDB and keeps keys apart per namespace", async () => {
    const a = await openStore("ns-a");
    const b = await openStore("ns-b");
    expect(a.kind).toBe("indexeddb");
    await a.set("document", { n: 1 });
    expect(await a.get("document")).toEqual({ n: 1 });
    expect(await b.get("document")).toBeUndefined();
  });

  it("falls back to localStorage when IndexedDB is unavailable", async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- simulating a webview without IndexedDB
    delete globalThis.indexedDB;
    try {
      const store = await openStore("ns-ls");
      expect(store.kind).toBe("localstorage");
      await store.set("favourites", ["x"]);
      expect(JSON.parse(localStorage.getItem("ns-ls:favourites")!)).toEqual(["x"]);
      expect(await store.get("favourites")).toEqual(["x"]);
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
