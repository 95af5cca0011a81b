// Two panes and a real team server (issue 16): Ana authors a team snippet and submits it, Bob approves it
// in his pane, and Ana's pane shows the approval without reloading. Then the server stops, Ana adds a
// version offline (it queues in IndexedDB), the server restarts on the same data folder, and the
// version reaches it. Along the way: the team snippet is found by the Library's search beside the
// personal library, marked as the team's, and downloading a document with it reports its use.
//
// The tests in this file share the panes and run in order.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import { addToDocument, docxText, download, searchBox, showDocument, tab } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import {
  connection,
  connectWithToken,
  queueLine,
  sayingWhatPaneShows,
  shotsAtPaneWidths,
  teamRow,
  teamSection,
  until,
} from "./support/team-pane";
import { allowTeamServer, startTeamServer, type TeamServer } from "./support/team-server";

/** Screenshots of what this test adds to the pane, to look at (not compared). */
const SHOTS = join(tmpdir(), "sectionsmith-pane-team");
mkdirSync(SHOTS, { recursive: true });

const ANA = "ana@x.test"; // admin: authors
const BOB = "bob@x.test"; // approver

let session: PaneSession;
let server: TeamServer;
let ana: OpenPane;
let bob: OpenPane;

beforeAll(async () => {
  session = await startPane();
  server = await startTeamServer(new URL(session.url).origin);
  const created = await server.call(ANA, "POST", "/libraries", { body: { id: "legal", name: "Legal" } });
  expect(created.status).toBe(201);
  const member = await server.call(ANA, "PUT", `/libraries/legal/members/${BOB}`, {
    body: { role: "approver" },
    ifMatch: created.body.revision,
  });
  expect(member.status).toBe(200);
  const html = (h: string) => allowTeamServer(h, server.url);
  ana = await openPane(session, { html });
  bob = await openPane(session, { html });
  // The server is on loopback: Chromium asks the user before a page may reach it (Local Network
  // Access); a team server on the network (https) needs no such permission.
  for (const pane of [ana, bob]) await pane.context.grantPermissions(["local-network-access"]);
});

afterAll(async () => {
  await server?.close();
  await session?.close();
});

async function connect(page: Page, user: string): Promise<void> {
  await connectWithToken(page, server.url, await server.token(user));
  await until(() => connection(page).textContent()).toMatch(new RegExp(`^Connected as ${user} · Legal`));
}

describe("team library in two panes", () => {
  it("signs both panes in with the server's dev issuer", async () => {
    await connect(ana.page, ANA);
    await connect(bob.page, BOB);
    await until(() => connection(bob.page).textContent()).toContain("(approver)");
  });

  it("Ana writes a team snippet and submits it for review", async () => {
    const page = ana.page;
    await teamSection(page).getByRole("button", { name: "New team snippet" }).click();
    const form = page.getByRole("form", { name: "New team snippet" });
    await form.getByRole("textbox", { name: "Id" }).fill("team-clause");
    await form.getByRole("textbox", { name: "Title" }).fill("Team confidentiality");
    await form.getByRole("textbox", { name: "Text (Markdown)" }).fill("The parties keep the team's secrets.");
    await form.getByRole("button", { name: "Save" }).click();
    await until(() => teamRow(page, "team-clause").locator("[data-team-status]").textContent()).toBe(
      `v1 Draft · owner ${ANA}`,
    );
    await teamRow(page, "team-clause")
      .getByRole("button", { name: "Submit Team confidentiality for review" })
      .click();
    await until(
      async () =>
        (await server.call(ANA, "GET", "/libraries/legal/snippets/team-clause")).body?.versions?.[0]?.status,
    ).toBe("in_review");
    await until(() => queueLine(page).textContent()).toBe("All changes are on the server.");
  });

  it("Bob sees it in his review queue and approves it; Ana's pane shows the approval without reloading", async () => {
    const review = teamSection(bob.page).locator('[data-team-review="team-clause"]');
    await review.waitFor({ timeout: 30_000 });
    expect(await review.textContent()).toContain("The parties keep the team's secrets.");
    await review.getByRole("button", { name: "Approve" }).click();
    await sayingWhatPaneShows(
      bob.page,
      until(
        async () => (await server.call(BOB, "GET", "/libraries/legal/snippets/team-clause")).body.versions[0],
      ).toMatchObject({
        status: "approved",
        approvedBy: BOB,
      }),
    );
    // Ana's pane was not reloaded: it learns of the approval by itself.
    await until(() => teamRow(ana.page, "team-clause").locator("[data-team-status]").textContent()).toBe(
      `v1 Approved · owner ${ANA}`,
    );
  });

  it("finds the team snippet by search beside the personal library, marked as the team's", async () => {
    const page = bob.page;
    await tab(page, "Library").click();
    await searchBox(page).fill("team confidentiality");
    const results = page.getByRole("region", { name: "Results" });
    const row = results.locator('[data-snippet-id="team-clause"]');
    await row.waitFor();
    expect(await row.locator("[data-team-mark]").getAttribute("data-team-mark")).toBe("approved");
    expect(await row.textContent()).toContain(`Owner ${ANA}`);
    // The personal (starter) library is still searched too.
    await searchBox(page).fill("signature");
    await results.getByRole("button", { name: "Signature block", exact: true }).waitFor();
  });

  it("filters the Library to the team's snippets and to the personal ones (Source)", async () => {
    const page = bob.page;
    await searchBox(page).fill("");
    const source = page.getByRole("combobox", { name: "Source" });
    const listed = () =>
      page
        .getByRole("region", { name: /^(Results|All snippets)$/ })
        .locator("[data-snippet-id]")
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-snippet-id")));
    await source.click();
    await page.getByRole("option", { name: "Team (1)" }).click();
    await until(listed).toEqual(["team-clause"]);
    await shotsAtPaneWidths(page, SHOTS, "library-team");
    // Keyboard: the Source box opens with Enter, arrows pick Personal.
    await source.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: /^Personal \(\d+\)$/ }).waitFor();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await until(async () => (await listed()).length).toBeGreaterThan(1);
    const personal = await listed();
    expect(personal).not.toContain("team-clause");
    expect(await source.textContent()).toMatch(/^Personal \(\d+\)$/);
    await source.click();
    await page.getByRole("option", { name: "All libraries" }).click();
    await until(async () => (await listed()).length).toBe(personal.length + 1);
  });

  it("downloading a document with the team snippet reports its use (id and version, no text)", async () => {
    const page = bob.page;
    await searchBox(page).fill("team confidentiality");
    await page
      .getByRole("region", { name: "Results" })
      .getByRole("button", { name: "Team confidentiality", exact: true })
      .click();
    await addToDocument(page, "Team confidentiality");
    await showDocument(page);
    const file = await download(page);
    await expectValidDocx(file.bytes);
    expect(await docxText(file.bytes)).toContain("The parties keep the team's secrets.");
    await until(async () => (await server.call(ANA, "GET", "/libraries/legal/usage/most-used")).body).toEqual(
      [expect.objectContaining({ id: "team-clause", downloads: 1, inserts: 0 })],
    );
  });

  it("keeps working offline: a version made while the server is down syncs when it is back", async () => {
    const page = ana.page;
    await server.stop();
    await until(() => connection(page).getAttribute("data-team-connection")).toBe("offline");
    await teamRow(page, "team-clause")
      .getByRole("button", { name: "New version of Team confidentiality" })
      .click();
    const form = page.getByRole("form", { name: "New version of Team confidentiality" });
    await form.getByRole("textbox", { name: "Text (Markdown)" }).fill("Written while the server was away.");
    await form.getByRole("button", { name: "Save" }).click();
    await until(() => queueLine(page).textContent()).toBe("1 change is waiting for the server.");
    expect(await teamRow(page, "team-clause").locator("[data-team-status]").textContent()).toBe(
      `v2 Draft · waiting to sync · owner ${ANA}`,
    );
    // Still usable from the copy in IndexedDB: the Library finds the team snippet.
    await tab(page, "Library").click();
    await searchBox(page).fill("team confidentiality");
    await page.getByRole("region", { name: "Results" }).locator('[data-snippet-id="team-clause"]').waitFor();

    await server.start();
    await tab(page, "Manage").click();
    await until(() => queueLine(page).textContent(), 60_000).toBe("All changes are on the server.");
    const stored = await server.call(ANA, "GET", "/libraries/legal/snippets/team-clause");
    expect(stored.body.versions.map((v: { snippet: { body: string } }) => v.snippet.body)).toEqual([
      "The parties keep the team's secrets.",
      "Written while the server was away.",
    ]);
    await until(() => teamRow(page, "team-clause").locator("[data-team-status]").textContent()).toBe(
      `v2 Draft · owner ${ANA}`,
    );
    // Bob's pane sees the new draft too.
    await tab(bob.page, "Manage").click();
    await until(() => teamRow(bob.page, "team-clause").locator("[data-team-status]").textContent()).toBe(
      `v2 Draft · owner ${ANA}`,
    );
  });

  it("Ana deprecates an approved team snippet naming its successor; Bob's pane shows it on its next round", async () => {
    // An approved snippet to retire, made through the API (Ana writes, Bob approves).
    const made = await server.call(ANA, "POST", "/libraries/legal/snippets", {
      body: { id: "old-terms", title: "Old terms", body: "The old wording." },
    });
    expect(made.status).toBe(201);
    const sent = await server.call(ANA, "POST", "/libraries/legal/snippets/old-terms/versions/1/submit", {
      ifMatch: made.body.revision,
    });
    const approved = await server.call(
      BOB,
      "POST",
      "/libraries/legal/snippets/old-terms/versions/1/approve",
      {
        ifMatch: sent.body.revision,
      },
    );
    expect(approved.body.versions[0].status).toBe("approved");

    const page = ana.page;
    await tab(page, "Manage").click();
    const deprecate = teamRow(page, "old-terms").getByRole("button", { name: "Deprecate Old terms…" });
    await until(() => deprecate.count()).toBe(1);
    await deprecate.click();
    const form = page.getByRole("form", { name: "Deprecate Old terms" });
    // Keyboard: the successor box has the focus; Enter opens it, Down and Enter pick the successor.
    const box = form.getByRole("combobox", { name: /Use instead/ });
    await until(() => box.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "Team confidentiality (team-clause)" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await box.textContent()).toBe("Team confidentiality (team-clause)");
    await shotsAtPaneWidths(page, SHOTS, "deprecate", form);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // Deprecate
    await until(
      async () => (await server.call(BOB, "GET", "/libraries/legal/snippets/old-terms")).body.versions[0],
    ).toMatchObject({ status: "deprecated", replacedBy: "team-clause" });
    await until(() => queueLine(page).textContent()).toBe("All changes are on the server.");

    // Bob's pane was not reloaded: its next round shows the deprecation and the successor.
    await tab(bob.page, "Manage").click();
    const row = teamRow(bob.page, "old-terms");
    await until(() => row.locator("[data-team-status]").textContent()).toBe(`v1 Deprecated · owner ${ANA}`);
    expect(await row.locator("[data-team-successor]").textContent()).toBe(
      "Use “Team confidentiality” instead.",
    );
    await tab(bob.page, "Library").click();
    await searchBox(bob.page).fill("old terms");
    const found = bob.page.getByRole("region", { name: "Results" }).locator('[data-snippet-id="old-terms"]');
    await until(() => found.locator("[data-team-mark]").getAttribute("data-team-mark")).toBe("deprecated");
    expect(await found.textContent()).toContain("use team-clause instead");
  });

  it("fits a 320 px pane without scrolling sideways", async () => {
    const page = ana.page;
    await page.setViewportSize({ width: 320, height: 800 });
    await tab(page, "Manage").click();
    // The standalone notice is not the team library's (it is dismissed as a user would).
    await page.getByRole("button", { name: "Dismiss the notice" }).click();
    await teamSection(page).waitFor();
    const wider = await teamSection(page).evaluate((root) =>
      [root, ...root.querySelectorAll("*")]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((e) => `${e.tagName} ${(e.textContent ?? "").slice(0, 40)}`),
    );
    expect(wider).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // While the server was stopped the browser logged the refused connections; nothing else.
    expect(ana.errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
  });
});
