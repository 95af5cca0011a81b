/**
 * @jest-environment jsdom
 */
import "../setup";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "@jest/globals";
import { TeamView } from "../../../src/taskpane/components/TeamView/TeamView";
import { useTeam } from "../../../src/taskpane/hooks/use-team";
import { DEFAULT_SETTINGS } from "../../../src/taskpane/model/document";
import { openStore, type KeyValueStore } from "../../../src/taskpane/model/storage";
import { fakeHost } from "../fake-host";
import { fakeTeamServer } from "./fake-team-server";

// Connecting as a new user does (issue 26): a server that refuses this page's origin (CORS) is told
// apart from one that is not there, neither is called "offline" (the pane never had a copy of it), and a
// user added to a library after connecting sees it without connecting again — by the pane's own rounds
// and by Sync now.

const URL_ = "https://team.example";
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

let n = 0;
function Pane({ store, pollMs }: { store: KeyValueStore; pollMs: number }) {
  const team = useTeam(store, fakeHost(), pollMs);
  return <TeamView team={team} settings={DEFAULT_SETTINGS} today={new Date("2026-11-01T00:00:00Z")} />;
}
async function renderPane(pollMs = 60_000) {
  const store = await openStore(`team-connect-${n++}`);
  render(<Pane store={store} pollMs={pollMs} />);
  return screen.getByRole("region", { name: "Team library" });
}
async function connect(team: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(team).getByRole("button", { name: "Connect to a team server…" }));
  await user.type(within(team).getByRole("textbox", { name: "Team server address" }), URL_);
  await user.click(within(team).getByRole("textbox", { name: "Sign-in token" }));
  await user.paste("a-token");
  await user.click(within(team).getByRole("button", { name: "Connect with token" }));
}
const statusLine = (team: HTMLElement) => team.querySelector("[data-team-connection]")!.textContent ?? "";

describe("connecting to a team server", () => {
  it("says the server refused this add-in's origin (CORS) when it answers a request that needs no CORS", async () => {
    // The browser's CORS refusal: the request fails as a network error, but a no-cors request gets through.
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.mode === "no-cors") return { ok: false, status: 0, type: "opaque" } as Response;
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const user = userEvent.setup();
    const team = await renderPane();
    await connect(team, user);
    await waitFor(() => expect(within(team).getByText(/does not allow this add-in/)).toBeTruthy());
    const message = within(team).getByText(/does not allow this add-in/).textContent!;
    expect(message).toContain(`(${location.origin})`);
    expect(message).toContain(`add ${location.origin} to SECTIONSMITH_CORS_ORIGINS`);
    expect(statusLine(team)).toBe("Not connected: the team server was not reached");
    expect(team.textContent).not.toMatch(/Offline/);
  });

  it("says nothing answered when the server is not there, and never calls it offline", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const user = userEvent.setup();
    const team = await renderPane();
    await connect(team, user);
    await waitFor(() => expect(within(team).getByText(/^Could not reach/)).toBeTruthy());
    expect(within(team).getByText(/^Could not reach/).textContent).toContain("nothing answered");
    expect(team.textContent).not.toMatch(/does not allow this add-in/);
    expect(statusLine(team)).toBe("Not connected: the team server was not reached");
    expect(team.textContent).not.toMatch(/Offline/);
  });
});

describe("learning of a new membership without connecting again", () => {
  const serve = (server: ReturnType<typeof fakeTeamServer>) => {
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      server.fetch(String(input).slice(URL_.length), init)) as typeof fetch;
  };

  it("a pane's own rounds ask which libraries the user is in until there is one", async () => {
    const server = fakeTeamServer("bob@x.test", "author", { member: false });
    serve(server);
    const user = userEvent.setup();
    const team = await renderPane(200);
    await connect(team, user);
    await waitFor(() => expect(within(team).getByText(/not a member of any team library/)).toBeTruthy());
    server.setMember(true); // the admin adds Bob
    await waitFor(() => expect(statusLine(team)).toMatch(/^Connected as bob@x\.test · Legal \(author\)/));
    expect(team.textContent).not.toMatch(/not a member/);
  });

  it("Sync now asks the server at once (the rounds are far apart here)", async () => {
    const server = fakeTeamServer("bob@x.test", "author", { member: false });
    serve(server);
    const user = userEvent.setup();
    const team = await renderPane(600_000);
    await connect(team, user);
    await waitFor(() => expect(within(team).getByText(/not a member of any team library/)).toBeTruthy());
    server.setMember(true);
    const before = server.requests.length;
    await user.click(within(team).getByRole("button", { name: "Sync now" }));
    await waitFor(() => expect(statusLine(team)).toMatch(/^Connected as bob@x\.test · Legal \(author\)/));
    expect(server.requests.slice(before)).toContain("GET /me");
    expect(server.requests.slice(before)).toContain("GET /libraries/legal");
  });
});
