import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../src/server/db";
import { MatchCache } from "../../src/server/match-cache";
import { migrate } from "../../src/server/migrations";
import { cacheable, listPage, MAX_KEPT } from "../../src/server/store/cached-list";
import { bindInvitations, createLibrary, setMember } from "../../src/server/store/libraries";

/** Ray, the reader, as the dev issuer's subject. */
const RAY = "dev:ray@x.test";
import { listSnippets } from "../../src/server/store/query";
import { addVersion, createSnippet, getSnippet, updateHead } from "../../src/server/store/snippets";
import {
  openTestDatabase,
  realPostgres,
  seedLibrary,
  snippet,
  startServer,
  type TestServer,
} from "./helpers";

// The server keeps the ids of a list's or search's matches between requests (src/server/match-cache.ts).
// These tests hold it to the one rule that matters: a page is what the database would answer at that
// moment, never what it answered before a write that has since returned — on a shared PostgreSQL also
// when transactions commit in another order than they wrote.

describe("MatchCache (the ids alone)", () => {
  const change = (id: string, changed: number, hit: boolean) => ({ id, changed, hit });

  it("answers a page it holds, and not one past what it holds", () => {
    const cache = new MatchCache();
    cache.fill("k", ["a", "c", "e"], 7, 3); // asked for 3, got 3: more may exist after "e"
    expect(cache.seen("k")).toBe(7);
    expect(cache.page("k", [], 1, 2)).toEqual(["c", "e"]);
    expect(cache.page("k", [], 2, 2)).toBeUndefined();
    cache.fill("all", ["a", "c"], 7, 3); // fewer than asked: every match
    expect(cache.page("all", [], 1, 5)).toEqual(["c"]);
    expect(cache.page("all", [], 4, 5)).toEqual([]);
  });

  it("adds a new match within what it holds, drops one that no longer matches, ignores the rest", () => {
    const cache = new MatchCache();
    cache.fill("k", ["b", "d", "f"], 1, 3);
    expect(
      cache.page("k", [change("c", 2, true), change("d", 3, false), change("z", 4, true)], 0, 3),
    ).toEqual(["b", "c", "f"]);
    expect(cache.seen("k")).toBe(4);
    // "z" is past the bound ("f"): unknown whether matches before it are missing, so it stays out, and
    // a page reaching past what is held is not answered.
    expect(cache.page("k", [], 0, 4)).toBeUndefined();
    // The bound itself, dropped and then matching again, comes back.
    expect(cache.page("k", [change("f", 5, false)], 0, 2)).toEqual(["b", "c"]);
    expect(cache.page("k", [change("f", 6, true)], 0, 3)).toEqual(["b", "c", "f"]);
  });

  it("keeps every match when it holds all of them", () => {
    const cache = new MatchCache();
    cache.fill("k", ["m"], 1, 50);
    expect(cache.page("k", [change("z", 2, true), change("a", 3, true)], 0, 50)).toEqual(["a", "m", "z"]);
  });

  it("drops an entry with too many changes, and refuses ids out of its order", () => {
    const cache = new MatchCache({ entries: 10, ids: 100, changes: 2 });
    cache.fill("k", ["a"], 1, 1);
    expect(cache.page("k", [change("b", 2, true), change("c", 3, true)], 0, 1)).toBeUndefined();
    expect(cache.seen("k")).toBeUndefined();
    cache.fill("k", ["b", "a"], 1, 5);
    expect(cache.seen("k")).toBeUndefined();
  });

  it("forgets the least recently used entries beyond its limits", () => {
    const cache = new MatchCache({ entries: 2, ids: 5, changes: 10 });
    cache.fill("one", ["a"], 1, 5);
    cache.fill("two", ["a"], 1, 5);
    cache.page("one", [], 0, 1); // "two" is now the oldest
    cache.fill("three", ["a"], 1, 5);
    expect([cache.seen("one"), cache.seen("two"), cache.seen("three")]).toEqual([1, undefined, 1]);
    cache.fill("big", ["a", "b", "c", "d", "e"], 1, 9); // 5 ids: the others go
    expect([cache.seen("one"), cache.seen("three"), cache.seen("big")]).toEqual([undefined, undefined, 1]);
  });
});

describe("what the cache serves", () => {
  it("serves the list and searches, not status filters, searches across lines or pages past what it keeps", () => {
    expect(cacheable({})).toBe(true);
    expect(cacheable({ q: "notices", limit: 50, offset: 100 })).toBe(true);
    expect(cacheable({ status: "in_review" })).toBe(false);
    expect(cacheable({ q: "end\nstart" })).toBe(false);
    expect(cacheable({ limit: 50, offset: MAX_KEPT - 50 })).toBe(true);
    expect(cacheable({ limit: 50, offset: MAX_KEPT - 49 })).toBe(false);
  });
});

describe("the list and search through the API with the cache", () => {
  let s: TestServer;
  const BOB = "bob@x.test";
  const ids = async (query: string) =>
    ((await s.call("ray@x.test", "GET", `/libraries/legal/snippets?${query}`)).body as { id: string }[]).map(
      (x) => x.id,
    );
  const create = async (id: string, body: string) =>
    expect((await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet(id, body) })).status).toBe(
      201,
    );

  beforeAll(async () => {
    s = await startServer();
    await seedLibrary(s);
    for (const id of ["b-one", "d-two", "f-three"]) await create(id, `Plain words for {{name}}.`);
  }, 60_000);
  afterAll(() => s.close());

  it("is on where the database orders ids as JavaScript does (PGlite; PostgreSQL with collation C or C.UTF-8)", async () => {
    const [row] = await s.db.query<{ c: string }>(
      "select datcollate as c from pg_database where datname = current_database()",
    );
    expect(s.db.matches !== undefined).toBe(/^(C|POSIX|C\.UTF-?8)$/i.test(row!.c));
  });

  it("never answers a search with what it matched before a write that has returned", async () => {
    expect(await ids("q=zebra")).toEqual([]);
    await create("m-cross", "A zebra crossing for {{name}}.");
    expect(await ids("q=zebra")).toEqual(["m-cross"]);
    await create("c-mark", "ZEBRA stripes for {{name}}.");
    expect(await ids("q=Zebra")).toEqual(["c-mark", "m-cross"]);
    const current = await s.call(BOB, "GET", "/libraries/legal/snippets/m-cross");
    const added = await s.call(BOB, "POST", "/libraries/legal/snippets/m-cross/versions", {
      body: { title: "Crossing", variables: [{ name: "name", type: "text" }], body: "A crossing, {{name}}." },
      ifMatch: current.etag!,
    });
    expect(added.status).toBe(201);
    expect(await ids("q=zebra")).toEqual(["c-mark"]); // version 2 has no zebra
    expect(await ids("q=zebra&limit=1&offset=1")).toEqual([]);
    if (s.db.matches) expect(s.db.matches.stats.served).toBeGreaterThan(0);
  });

  it("shifts the list's pages at once when a snippet is created before them", async () => {
    const before = await ids("limit=2&offset=0");
    expect(before).toEqual(["b-one", "c-mark"]);
    expect(await ids("limit=2&offset=2")).toEqual(["d-two", "f-three"]);
    await create("a-first", "First for {{name}}.");
    expect(await ids("limit=2&offset=0")).toEqual(["a-first", "b-one"]);
    expect(await ids("limit=2&offset=2")).toEqual(["c-mark", "d-two"]);
  });

  it("shows what changed on a listed snippet (its row is read for every page)", async () => {
    const current = await s.call(BOB, "GET", "/libraries/legal/snippets/d-two");
    const patched = await s.call(BOB, "PATCH", "/libraries/legal/snippets/d-two", {
      body: { reviewBy: "2031-01-31" },
      ifMatch: current.etag!,
    });
    expect(patched.status).toBe(200);
    const page = (await s.call("ray@x.test", "GET", "/libraries/legal/snippets?limit=2&offset=3")).body;
    expect(page[0]).toMatchObject({ id: "d-two", reviewBy: "2031-01-31", revision: patched.body.revision });
  });

  it("still answers non-members 404, searched or not", async () => {
    for (const query of ["q=zebra", "limit=2"]) {
      const r = await s.call("eve@x.test", "GET", `/libraries/legal/snippets?${query}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("NOT_FOUND");
    }
  });
});

describe("the cached list and search against the database's own answer", () => {
  let db: Database;
  let drop: () => Promise<void>;
  const LIB = "mix";
  const ANA = "ana@x.test";

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
    const lib = await db.transaction((tx) => createLibrary(tx, { id: LIB, name: "Mix" }, ANA));
    await db.transaction((tx) =>
      setMember(tx, LIB, { user: "ray@x.test", role: "reader", ifMatch: lib.revision }, ANA),
    );
    // Ray signs in: the invitation becomes his.
    await bindInvitations(db, { subject: RAY, name: "ray@x.test" });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("gives the same pages as listSnippets through 300 random writes and reads", async () => {
    // A small seeded generator: the same sequence every run.
    let seed = 16;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const words = ["notice", "notices", "Zebra", "term", "terms", "payment", "escrow", "100%", "a_b"];
    const text = () => Array.from({ length: 1 + random(4) }, () => words[random(words.length)]).join(" ");
    const queries = [
      undefined,
      "notice",
      "notices",
      "ZEBRA",
      "term",
      "ment",
      "payment terms",
      "100%",
      "a_b",
      "x",
    ];
    const made: string[] = [];
    for (let step = 0; step < 300; step++) {
      const op = random(10);
      if (op < 3 || made.length === 0) {
        const id = `${"abcdefgh"[random(8)]}${random(1000)}`;
        if (made.includes(id)) continue;
        made.push(id);
        await db.transaction((tx) => createSnippet(tx, LIB, snippet(id, `${text()} {{name}}`), ANA));
      } else if (op < 5) {
        const id = made[random(made.length)]!;
        await db.transaction(async (tx) =>
          addVersion(
            tx,
            LIB,
            id,
            { title: text(), variables: [{ name: "name", type: "text" }], body: `${text()} {{name}}` },
            (await getSnippet(tx, LIB, id)).revision,
            ANA,
          ),
        );
      } else if (op < 6) {
        const id = made[random(made.length)]!;
        await db.transaction(async (tx) =>
          updateHead(
            tx,
            LIB,
            id,
            { reviewBy: `2030-01-${10 + random(18)}` },
            (await getSnippet(tx, LIB, id)).revision,
            ANA,
          ),
        );
      } else {
        const q = queries[random(queries.length)];
        const options = {
          ...(q ? { q } : {}),
          limit: 1 + random(12),
          offset: random(3) === 0 ? random(20) : 0,
        };
        const cached = await listPage(db, LIB, { ...options, member: RAY });
        expect({ step, options, page: cached }).toEqual({
          step,
          options,
          page: await listSnippets(db, LIB, options),
        });
      }
    }
    if (db.matches) expect(db.matches.stats.served).toBeGreaterThan(50);
  }, 120_000);
});

describe("on a shared PostgreSQL, transactions that commit out of the order they wrote in", () => {
  const onPostgres = realPostgres() ? it : it.skip;
  onPostgres(
    "are all seen by a search kept from before either committed",
    async () => {
      const { db, drop } = await openTestDatabase();
      try {
        await migrate(db);
        const lib = await db.transaction((tx) =>
          createLibrary(tx, { id: "late", name: "Late" }, "ana@x.test"),
        );
        await db.transaction((tx) =>
          setMember(tx, "late", { user: "ray@x.test", role: "reader", ifMatch: lib.revision }, "ana@x.test"),
        );
        await bindInvitations(db, { subject: RAY, name: "ray@x.test" });
        for (const id of ["a-slow", "b-fast"])
          await db.transaction((tx) =>
            createSnippet(tx, "late", snippet(id, "Plain {{name}}."), "ana@x.test"),
          );
        const search = async () =>
          (await listPage(db, "late", { q: "zebra", member: RAY, limit: 10 })).map((r) => r.id);
        expect(db.matches).toBeDefined();
        expect(await search()).toEqual([]); // kept from here on
        // The slow writer changes its row first (the lower change number) and commits last.
        let release!: () => void;
        const gate = new Promise<void>((done) => (release = done));
        let wrote!: () => void;
        const written = new Promise<void>((done) => (wrote = done));
        const write = (tx: { query: Database["query"] }, id: string) =>
          tx.query(
            "update snippet_search set body = 'A zebra.' where library_id = 'late' and snippet_id = $1",
            [id],
          );
        const slow = db.transaction(async (tx) => {
          await write(tx, "a-slow");
          wrote();
          await gate;
        });
        await written;
        await db.transaction((tx) => write(tx, "b-fast"));
        expect(await search()).toEqual(["b-fast"]);
        release();
        await slow;
        expect(await search()).toEqual(["a-slow", "b-fast"]);
        expect(
          await listSnippets(db, "late", { q: "zebra", limit: 10 }).then((r) => r.map((x) => x.id)),
        ).toEqual(["a-slow", "b-fast"]);
        expect(db.matches!.stats.served).toBeGreaterThan(0);
      } finally {
        await db.close();
        await drop();
      }
    },
    60_000,
  );
});
