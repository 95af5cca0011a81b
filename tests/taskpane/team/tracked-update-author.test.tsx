/**
 * @jest-environment jsdom
 */
// The Document tab's tracked update (issue 31) is by the person signed in to the team library: after
// connecting as bob@x.test, every w:ins/w:del of the redline handed to Word is by bob@x.test, not by the
// snippet's owner (who is the author only while nobody is signed in: tests/taskpane/tracked-update-view).
import "../setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { exportRedline } from "../../../src/engine";
import type { InsertPiece, ReplaceOptions, WordHost } from "../../../src/office/word-host";
import { buildAssembly } from "../../../src/taskpane/model/assembly";
import { DEFAULT_SETTINGS } from "../../../src/taskpane/model/document";
import { fakeHost } from "../fake-host";
import { PAYMENT_V1_SECTION, paymentV2Library } from "../fixtures";
import { renderApp, seedDocument } from "../render-app";
import { fakeTeamServer } from "./fake-team-server";

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const URL_ = "https://team.example";
const server = fakeTeamServer("bob@x.test");
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    return url.startsWith(URL_) ? server.fetch(url.slice(URL_.length), init) : realFetch(input, init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const library = paymentV2Library;
const SECTION = PAYMENT_V1_SECTION;

type Replaced = { tag: string; piece: InsertPiece; options?: ReplaceOptions };

/** Word holding version 1 as inserted (its text as Word reads it), recording what replaces it. */
async function word() {
  const asm = buildAssembly([SECTION], { ...DEFAULT_SETTINGS, title: "Test agreement" }, { whole: false });
  const text = (await exportRedline(library(), asm, asm, { as: "buffer", shape: "fragment" })).text.before;
  const controls = [
    { tag: "sectionsmith:payment@1", title: "Payment terms", text: text.replace(/\n/g, "\r") },
  ];
  const replaced: Replaced[] = [];
  const base = fakeHost();
  const host: WordHost = {
    ...base,
    capabilities: () => ({ ...base.capabilities(), trackChanges: { ok: true } }),
    listTaggedContent: async () => controls.map((c) => ({ ...c })),
    replaceTaggedContent: async (tag, piece, options) => {
      replaced.push({ tag, piece, ...(options ? { options } : {}) });
      for (const c of controls) if (c.tag === tag) Object.assign(c, { tag: piece.tag ?? tag });
    },
  };
  return { host, replaced };
}

describe("the Document tab's tracked update when signed in to a team library", () => {
  it("is by the signed-in user", async () => {
    const { host, replaced } = await word();
    await seedDocument(host, [SECTION]);
    const pane = await renderApp(host, { library: async () => library() });
    const user = userEvent.setup();

    await user.click(screen.getByRole("tab", { name: "Manage" }));
    const team = await screen.findByRole("region", { name: "Team library" });
    await user.click(within(team).getByRole("button", { name: "Connect to a team server…" }));
    await user.type(within(team).getByRole("textbox", { name: "Team server address" }), URL_);
    await user.click(within(team).getByRole("textbox", { name: "Sign-in token" }));
    await user.paste("a-token");
    await user.click(within(team).getByRole("button", { name: "Connect with token" }));
    await waitFor(() => expect(within(team).getByText(/^Connected as bob@x\.test/)).toBeTruthy());

    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await screen.findByRole("list", { name: "Snippets in this document" });
    await user.click(screen.getByRole("button", { name: "Update Payment terms to version 2" }));
    await screen.findByText(/Updated “Payment terms” to version 2 as \d+ tracked changes/);

    expect(replaced).toHaveLength(1);
    const [{ piece, options }] = replaced as [Replaced];
    expect(options).toEqual({ tracked: true });
    const zip = await JSZip.loadAsync(Buffer.from(piece.base64, "base64"));
    const xml = await zip.file("word/document.xml")!.async("string");
    const authors = new Set([...xml.matchAll(/<w:(?:ins|del) [^>]*w:author="([^"]*)"/g)].map((m) => m[1]));
    expect([...authors]).toEqual(["bob@x.test"]);
    expect(xml).toContain("<w:delText");
    pane.unmount();
  });
});
