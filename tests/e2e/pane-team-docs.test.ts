// Issue 26: a new user following only docs/team-library.md › "Two panes on one computer": the server
// started with `npm run server` (nothing configured: dev mode), the pane started with `npm start` (the
// webpack dev server, as on any machine without Word) and opened where it says, tokens from
// `npm run server:dev-token`. Ana connects, is in no library yet, creates "Legal", invites Bob as
// approver (Invited until he signs in), writes a snippet with a variable (the check names the missing
// variable until she adds it), submits it; Bob's pane approves it from a review queue that shows the Word
// preview and the changes; Ana's pane shows it approved without reloading. No curl anywhere.
//
// Other people's servers may hold the documented ports (3000, 3100) on this machine: both run on free
// ports with the settings the docs give for that (PORT, SECTIONSMITH_PANE_PORT, and the two that let the
// pane and the server find each other there: SECTIONSMITH_TEAM_SERVERS, SECTIONSMITH_CORS_ORIGINS).
//
// The tests in this file share the panes and run in order.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { launchBrowser } from "../support/browser";
import { startDocumentedPane, type DocumentedPane } from "./support/documented-pane";
import { startDocumentedServer, type DocumentedServer } from "./support/documented-server";
import { openPane, type OpenPane } from "./support/pane";
import {
  connection,
  connectWithToken,
  shotsAtPaneWidths,
  teamRow,
  teamSection,
  until,
} from "./support/team-pane";
import { freePort } from "../support/server-process";

const SHOTS = join(tmpdir(), "sectionsmith-pane-team-docs");
mkdirSync(SHOTS, { recursive: true });
const ANA = "ana@x.test";
const BOB = "bob@x.test";

let pane: DocumentedPane;
let server: DocumentedServer;
let browser: Browser;
let ana: OpenPane;
let bob: OpenPane;

beforeAll(async () => {
  // The server first, told the pane's origin; then `npm start`, told the server's address.
  const panePort = await freePort();
  server = await startDocumentedServer(`http://localhost:${panePort}`);
  pane = await startDocumentedPane({ port: panePort, teamServers: server.url });
  browser = await launchBrowser();
  ana = await openPane({ browser, url: pane.url });
  bob = await openPane({ browser, url: pane.url });
  for (const p of [ana, bob]) await p.context.grantPermissions(["local-network-access"]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await pane?.close();
  await server?.close();
});

async function connect(page: Page, user: string): Promise<void> {
  await connectWithToken(page, server.url, server.token(user));
}

const shots = (page: Page, name: string, target = teamSection(page)) =>
  shotsAtPaneWidths(page, SHOTS, name, target, 900);

describe("two panes sharing a team library, set up from the pane as the docs say", () => {
  it("Ana connects from the dev pane's origin (no CORS refusal) and, in no library yet, creates Legal", async () => {
    const page = ana.page;
    // The page `npm start` printed, from the dev server (not a production build).
    expect(new URL(page.url()).origin).toBe(new URL(pane.url).origin);
    expect(pane.output()).toContain("webpack-dev-server");
    await connect(page, ANA);
    await until(() => connection(page).textContent()).toBe(`Connected as ${ANA}`);
    expect(await teamSection(page).textContent()).toContain("not a member of any team library");
    const create = page.getByRole("form", { name: "Create a team library" });
    await create.getByRole("textbox", { name: /Library name/ }).fill("Legal");
    expect(await create.getByRole("textbox", { name: "Library id" }).inputValue()).toBe("legal");
    await create.getByRole("button", { name: "Create library" }).click();
    await until(() => connection(page).textContent()).toMatch(
      new RegExp(`^Connected as ${ANA} · Legal \\(admin\\)`),
    );
  });

  it("Ana invites Bob as approver: he is listed as invited until he signs in, then his pane finds Legal", async () => {
    const page = ana.page;
    const add = page.getByRole("form", { name: "Add a member" });
    await add.getByRole("textbox", { name: /Sign-in name/ }).fill(BOB);
    await add.getByRole("combobox", { name: "Role" }).selectOption("approver");
    await add.getByRole("button", { name: "Add member" }).click();
    const row = teamSection(page).locator(`[data-team-member="${BOB}"]`);
    await until(() => row.locator("[data-team-invited]").count()).toBe(1);
    expect(await row.getByRole("combobox", { name: `Role of ${BOB}` }).inputValue()).toBe("approver");
    await shots(page, "members", page.getByRole("region", { name: "Members" }).first());

    await connect(bob.page, BOB);
    await until(() => connection(bob.page).textContent()).toMatch(
      new RegExp(`^Connected as ${BOB} · Legal \\(approver\\)`),
    );
  });

  it("Ana writes a snippet with {{courtCity}}: the check names the missing variable, she adds it, saves and submits", async () => {
    const page = ana.page;
    await teamSection(page).getByRole("button", { name: "New team snippet" }).click();
    const form = page.getByRole("form", { name: "New team snippet" });
    await form.getByRole("textbox", { name: "Id" }).fill("court");
    await form.getByRole("textbox", { name: "Title" }).fill("Competent court");
    await form.getByRole("textbox", { name: "Text (Markdown)" }).fill("The courts of {{courtCity}} decide.");
    const problems = form.getByRole("region", { name: "Problems" });
    await until(() => problems.textContent()).toMatch(/courtCity/);
    expect(await problems.textContent()).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
    const save = form.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await form.getByRole("button", { name: "Add variable" }).click();
    await form
      .getByRole("group", { name: "Variable field1" })
      .getByRole("textbox", { name: "Name" })
      .fill("courtCity");
    await until(() => problems.textContent()).toBe("No problems.");
    await shots(page, "editor", form);
    await until(() => save.isDisabled()).toBe(false);
    await save.click();
    await until(() => teamRow(page, "court").locator("[data-team-status]").textContent()).toBe(
      `v1 Draft · owner ${ANA}`,
    );
    await teamRow(page, "court").getByRole("button", { name: "Submit Competent court for review" }).click();
    await until(() => teamSection(page).locator("[data-team-queue]").textContent()).toBe(
      "All changes are on the server.",
    );
  });

  it("Bob's review queue shows the Word preview; he approves; Ana's pane shows it approved without reloading", async () => {
    const page = bob.page;
    const review = teamSection(page).locator('[data-team-review="court"]');
    await review.waitFor({ timeout: 30_000 });
    await review.getByRole("region", { name: "Changes in Competent court" }).waitFor();
    await review.locator("iframe").first().waitFor({ timeout: 30_000 });
    await shots(page, "review", review);
    await review.getByRole("button", { name: "Approve" }).click();
    await until(() => teamRow(ana.page, "court").locator("[data-team-status]").textContent(), 60_000).toBe(
      `v1 Approved · owner ${ANA}`,
    );
    // And Bob's binding shows on Ana's list: no longer invited.
    await ana.page.getByRole("button", { name: "Sync now" }).click();
    await until(() =>
      teamSection(ana.page).locator(`[data-team-member="${BOB}"] [data-team-invited]`).count(),
    ).toBe(0);
  });

  it("the usage and review report is there for approvers, and fits 320 px", async () => {
    const page = bob.page;
    const report = teamSection(page).getByRole("region", { name: "Never used" });
    await page.getByRole("button", { name: "Refresh" }).click();
    await until(() => report.textContent()).toContain("Competent court");
    await shots(page, "report", teamSection(page).locator("#team-reports-title"));
    expect(ana.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
