/**
 * @jest-environment jsdom
 */
// Issue 27: the pane says things as a lawyer would. A new, empty snippet does not greet its author with
// "ID_INVALID" and "FIELD_LENGTH"; a form is headed by the snippet's title and version, not by its id;
// the Locale's help names no standard ("BCP 47"); counts agree ("Exported 7 snippets" under a heading of
// 5 snippets was counting versions); and a team status never reads "Not connected as …".
import "./setup";
import { readFileSync } from "node:fs";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { fakeHost } from "./fake-host";
import { renderApp, seedDocument } from "./render-app";
import { fakeTeamServer } from "./team/fake-team-server";

jest.mock("../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
}));

const saved: string[] = [];
jest.mock("../../src/taskpane/model/download", () => ({
  ...jest.requireActual<typeof import("../../src/taskpane/model/download")>("../../src/taskpane/model/download"),
  saveBlob: (_blob: Blob, name: string) => saved.push(name),
}));

const server = fakeTeamServer("alice@example.com");
const URL_ = "https://team.example";
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

const openManage = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  await screen.findByRole("list", { name: "Snippets in your library" });
  return user;
};

describe("a lawyer's words", () => {
  it("a new snippet lists no problems before anything is typed, and then names the field in words", async () => {
    await renderApp(fakeHost());
    const user = await openManage();
    await user.click(screen.getByRole("button", { name: "New snippet" }));
    const problems = screen.getByRole("region", { name: "Problems" });
    // The check runs (debounced) and finds the empty id and title: not shown until the author gets there.
    await new Promise((done) => setTimeout(done, 600));
    expect(problems.textContent).not.toMatch(/ID_INVALID|FIELD_LENGTH/);
    expect(problems.textContent).not.toMatch(/must be/);

    fireEvent.change(screen.getByRole("textbox", { name: "Body (Markdown)" }), { target: { value: "Some text." } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(problems.textContent).toMatch(/Id: give the snippet an id/));
    expect(problems.textContent).toMatch(/Title: give the snippet a title/);
    expect(problems.textContent).not.toMatch(/^ID_INVALID|· ID_INVALID|FIELD_LENGTH:/);
  });

  it("a snippet's form is headed by its title and version, not by its id", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search snippets" }), "payment");
    await user.click(within(screen.getByRole("region", { name: "Results" })).getByRole("button", { name: "Payment terms" }));
    const heading = await screen.findByRole("heading", { level: 2, name: /^Payment terms/ });
    const header = heading.closest("header")!;
    expect(header.textContent).not.toMatch(/payment@\d/);
    expect(header.textContent).toMatch(/Version \d/);
  });

  it("the outline names a section's version, not its id", async () => {
    const host = fakeHost();
    await seedDocument(host, [{ snippet: "payment", title: "Payment terms" }]);
    await renderApp(host);
    await userEvent.setup().click(screen.getByRole("tab", { name: /Document/ }));
    const outline = await screen.findByRole("list", { name: "Document outline" });
    expect(outline.textContent).not.toMatch(/payment@\d/);
    expect(outline.textContent).toMatch(/Version \d/);
  });

  it("Document settings explain the locale without naming a standard", async () => {
    const host = fakeHost();
    await seedDocument(host, [{ snippet: "payment" }]);
    await renderApp(host);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Document/ }));
    await user.click(await screen.findByRole("button", { name: "Document settings" }));
    const locale = screen.getByRole("combobox", { name: /Locale/ });
    const field = locale.closest(".fui-Field")!;
    expect(field.textContent).not.toMatch(/BCP/);
    expect(field.textContent).toMatch(/en-GB/);
  });

  it("Export counts snippets as the heading does, and says how many versions", async () => {
    // The starter library holds more versions than snippets (payment-terms 1 and 2, …).
    await renderApp(fakeHost(), {
      library: async () => JSON.parse(readFileSync("assets/starter-library.json", "utf8")) as unknown,
    });
    const user = await openManage();
    const heading = screen.getByRole("heading", { level: 2, name: /snippets/ }).textContent ?? "";
    const snippets = Number(/\((\d+) snippets/.exec(heading)?.[1]);
    const versions = Number(/(\d+) versions/.exec(heading)?.[1]);
    expect(versions).toBeGreaterThan(snippets);
    await user.click(screen.getByRole("button", { name: "Export library" }));
    expect(screen.getByText(`Exported ${snippets} snippets (${versions} versions) to sectionsmith-library.json.`)).toBeTruthy();
  });

  it("a disconnected team library says “Not connected”, not “Not connected as …”", async () => {
    await renderApp(fakeHost());
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Manage" }));
    const team = await screen.findByRole("region", { name: "Team library" });
    await user.click(within(team).getByRole("button", { name: "Connect to a team server…" }));
    await user.type(within(team).getByRole("textbox", { name: "Team server address" }), URL_);
    await user.click(within(team).getByRole("textbox", { name: "Sign-in token" }));
    await user.paste("a-token");
    await user.click(within(team).getByRole("button", { name: "Connect with token" }));
    await waitFor(() => expect(within(team).getByText(/^Connected as alice@example\.com/)).toBeTruthy());
    await user.click(within(team).getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(within(team).getByText(/^Not connected/)).toBeTruthy());
    expect(within(team).getByRole("status").textContent).not.toMatch(/Not connected as/);
  });
});
