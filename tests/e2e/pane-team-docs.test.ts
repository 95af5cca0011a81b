// Issue 26: a new user following only docs/team-library.md › "Two panes on one computer": the server
// started with `npm run server` (nothing configured: dev mode), the pane where `npm start` serves it
// (http://localhost:3000, the dev server's origin, which the dev server allows by default), tokens from
// `npm run server:dev-token`. Ana connects, is in no library yet, creates "Legal", invites Bob as
// approver (Invited until he signs in), writes a snippet with a variable (the check names the missing
// variable until she adds it), submits it; Bob's pane approves it from a review queue that shows the Word
// preview and the changes; Ana's pane shows it approved without reloading. No curl anywhere.
//
// The tests in this file share the panes and run in order.

import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { poll } from "../support/poll";
import { tab } from "./support/flow";
import { openPane, startPane, type OpenPane, type PaneSession } from "./support/pane";
import { startDocumentedServer, type DocumentedServer } from "./support/documented-server";
import { allowTeamServer } from "./support/team-server";

const SHOTS = join(tmpdir(), "sectionsmith-pane-team-docs");
mkdirSync(SHOTS, { recursive: true });
const ANA = "ana@x.test";
const BOB = "bob@x.test";
/** Where `npm start` serves the pane (package.json config.dev_server_port). */
const DEV_ORIGIN = "http://localhost:3000";

let session: PaneSession;
let server: DocumentedServer;
let ana: OpenPane;
let bob: OpenPane;

beforeAll(async () => {
  session = await startPane();
  server = await startDocumentedServer();
  // The dev build allows http://localhost:3100; on another port it is what SECTIONSMITH_TEAM_SERVERS adds.
  const html = (h: string) => allowTeamServer(h, server.url);
  ana = await openPane(session, { html, origin: DEV_ORIGIN });
  bob = await openPane(session, { html, origin: DEV_ORIGIN });
  for (const pane of [ana, bob]) await pane.context.grantPermissions(["local-network-access"]);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await session?.close();
});

const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => poll(fn, { timeout, interval: 200 });
const teamSection = (page: Page) => page.getByRole("region", { name: "Team library" });
const connection = (page: Page) => teamSection(page).locator("[data-team-connection]");
const teamRow = (page: Page, id: string) => teamSection(page).locator(`[data-team-snippet="${id}"]`);

async function connect(page: Page, user: string): Promise<void> {
  await tab(page, "Manage").click();
  await page.getByRole("button", { name: "Connect to a team server…" }).click();
  await page.getByRole("textbox", { name: "Team server address" }).fill(server.url);
  await page.getByRole("textbox", { name: "Sign-in token" }).fill(server.token(user));
  await page.getByRole("button", { name: "Connect with token" }).click();
}

async function shots(page: Page, name: string, target = teamSection(page)): Promise<void> {
  for (const width of [320, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await target.scrollIntoViewIfNeeded();
    // Two frames: the layout at the new width is painted before the picture is taken.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 360, height: 800 });
}

describe("two panes sharing a team library, set up from the pane as the docs say", () => {
  it("Ana connects from the dev pane's origin (no CORS refusal) and, in no library yet, creates Legal", async () => {
    const page = ana.page;
    expect(new URL(page.url()).origin).toBe(DEV_ORIGIN);
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
