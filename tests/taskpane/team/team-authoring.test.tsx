/**
 * @jest-environment jsdom
 */
import "../setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { fakeHost } from "../fake-host";
import { renderApp } from "../render-app";
import { fakeTeamServer } from "./fake-team-server";

// Issue 26: an admin sets the team library up from the pane (members by sign-in name, invited until their
// first sign-in, roles, removal) and authors team snippets with the personal editor's parts — variables,
// the engine's check as they type (in the user's words, no codes) and nothing sent while it finds errors.

jest.mock("../../../src/taskpane/preview/render-docx", () => ({
  renderDocxPreview: jest.fn(async () => undefined),
  refitPreview: jest.fn(),
}));

const server = fakeTeamServer("ana@x.test", "admin");
const URL_ = "https://team.example";
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(URL_)) return realFetch(input, init);
    return server.fetch(url.slice(URL_.length), init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const team = () => screen.getByRole("region", { name: "Team library" });

async function openConnected(user: ReturnType<typeof userEvent.setup>) {
  const host = fakeHost();
  const store = await (await import("../../../src/taskpane/model/storage")).openStore(host.storageKey());
  await store.set("team:settings", { url: URL_, signIn: { kind: "token", token: "t" }, library: "legal" });
  await renderApp(host);
  await user.click(screen.getByRole("tab", { name: "Manage" }));
  await screen.findByRole("region", { name: "Team library" });
  await waitFor(() =>
    expect(within(team()).getByText(/^Connected as ana@x\.test · Legal \(admin\)/)).toBeTruthy(),
  );
}

describe("the team library's admin and authors in the pane", () => {
  it("an admin invites a member by sign-in name, sees them as invited, changes their role and removes them", async () => {
    const user = userEvent.setup();
    await openConnected(user);
    const members = await within(team()).findByRole("list", { name: "Members" });
    await waitFor(() => expect(within(members).getByText("ana@x.test")).toBeTruthy());
    const add = within(team()).getByRole("form", { name: "Add a member" });
    await user.type(within(add).getByRole("textbox", { name: /Sign-in name/ }), "Bob@X.test");
    await user.selectOptions(within(add).getByRole("combobox", { name: "Role" }), "approver");
    await user.click(within(add).getByRole("button", { name: "Add member" }));
    await waitFor(() =>
      expect(server.members.get("bob@x.test")).toEqual({
        user: "bob@x.test",
        role: "approver",
        invited: true,
      }),
    );
    const bob = await waitFor(() => team().querySelector('[data-team-member="bob@x.test"]') as HTMLElement);
    expect(bob.querySelector("[data-team-invited]")?.textContent).toBe("Invited");
    expect(bob.textContent).toContain("Not signed in yet");

    await user.selectOptions(within(bob).getByRole("combobox", { name: "Role of bob@x.test" }), "reader");
    await waitFor(() => expect(server.members.get("bob@x.test")?.role).toBe("reader"));
    // Bob signs in (his invitation binds): the list, read again, no longer says invited.
    server.members.set("bob@x.test", { user: "bob@x.test", role: "reader", invited: false });
    await user.click(within(team()).getByRole("button", { name: "Sync now" }));
    await user.click(within(bob).getByRole("button", { name: "Remove bob@x.test" }));
    await waitFor(() => expect(server.members.has("bob@x.test")).toBe(false));
    await waitFor(() => expect(team().querySelector('[data-team-member="bob@x.test"]')).toBeNull());
  });

  it("a team snippet with {{courtCity}} is not sent until the variable exists; the problem is in words", async () => {
    const user = userEvent.setup();
    await openConnected(user);
    await user.click(within(team()).getByRole("button", { name: "New team snippet" }));
    const form = within(team()).getByRole("form", { name: "New team snippet" });
    await user.type(within(form).getByRole("textbox", { name: /^Id/ }), "court");
    await user.type(within(form).getByRole("textbox", { name: /^Title/ }), "Court");
    await user.type(
      within(form).getByRole("textbox", { name: /^Text/ }),
      "The courts of {{{{courtCity}} decide.",
    );
    const problems = within(form).getByRole("region", { name: "Problems" });
    await waitFor(() => expect(problems.textContent).toMatch(/courtCity/));
    expect(problems.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/); // no engine code as the message
    expect(problems.textContent).toMatch(/^Line 1: /);
    const save = within(form).getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);

    await user.click(within(form).getByRole("button", { name: "Add variable" }));
    const variable = within(form).getByRole("group", { name: "Variable field1" });
    const name = within(variable).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "courtCity");
    await waitFor(() => expect(problems.textContent).toBe("No problems."));
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    await user.click(save);
    await waitFor(() => expect(server.snippets.get("court")).toBeDefined());
    expect(server.snippets.get("court")!.versions[0]!.snippet).toMatchObject({
      id: "court",
      title: "Court",
      body: "The courts of {{courtCity}} decide.",
      variables: [{ name: "courtCity", type: "text" }],
    });
  });

  it("approvers see most used, never used and due-for-review snippets, and open each in the Snippet view", async () => {
    const at = "2026-10-01T00:00:00.000Z";
    const approved = (id: string, title: string, reviewBy: string | null) => ({
      library: "legal",
      id,
      owner: "ana@x.test",
      reviewBy,
      revision: 2,
      createdAt: at,
      updatedAt: at,
      versions: [
        {
          version: 1,
          status: "approved" as const,
          createdBy: "cy@x.test",
          createdAt: at,
          submittedBy: "cy@x.test",
          approvedBy: "ana@x.test",
          approvedAt: at,
          replacedBy: null,
          comment: null,
          snippet: { id, title, body: `${title} text.` },
        },
      ],
    });
    server.seed(approved("nda", "Team NDA", null));
    server.seed(approved("old-law", "Old governing law", "2026-01-01"));
    server.seed(approved("spare", "Spare clause", null));
    server.reports.mostUsed = [{ id: "nda", uses: 12, inserts: 9, downloads: 3, lastUsed: at }];
    server.reports.freshness = {
      stale: [{ id: "old-law", reviewBy: "2026-01-01" }],
      rarelyUsed: [{ id: "spare", uses: 0 }],
      oftenUsedUnreviewed: [{ id: "nda", uses: 12, reviewBy: null }],
    };
    const user = userEvent.setup();
    await openConnected(user);
    const most = await within(team()).findByRole("region", { name: "Most used" });
    await waitFor(() => expect(most.textContent).toContain("Team NDA12 uses (9 inserted, 3 downloaded)"));
    const never = within(team()).getByRole("region", { name: "Never used" });
    expect(never.textContent).toContain("Spare clause");
    const due = within(team()).getByRole("region", { name: "Due for review" });
    expect(due.textContent).toContain("Old governing law");
    expect(due.textContent).toContain("stale: review was due 2026-01-01");
    expect(due.textContent).toContain("12 uses, no review date");
    expect(server.requests).toContain("GET /libraries/legal/usage/most-used");
    expect(server.requests).toContain("GET /libraries/legal/freshness");
    // 90 days asks again.
    await user.selectOptions(within(team()).getByRole("combobox", { name: "Period" }), "90");
    await waitFor(() => expect(within(team()).getByText(/not used in 90 days/)).toBeTruthy());
    // Open: the Snippet view of that snippet.
    await waitFor(() =>
      expect(within(never).getByRole("button", { name: "Open Spare clause" })).toBeTruthy(),
    );
    await waitFor(async () => {
      await user.click(within(never).getByRole("button", { name: "Open Spare clause" }));
      expect(screen.getByRole("tab", { name: "Snippet", selected: true })).toBeTruthy();
    });
    await screen.findByRole("heading", { name: "Spare clause" });
  });
});
