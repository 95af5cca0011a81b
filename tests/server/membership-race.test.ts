import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { realPostgres, seedLibrary, snippet, startServer, type Reply, type TestServer } from "./helpers";

// A member removed or demoted while their write is in flight: once the removal has committed, the write
// must be refused, and a write that is let through must commit before the removal does (so the audit log
// never shows a non-member's change after their removal). Only PostgreSQL runs transactions side by side;
// PGlite runs one at a time, so there is no race to test there.

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author

if (!realPostgres())
  console.info(
    "tests/server/membership-race.test.ts: DATABASE_URL is not set, so the PostgreSQL races are skipped",
  );

(realPostgres() ? describe : describe.skip)("membership changes racing a member's write (PostgreSQL)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
    await seedLibrary(s);
  }, 60_000);
  afterAll(() => s.close());

  /** Holds `lockSql`'s row locks in a transaction of its own until the returned release is called. */
  async function hold(lockSql: string): Promise<{ pid: number; release: () => Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pid!: number;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = s.db.transaction(async (tx) => {
      pid = Number((await tx.query("select pg_backend_pid() as pid"))[0]!.pid);
      await tx.query(lockSql);
      locked();
      await released;
    });
    await isLocked;
    return { pid, release: async () => (release(), await done) };
  }

  /** Resolves once some backend waits for a lock `pid` holds. */
  async function untilBlockedBy(pid: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [row] = await s.db.query(
        "select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))",
        [pid],
      );
      if (Number(row!.n) > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`nothing waited for backend ${pid}`);
  }

  /** Whether the promise settles within `ms`. */
  const settlesWithin = (p: Promise<unknown>, ms: number) =>
    Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  const membersEtag = async () => (await s.call(ANA, "GET", "/libraries/legal/members")).etag!;
  const seqOf = async (action: string, target: string) =>
    (
      (await s.call(ANA, "GET", "/libraries/legal/audit")).body as {
        seq: number;
        action: string;
        target: string;
      }[]
    )
      .filter((e) => e.action === action && e.target.startsWith(target))
      .map((e) => e.seq);

  afterEach(restoreBob);
  async function restoreBob(): Promise<void> {
    const r = await s.call(ANA, "PUT", `/libraries/legal/members/${BOB}`, {
      body: { role: "author" },
      ifMatch: await membersEtag(),
    });
    expect(r.status).toBe(200);
  }

  // Reads take no row locks (bench/results.md: a search is one statement outside any transaction): a
  // write or a membership change in flight, holding every row lock either takes, delays no reader.
  it("reads answer while a membership change and a write hold their row locks", async () => {
    const created = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("read-while-locked"),
    });
    expect(created.status).toBe(201);
    const lock = await hold(
      `select 1 from libraries l join members m on m.library_id = l.id join snippets s on s.library_id = l.id
       where l.id = 'legal' for update`,
    );
    try {
      for (const path of [
        "/libraries/legal/snippets?q=hello&limit=50",
        "/libraries/legal/snippets?q=no-such-words-anywhere",
        "/libraries/legal/snippets?limit=50",
        "/libraries/legal/snippets?status=draft",
        "/libraries/legal/snippets/read-while-locked",
        "/libraries/legal/members",
      ]) {
        const read = s.call(BOB, "GET", path);
        expect([path, await settlesWithin(read, 2_000)]).toEqual([path, true]);
        expect([path, (await read).status]).toEqual([path, 200]);
      }
    } finally {
      await lock.release();
    }
  });

  it.each([
    ["removal", "DELETE", undefined],
    ["demotion to reader", "PUT", { role: "reader" }],
  ])(
    "a %s that starts while the write is in flight waits for it: the write commits first",
    async (_name, method, body) => {
      const id = `race-${method.toLowerCase()}`;
      const created = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet(id) });
      expect(created.status).toBe(201);
      // The write stops at the snippet's row lock, after it checked Bob's role.
      const lock = await hold(
        `select 1 from snippets where library_id = 'legal' and id = '${id}' for update`,
      );
      const write = s.call(BOB, "POST", `/libraries/legal/snippets/${id}/versions`, {
        body: { title: "T", variables: [{ name: "name", type: "text" }], body: "v2 {{name}}" },
        ifMatch: created.etag!,
      });
      await untilBlockedBy(lock.pid);
      const change: Promise<Reply> = s.call(ANA, method, `/libraries/legal/members/${BOB}`, {
        ...(body ? { body } : {}),
        ifMatch: await membersEtag(),
      });
      // While Bob's write is open, the change of his membership cannot commit.
      expect(await settlesWithin(change, 1_500)).toBe(false);
      await lock.release();
      const [wrote, changed] = await Promise.all([write, change]);
      expect(wrote.status).toBe(201);
      expect(changed.status).toBe(200);
      const [versionSeq] = await seqOf("version.create", `snippet:${id}@2`);
      const [memberSeq] = (
        await seqOf(method === "DELETE" ? "member.remove" : "member.change", `member:${BOB}`)
      ).slice(-1);
      expect(versionSeq).toBeLessThan(memberSeq!);
      await restoreBob();
    },
  );

  it.each([
    ["removal", "DELETE", undefined, 404],
    ["demotion to reader", "PUT", { role: "reader" }, 403],
  ])(
    "a write that starts while a %s is committing is refused once it has committed",
    async (_name, method, body, refused) => {
      const id = `late-${method.toLowerCase()}`;
      const created = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet(id) });
      expect(created.status).toBe(201);
      // The membership change stops at the member rows, after it locked the library.
      const lock = await hold("select 1 from members where library_id = 'legal' for update");
      const change = s.call(ANA, method, `/libraries/legal/members/${BOB}`, {
        ...(body ? { body } : {}),
        ifMatch: await membersEtag(),
      });
      await untilBlockedBy(lock.pid);
      const write = s.call(BOB, "POST", `/libraries/legal/snippets/${id}/versions`, {
        body: { title: "T", variables: [{ name: "name", type: "text" }], body: "v2 {{name}}" },
        ifMatch: created.etag!,
      });
      await new Promise((r) => setTimeout(r, 300)); // the write is under way, behind the change
      await lock.release();
      const [changed, wrote] = await Promise.all([change, write]);
      expect(changed.status).toBe(200);
      expect(wrote.status).toBe(refused);
      expect(await seqOf("version.create", `snippet:${id}@2`)).toEqual([]);
      const snippetNow = await s.call(ANA, "GET", `/libraries/legal/snippets/${id}`);
      expect(snippetNow.body.versions).toHaveLength(1);
      await restoreBob();
    },
  );
});
