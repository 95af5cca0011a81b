import { Worker } from "node:worker_threads";
import type { Database, Row, Sql } from "./db";

// The embedded PostgreSQL in a worker thread of the server's process (issue 16). PGlite is WebAssembly
// and single-threaded: in the server's own thread every request's HTTP, token, zod and JSON work queued
// behind the database's and the other way round, on one core (0.92 of a core at 210 requests a second,
// p95 66–80 ms). In a worker the database has a thread, and so a core, of its own; the HTTP side stays
// where it was. PGlite still cannot be shared between processes: this is one process, two threads.
//
// The same Database interface: each call is a message (structured clone carries the parameters and the
// rows, Dates and parsed JSON included); a transaction is held open in the worker (PGlite's own
// transaction(), which queues other statements behind it exactly as it does in-process) until the
// caller's function resolves (commit) or throws (rollback). Errors come back with their fields (code,
// detail, constraint, …), so `error.code === "23505"` works as before.

// CommonJS, evaluated as the worker's script: no file of its own, so the server bundle (esbuild) and
// Jest (CommonJS) need nothing extra. PGlite is required from `base`, the main script's path, so it
// resolves the same node_modules as the server does.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const load = createRequire(workerData.base);
const { PGlite } = load("@electric-sql/pglite");
const { pg_trgm } = load("@electric-sql/pglite/contrib/pg_trgm");
const options = { extensions: { pg_trgm } };
const db = workerData.dataDir === undefined ? new PGlite(options) : new PGlite(workerData.dataDir, options);
const open = new Map();
const fields = (e) => {
  const out = { message: String((e && e.message) || e), name: (e && e.name) || "Error" };
  if (e && typeof e === "object")
    for (const [k, v] of Object.entries(e))
      if (v === null || ["string", "number", "boolean"].includes(typeof v)) out[k] = v;
  return out;
};
const on = (m) => (m.tx === undefined ? db : open.get(m.tx).tx);
const ops = {
  query: async (m) => (await on(m).query(m.text, m.params)).rows,
  exec: async (m) => void (await on(m).exec(m.text)),
  begin: (m) =>
    new Promise((started, failed) => {
      const entry = {};
      entry.done = db.transaction(
        (tx) => new Promise((resolve, reject) => {
          Object.assign(entry, { tx, resolve, reject });
          open.set(m.id, entry);
          started(m.id);
        }),
      );
      entry.done.catch(failed);
    }),
  commit: async (m) => {
    const entry = open.get(m.tx);
    open.delete(m.tx);
    entry.resolve();
    await entry.done;
  },
  rollback: async (m) => {
    const entry = open.get(m.tx);
    if (!entry) return;
    open.delete(m.tx);
    entry.reject(new Error("rollback"));
    await entry.done.catch(() => undefined);
  },
  close: async () => void (await db.close()),
};
db.waitReady.then(
  () => parentPort.postMessage({ id: 0, result: true }),
  (e) => parentPort.postMessage({ id: 0, error: fields(e) }),
);
parentPort.on("message", (m) => {
  Promise.resolve()
    .then(() => ops[m.op](m))
    .then(
      (result) => parentPort.postMessage({ id: m.id, result }),
      (e) => parentPort.postMessage({ id: m.id, error: fields(e) }),
    );
});
`;

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Message = {
  op: "query" | "exec" | "begin" | "commit" | "rollback" | "close";
  tx?: number;
  text?: string;
  params?: unknown[];
};

/** The embedded PostgreSQL in a folder (or in memory), run in a worker thread; see above. */
export async function openPgliteWorker(dataDir?: string): Promise<Database> {
  const base = process.argv[1] ?? `${process.cwd()}/`;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dataDir, base } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let next = 1;
  let gone: Error | undefined;
  const failAll = (error: Error) => {
    gone = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on("message", (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.error) p.reject(Object.assign(new Error(reply.error.message), reply.error));
    else p.resolve(reply.result);
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`the database worker stopped (exit code ${code})`)));
  const ready = new Promise((resolve, reject) => pending.set(0, { resolve, reject }));
  const call = (message: Message): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    const id = next++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  const wrap = (tx?: number): Sql => ({
    query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
      (await call({ op: "query", tx, text, params: [...params] })) as T[],
    exec: async (text) => void (await call({ op: "exec", tx, text })),
  });
  return {
    kind: "pglite",
    ...wrap(),
    async transaction(fn) {
      const tx = (await call({ op: "begin" })) as number;
      let result;
      try {
        result = await fn(wrap(tx));
      } catch (error) {
        await call({ op: "rollback", tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: "commit", tx });
      return result;
    },
    async close() {
      if (!gone) await call({ op: "close" });
      await worker.terminate();
    },
  };
}
