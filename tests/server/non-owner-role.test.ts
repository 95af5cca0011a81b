import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { MIGRATIONS } from "../../src/server/migrations";
import { freePort } from "../support/server-process";
import { expectExit, serverProcesses, untilServing } from "./spawn-server";

// docs/team-library.md › "Running as a role that does not own the tables", followed literally on the
// PostgreSQL of DATABASE_URL (which must be a superuser's, as .ci/run's throwaway cluster is): its SQL
// blocks make the roles and the database and grant the server's role its rights; `--migrate` runs as the
// owner. The server then works as the role that owns nothing, which cannot rewrite the audit log.

const url = process.env.DATABASE_URL;
const { setUp, tearDown, run, token, devEnv, bundle } = serverProcesses();
const tag = `${process.pid}_${Date.now() % 1e6}`;
const names = { owner: `ss_owner_${tag}`, app: `ss_app_${tag}`, database: `ss_roles_${tag}` };

/** The SQL blocks of the docs' section, with this run's names for the roles and the database. */
function documentedSql(): string[] {
  const page = readFileSync("docs/team-library.md", "utf8");
  const section = page.slice(page.indexOf("### Running as a role that does not own the tables"));
  const blocks = [...section.slice(0, section.indexOf("\n## ")).matchAll(/```sql\n([\s\S]*?)```/g)].map(
    (m) => m[1]!,
  );
  return blocks.map((sql) =>
    sql
      .replaceAll("sectionsmith_owner", names.owner)
      .replaceAll("sectionsmith_app", names.app)
      .replace(/create database sectionsmith /, `create database ${names.database} `),
  );
}

const as = (role: string, database: string) => {
  const u = new URL(url!);
  u.username = role;
  u.password = "";
  u.pathname = `/${database}`;
  return u.toString();
};

/** Runs each statement of `text` on its own, as psql does (CREATE DATABASE may not share a transaction). */
async function sql(connection: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  try {
    for (const statement of text.split(/;\s*(?:\n|$)/).filter((t) => t.trim() !== ""))
      await client.query(statement);
  } finally {
    await client.end();
  }
}

let superuser = false;
beforeAll(async () => {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  superuser =
    (await client.query("select rolsuper from pg_roles where rolname = current_user")).rows[0]?.rolsuper ===
    true;
  await client.end();
  if (superuser) await setUp();
}, 60_000);
afterAll(async () => {
  tearDown();
  if (!superuser) return;
  await sql(url!, `drop database if exists ${names.database} with (force)`).catch(() => undefined);
  await sql(url!, `drop role if exists ${names.app}`).catch(() => undefined);
  await sql(url!, `drop role if exists ${names.owner}`).catch(() => undefined);
});

const skip = () => {
  if (!url) console.info("tests/server/non-owner-role.test.ts: DATABASE_URL is not set: skipped");
  else if (!superuser)
    console.info("tests/server/non-owner-role.test.ts: DATABASE_URL is not a superuser's: skipped");
  return !url || !superuser;
};

describe("the server as a role that does not own its tables (PostgreSQL)", () => {
  it("follows the documented steps; the server works, and its role cannot rewrite the audit log", async () => {
    if (skip()) return;
    const [roles, grants] = documentedSql();
    expect(roles).toMatch(/create role/);
    expect(grants).toMatch(/grant select, insert on audit_log/);
    await sql(url!, roles!);
    const ownerUrl = as(names.owner, names.database);
    const appUrl = as(names.app, names.database);

    // Before the owner has migrated, the server's role stops with what to do.
    const early = run({ ...devEnv(), PORT: String(await freePort()), DATABASE_URL: appUrl });
    await expectExit(early, 1);
    expect(early.output()).toMatch(/must be applied by the tables' owner.*--migrate/);

    const migrated = execFileSync(process.execPath, [bundle, "--migrate"], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: ownerUrl },
      encoding: "utf8",
    });
    const every = MIGRATIONS.map((m) => m.version).join(",");
    expect(migrated).toContain(`"message":"migrated","migrationsApplied":[${every}]`);
    await sql(ownerUrl, grants!);

    const port = await freePort();
    const server = run({ ...devEnv(), PORT: String(port), DATABASE_URL: appUrl });
    await untilServing(server, port);
    const call = async (method: string, path: string, body?: unknown, ifMatch?: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${await token("ana@x.test")}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (ifMatch) headers["if-match"] = ifMatch;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return {
        status: res.status,
        etag: res.headers.get("etag"),
        body: (await res.json()) as Record<string, unknown>,
      };
    };
    expect((await call("POST", "/libraries", { id: "firm", name: "Firm" })).status).toBe(201);
    const members = await call("GET", "/libraries/firm/members");
    expect(
      (await call("PUT", "/libraries/firm/members/bob@x.test", { role: "author" }, members.etag!)).status,
    ).toBe(200);
    const made = await call("POST", "/libraries/firm/snippets", {
      id: "intro",
      title: "Intro",
      body: "Hello.",
    });
    expect(made.status).toBe(201);
    expect(
      (await call("POST", "/libraries/firm/snippets/intro/versions/1/submit", undefined, made.etag!)).status,
    ).toBe(200);
    expect(
      (
        await call("POST", "/libraries/firm/usage", {
          events: [{ snippet: "intro", version: 1, kind: "insert" }],
        })
      ).status,
    ).toBe(202);
    expect((await call("GET", "/libraries/firm/audit/verify")).body).toMatchObject({ ok: true, entries: 4 });

    // What the owner could do, the server's role cannot.
    for (const statement of [
      "update audit_log set actor = 'mallory'",
      "delete from audit_log",
      "truncate audit_log",
      "alter table audit_log disable trigger audit_log_no_update",
      "drop trigger audit_log_no_update on audit_log",
    ])
      await expect(sql(appUrl, statement)).rejects.toMatchObject({ code: "42501" });
    expect((await call("GET", "/libraries/firm/audit/verify")).body).toMatchObject({ ok: true, entries: 4 });

    server.child.kill("SIGTERM");
    await expectExit(server, 0);
  }, 120_000);
});
