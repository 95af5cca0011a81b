// One origin for a small firm (issue 28): the server serves the production build (made as
// docs/deploy.md says) under /addin/ beside its API, and the pane, loaded from there inside a simulated
// Word, signs in with the server's dev issuer (the server outside production mode), connects to the team
// library on its own origin — no CORS: the server was given no origins — finds an approved team snippet
// and inserts it into Word. Then start-up: the production settings docs/deploy.md gives start the
// server, and each one left out stops it with what to fix.
//
// The tests of the first describe share the pane and run in order.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { launchBrowser } from "../support/browser";
import { expectValidDocx } from "../support/ooxml-check";
import { poll } from "../support/poll";
import { addToDocument, docxText, searchBox, showDocument, tab } from "./support/flow";
import { openPane, ROOT, type OpenPane, type PaneSession } from "./support/pane";
import {
  documentedServerEnvironment,
  ensureProductionBuild,
  PRODUCTION_DIR,
} from "./support/production-build";
import { startTeamServer, type TeamServer } from "./support/team-server";
import { decode, inserts, wordCalls } from "./support/word";
import { serverStarts } from "./support/server-start";

/** Screenshots of the pane served by the server, to look at (not compared). */
const SHOTS = join(tmpdir(), "sectionsmith-pane-deploy");
mkdirSync(SHOTS, { recursive: true });

const ANA = "ana@x.test"; // admin, author
const BOB = "bob@x.test"; // approver

let settings: Record<string, string>;
let server: TeamServer;
let browser: Browser;
let pane: OpenPane;

const until = <T>(fn: () => T | Promise<T>, timeout = 30_000) => poll(fn, { timeout, interval: 200 });

beforeAll(async () => {
  settings = await ensureProductionBuild();
  server = await startTeamServer(undefined, { SECTIONSMITH_ADDIN_DIR: PRODUCTION_DIR });
  // The library, with Ana its admin and Bob an approver.
  const library = await server.call(ANA, "POST", "/libraries", { body: { id: "legal", name: "Legal" } });
  expect(library.status).toBe(201);
  const member = await server.call(ANA, "PUT", `/libraries/legal/members/${BOB}`, {
    body: { role: "approver" },
    ifMatch: library.body.revision,
  });
  expect(member.status).toBe(200);
  browser = await launchBrowser();
  // openPane needs the browser and the page's address only: here the server's /addin/.
  const session = { browser, url: `${server.url}/addin/taskpane.html` } as PaneSession;
  pane = await openPane(session, { office: { wordApi: "1.5", platform: "OfficeOnline" } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** An approved team snippet: Ana writes and submits it, Bob approves it (four eyes). */
async function approvedSnippet(): Promise<void> {
  const created = await server.call(ANA, "POST", "/libraries/legal/snippets", {
    body: { id: "team-clause", title: "Team confidentiality", body: "The parties keep the team's secrets." },
  });
  expect(created.status).toBe(201);
  const submitted = await server.call(
    ANA,
    "POST",
    "/libraries/legal/snippets/team-clause/versions/1/submit",
    {
      ifMatch: created.body.revision,
    },
  );
  expect(submitted.status).toBe(200);
  const approved = await server.call(
    BOB,
    "POST",
    "/libraries/legal/snippets/team-clause/versions/1/approve",
    {
      ifMatch: submitted.body.revision,
    },
  );
  expect(approved.status).toBe(200);
}

const teamSection = () => pane.page.getByRole("region", { name: "Team library" });

describe("the production build served by the team server", () => {
  it("loads from the server's /addin/ with the build's CSP, inside Word", async () => {
    const { page } = pane;
    expect(new URL(page.url()).origin).toBe(server.url);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(policy).toContain(`connect-src 'self' ${settings.SECTIONSMITH_TEAM_SERVERS}`);
    expect(await page.getByText(/^Not running inside Word/).count()).toBe(0);
    // The server was started with no CORS origins at all: serving the pane, it needs none.
    expect(server.output()).toMatch(/"corsOrigins":\[\]/);
  });

  it("connects to the team library on its own origin, signed in with the dev issuer, and lists what the team approves", async () => {
    const { page } = pane;
    await tab(page, "Manage").click();
    await page.getByRole("button", { name: "Connect to a team server…" }).click();
    await page.getByRole("textbox", { name: "Team server address" }).fill(server.url);
    await page.getByRole("textbox", { name: "Sign-in token" }).fill(await server.token(ANA));
    await page.getByRole("button", { name: "Connect with token" }).click();
    await until(() => teamSection().locator("[data-team-connection]").textContent()).toMatch(
      new RegExp(`^Connected as ${ANA} · Legal`),
    );
    await approvedSnippet();
    try {
      await until(() =>
        teamSection().locator('[data-team-snippet="team-clause"] [data-team-status]').textContent(),
      ).toBe(`v1 Approved · owner ${ANA}`);
    } catch (error) {
      const shown = await teamSection().innerText();
      throw new Error(
        `${String(error)}\nThe team section shows:\n${shown}\nPage errors: ${pane.errors.join("\n")}\nServer:\n${server.output().slice(-3000)}`,
      );
    }
  });

  it("finds the approved team snippet and inserts it into Word", async () => {
    const { page } = pane;
    await tab(page, "Library").click();
    await searchBox(page).fill("team confidentiality");
    const results = page.getByRole("region", { name: "Results" });
    const row = results.locator('[data-snippet-id="team-clause"]');
    await row.waitFor();
    expect(await row.locator("[data-team-mark]").getAttribute("data-team-mark")).toBe("approved");
    await results.getByRole("button", { name: "Team confidentiality", exact: true }).click();
    await addToDocument(page, "Team confidentiality");
    await showDocument(page);
    await page.getByRole("button", { name: "Insert into Word" }).click();
    await page.getByText("Inserted 1 section into Word.").waitFor();
    const files = inserts(await wordCalls(page));
    expect(files).toHaveLength(1);
    const docx = decode(files[0]!.args[0]);
    await expectValidDocx(docx);
    expect(await docxText(docx)).toContain("The parties keep the team's secrets.");
    await until(async () => (await server.call(ANA, "GET", "/libraries/legal/usage/most-used")).body).toEqual(
      [expect.objectContaining({ id: "team-clause", inserts: 1 })],
    );
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: join(SHOTS, `inserted-${width}.png`) });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(pane.errors).toEqual([]);
  });
});

describe("start-up with docs/deploy.md's production settings", () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(() => {
    const built = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: ROOT, encoding: "utf8" });
    expect(built.status).toBe(0);
    dataDir = mkdtempSync(join(tmpdir(), "sectionsmith-deploy-"));
    // The documented environment file, with the firm's values filled in and the embedded database in a
    // folder of its own instead of the firm's PostgreSQL.
    const documented = documentedServerEnvironment({
      SECTIONSMITH_ENTRA_TENANT: "0b4bb2a5-1e0e-4f6a-9a3e-2f0c8a1d6e11",
      SECTIONSMITH_ENTRA_AUDIENCE: settings.SECTIONSMITH_ENTRA_APP_ID!,
    });
    expect(documented.DATABASE_URL).toMatch(/^postgres:\/\//);
    delete documented.DATABASE_URL;
    env = { ...documented, SECTIONSMITH_ADDIN_DIR: PRODUCTION_DIR, SECTIONSMITH_DATA_DIR: dataDir };
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts in production, serves the pane and the API, and refuses the dev issuer's tokens", async () => {
    expect(env.NODE_ENV).toBe("production");
    const started = await serverStarts(env);
    try {
      expect(started.log).toMatchObject({
        message: "serving",
        production: true,
        signIn: ["entra"],
        corsOrigins: [],
      });
      const page = await fetch(`${started.url}/addin/taskpane.html`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      const me = await fetch(`${started.url}/me`, {
        headers: { authorization: `Bearer ${await server.token(ANA)}` },
      });
      expect(me.status).toBe(401);
    } finally {
      await started.stop();
    }
  });

  it("stops, saying what to fix, when a production setting is missing", async () => {
    const without = (...names: string[]) =>
      Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
    const cases: Array<[Record<string, string>, RegExp]> = [
      [
        without("SECTIONSMITH_ENTRA_TENANT"),
        /Set both SECTIONSMITH_ENTRA_TENANT and SECTIONSMITH_ENTRA_AUDIENCE/,
      ],
      [without("SECTIONSMITH_ENTRA_TENANT", "SECTIONSMITH_ENTRA_AUDIENCE"), /No sign-in configured/],
      [without("SECTIONSMITH_ADDIN_DIR"), /Production needs SECTIONSMITH_CORS_ORIGINS/],
      [
        { ...env, SECTIONSMITH_ADDIN_DIR: join(ROOT, "docs") },
        /SECTIONSMITH_ADDIN_DIR: .* has no taskpane\.html/,
      ],
      [{ ...env, SECTIONSMITH_DEV_JWKS: '{"keys":[{"kty":"EC"}]}' }, /refused in production/],
    ];
    for (const [settingsLeft, message] of cases) {
      const result = await serverStarts(settingsLeft);
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(message);
    }
  });
});
