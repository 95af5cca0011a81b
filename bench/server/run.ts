// `npm run bench:server`: the team library server under load (issue 16). For the embedded PostgreSQL
// (PGlite) and, when DATABASE_URL is set, a real PostgreSQL: 10,000 snippets, then at the same time
// 200 readers (100 listing pages of the library, 100 searching it) and 10 writers (each creating a
// snippet, adding a version to it with If-Match, changing its review date, and again), all over HTTP on
// loopback with autocannon, bounded by a request count and a time limit. Every request's latency is
// recorded (autocannon's "response" event), so the p95 is exact rather than read off a histogram.

import { spawn } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { machine } from "../lib/machine";
import type { Check, PartReport, Table } from "../lib/report";
import { ms, p95, quantile } from "../lib/stats";
import { dropSchema, LIBRARY, prepare, READER, WRITER } from "./seed";

export type ServerBenchOptions = {
  scripts: string;
  quick?: boolean;
  /** No pacing: every connection sends its next request as soon as the last is answered (saturation). */
  closedLoop?: boolean;
  /** Paced connections in step (one burst a second), as autocannon does by itself: see staggered(). */
  bursts?: boolean;
  /** `--cpu-prof=DIR`: the server runs with `node --cpu-prof` and writes its profile into DIR when it stops. */
  cpuProfDir?: string;
  /** `--snippets=N`: seed N snippets instead of 10,000 (1,000 with --quick); for profiling only. */
  snippets?: number;
  /** `--target=pglite|postgres`: measure one database only (profiling). */
  target?: "pglite" | "postgres";
  /** `--seeded=DIR`: a copy of this PGlite folder (seeded before with `snippets` snippets) instead of seeding. */
  seededDir?: string;
  /** `--server=FILE`: this server bundle instead of the current build (comparing builds). */
  serverBundle?: string;
  log?: (line: string) => void;
};

const SNIPPETS = 10_000;
const READERS = 200;
const WRITERS = 10;
const BUDGET_READ_MS = 50;
const BUDGET_WRITE_MS = 100;
/** A reader sends a request a second (a person paging through the list or typing into search, debounced); a writer one a second too. `--closed-loop`: as fast as answered. */
const READER_RATE = 1;
const WRITER_RATE = 1;
const SEARCHES = [
  "confidentiality",
  "payment terms",
  "liability",
  "gdpr",
  "termination",
  "force majeure",
  "escrow",
  "notices",
];

type Kind = "list" | "search" | "write";
/** The server's read cache counters (PGlite only), from its last log line: src/server/match-cache.ts. */
type ReadCacheStats = { served: number; filled: number; changes: number; dropped: number };
type Sample = { times: number[]; errors: number; timeouts: number; statuses: Map<number, number> };
type Outcome = {
  target: string;
  samples: Record<Kind, Sample>;
  seconds: number;
  seedSeconds: number;
  /** Median of sequential requests by one client before the load: what a request costs without queueing. */
  alone: Record<"list" | "search", number>;
  /** CPU seconds (user + system) the server process used during the load phase, from /proc; null elsewhere. */
  serverCpu: number | null;
  /** CPU seconds of the server's busiest thread over the load phase (the database's, with PGlite in its worker). */
  busiestThread: number | null;
  readCache?: ReadCacheStats;
};

/** User + system CPU seconds of a process so far (Linux /proc), or null where there is none. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces) in brackets: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of each thread of a process so far (Linux /proc/<pid>/task), or null where there is none. */
function threadCpu(pid: number | undefined): Map<string, number> | null {
  try {
    const threads = new Map<string, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
    return threads;
  } catch {
    return null;
  }
}

/** One client, one request at a time: the median time of `n` requests to each path. */
async function alone(url: string, token: string, n: number): Promise<Record<"list" | "search", number>> {
  const base = `${url}/libraries/${LIBRARY}/snippets?limit=50`;
  const time = async (paths: (i: number) => string) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fetch(paths(i), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
    }
    return quantile(times, 0.5);
  };
  return {
    list: await time((i) => `${base}&offset=${(i * 50 * 37) % SNIPPETS}`),
    search: await time((i) => `${base}&q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}`),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(
  bundle: string,
  env: Record<string, string>,
  cpuProfDir?: string,
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<ReadCacheStats | undefined> }> {
  const port = await freePort();
  const flags = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  // The log goes to a file, not a terminal (which would be measured too); its last line says how often
  // the embedded database's read cache answered.
  const logFile = join(tmpdir(), `sectionsmith-bench-server-${process.pid}-${port}.log`);
  const logFd = openSync(logFile, "w");
  const child = spawn(process.execPath, [...flags, bundle], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port), SECTIONSMITH_RATE_LIMIT: "100000000", ...env },
    stdio: ["ignore", logFd, "pipe"],
  });
  closeSync(logFd);
  let errors = "";
  child.stderr!.on("data", (d) => (errors += String(d)));
  // Never left running when the bench itself fails.
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 1200) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start: ${errors}`);
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.once("exit", r));
  return {
    url,
    pid: child.pid,
    stop: async () => {
      process.off("exit", orphan);
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      const lines = readFileSync(logFile, "utf8").trimEnd().split("\n");
      rmSync(logFile, { force: true });
      const stopping = lines.reverse().find((l) => l.includes('"stopping"'));
      return stopping ? (JSON.parse(stopping) as { readCache?: ReadCacheStats }).readCache : undefined;
    },
  };
}

function sample(): Sample {
  return { times: [], errors: 0, timeouts: 0, statuses: new Map() };
}

/** One autocannon instance; every response's time goes into `into`, timeouts and socket errors count as errors. */
async function cannon(opts: autocannon.Options, into: Sample): Promise<void> {
  const instance = autocannon({ timeout: 30, ...opts });
  instance.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
    into.times.push(time);
    into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
    if (status >= 400) into.errors++;
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on("done", resolve);
    instance.on("error", reject);
  });
  into.errors += result.errors + result.timeouts;
  into.timeouts = result.timeouts;
}

/**
 * Paced, autocannon starts every connection at the same instant and keeps them in step: 100 readers at
 * one request a second then arrive as one burst of 100 each second, and the last of a burst waits for the
 * 99 before it — that measures a thundering herd, not 100 people reading. So paced connections are split
 * into `groups` instances started `1000 / groups` ms apart (readers who started at different moments, in
 * bursts of connections ÷ groups); `--bursts` keeps them in step, the old, harsher measure.
 */
async function staggered(
  opts: autocannon.Options & { connections: number; maxOverallRequests: number },
  into: Sample,
  groups: number,
  offsetMs = 0,
): Promise<void> {
  const each = Math.ceil(opts.connections / groups);
  const runs: Promise<void>[] = [];
  for (let g = 0; g < groups; g++) {
    const connections = Math.min(each, opts.connections - g * each);
    if (connections <= 0) break;
    runs.push(
      new Promise((r) => setTimeout(r, offsetMs + (g * 1000) / groups)).then(() =>
        cannon(
          {
            ...opts,
            connections,
            maxOverallRequests: Math.ceil((opts.maxOverallRequests * connections) / opts.connections),
          },
          into,
        ),
      ),
    );
  }
  await Promise.all(runs);
}

async function load(
  url: string,
  tokens: { reader: string; writer: string },
  quick: boolean,
  closedLoop: boolean,
  bursts: boolean,
): Promise<Record<Kind, Sample>> {
  // Closed loop or --bursts: one instance per group (connections in step); else staggered (see above).
  const groups = closedLoop || bursts ? 1 : 10;
  const readerRate = closedLoop ? {} : { connectionRate: READER_RATE };
  const writerRate = closedLoop ? {} : { connectionRate: WRITER_RATE };
  const samples: Record<Kind, Sample> = { list: sample(), search: sample(), write: sample() };
  const readHeaders = { authorization: `Bearer ${tokens.reader}` };
  const writeHeaders = { authorization: `Bearer ${tokens.writer}`, "content-type": "application/json" };
  const duration = quick ? 15 : 60;
  // Paced, the time limit ends the run: 100 readers × 1/s × 60 s = 6,000 requests of each kind.
  const reads = quick ? 2_000 : 20_000;
  const writes = quick ? 300 : 3_000;
  let page = 0;
  let query = 0;
  let created = 0;
  const base = `/libraries/${LIBRARY}/snippets`;
  const body = (n: number, v: number) =>
    JSON.stringify({
      title: `Bench clause ${n}`,
      variables: [{ name: "client", type: "text" }],
      body: `## Clause ${n}\n\nVersion ${v} for {{client}}: the parties agree on payment terms and notices.`,
    });
  // Half the readers page through the list, half search; each request's path comes from `path`.
  const readers = (path: () => string, into: Sample, offsetMs = 0) =>
    staggered(
      {
        url,
        connections: READERS / 2,
        duration,
        maxOverallRequests: reads,
        ...readerRate,
        headers: readHeaders,
        requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      into,
      groups,
      offsetMs,
    );
  const run = Promise.all([
    readers(() => `${base}?limit=50&offset=${(page++ * 50 * 37) % SNIPPETS}`, samples.list),
    readers(
      () => `${base}?limit=50&q=${encodeURIComponent(SEARCHES[query++ % SEARCHES.length]!)}`,
      samples.search,
      50,
    ),
    staggered(
      {
        url,
        connections: WRITERS,
        duration,
        maxOverallRequests: writes,
        ...writerRate,
        headers: writeHeaders,
        requests: [
          {
            method: "POST",
            setupRequest: (req, context) => {
              const n = ++created;
              context.n = n;
              return {
                ...req,
                path: base,
                body: JSON.stringify({ id: `bench-new-${n}`, ...JSON.parse(body(n, 1)) }),
              };
            },
            onResponse: (_status, _body, context, headers) => void (context.etag = headers?.etag),
          },
          {
            method: "POST",
            setupRequest: (req, context) => ({
              ...req,
              path: `${base}/bench-new-${context.n}/versions`,
              headers: { ...writeHeaders, "if-match": String(context.etag) },
              body: body(Number(context.n), 2),
            }),
            onResponse: (_status, _body, context, headers) => void (context.etag = headers?.etag),
          },
          {
            method: "PATCH",
            setupRequest: (req, context) => ({
              ...req,
              path: `${base}/bench-new-${context.n}`,
              headers: { ...writeHeaders, "if-match": String(context.etag) },
              body: JSON.stringify({ reviewBy: "2031-01-31" }),
            }),
          },
        ],
      },
      samples.write,
      groups,
      25,
    ),
  ]);
  await run;
  return samples;
}

export async function runServerBench(options: ServerBenchOptions): Promise<PartReport> {
  const log = options.log ?? (() => undefined);
  const quick = options.quick ?? false;
  const machineStart = machine();
  const started = performance.now();
  const bundle = options.serverBundle ?? join(options.scripts, "server.mjs");
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: "bench", alg: "ES256" }] });
  const token = (user: string) =>
    new SignJWT({ preferred_username: user })
      .setProtectedHeader({ alg: "ES256", kid: "bench" })
      .setIssuer("sectionsmith-bench")
      .setAudience("sectionsmith")
      .setSubject(user)
      .setIssuedAt()
      .setExpirationTime("3h")
      .sign(privateKey);
  const tokens = { reader: await token(READER), writer: await token(WRITER) };
  const devEnv = {
    SECTIONSMITH_DEV_JWKS: jwks,
    SECTIONSMITH_DEV_ISSUER: "sectionsmith-bench",
    SECTIONSMITH_DEV_AUDIENCE: "sectionsmith",
  };
  const count = options.snippets ?? (quick ? 1_000 : SNIPPETS);
  const outcomes: Outcome[] = [];
  const targets: { name: string; url?: string }[] = [];
  if (options.target !== "postgres") targets.push({ name: "PGlite (embedded)" });
  if (process.env.DATABASE_URL && options.target !== "pglite")
    targets.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });
  for (const target of targets) {
    log(`${target.name}: seeding ${count} snippets…`);
    const seedStart = performance.now();
    const dir = mkdtempSync(join(tmpdir(), "sectionsmith-bench-server-"));
    const schema = `sectionsmith_bench_${process.pid}_${Date.now()}`;
    try {
      let env: Record<string, string>;
      if (target.url) {
        await prepare({ kind: "postgres", url: target.url, schema }, count, log);
        const url = new URL(target.url);
        url.searchParams.set("options", `-c search_path=${schema}`);
        env = { DATABASE_URL: url.href };
      } else if (options.seededDir) {
        cpSync(options.seededDir, dir, { recursive: true });
        env = { SECTIONSMITH_DATA_DIR: dir };
      } else {
        await prepare({ kind: "pglite", dir }, count, log);
        env = { SECTIONSMITH_DATA_DIR: dir };
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const server = await startServer(bundle, { ...devEnv, ...env }, options.cpuProfDir);
      try {
        // Warm-up: the first queries plan and cache; a user's first request after a restart is not the point.
        for (let i = 0; i < 20; i++)
          await fetch(`${server.url}/libraries/${LIBRARY}/snippets?limit=50&q=payment`, {
            headers: { authorization: `Bearer ${tokens.reader}` },
          }).then((r) => r.arrayBuffer());
        const single = await alone(server.url, tokens.reader, 16);
        log(`${target.name}: one client alone: list ${ms(single.list)}, search ${ms(single.search)}`);
        log(`${target.name}: ${READERS} readers and ${WRITERS} writers…`);
        const t0 = performance.now();
        const cpu0 = cpuSeconds(server.pid);
        const threads0 = threadCpu(server.pid);
        const samples = await load(
          server.url,
          tokens,
          quick,
          options.closedLoop ?? false,
          options.bursts ?? false,
        );
        const cpu1 = cpuSeconds(server.pid);
        const threads1 = threadCpu(server.pid);
        outcomes.push({
          busiestThread:
            threads0 && threads1
              ? Math.max(...[...threads1].map(([tid, cpu]) => cpu - (threads0.get(tid) ?? 0)))
              : null,
          serverCpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
          target: target.name,
          samples,
          seconds: (performance.now() - t0) / 1000,
          seedSeconds,
          alone: single,
        });
      } finally {
        const readCache = await server.stop();
        const outcome = outcomes.at(-1);
        if (readCache && outcome?.target === target.name) outcome.readCache = readCache;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      if (target.url) await dropSchema(target.url, schema).catch(() => undefined);
    }
  }
  return report(outcomes, {
    quick,
    count,
    closedLoop: options.closedLoop ?? false,
    bursts: options.bursts ?? false,
    machineStart,
    seconds: (performance.now() - started) / 1000,
  });
}

function report(
  outcomes: readonly Outcome[],
  o: {
    quick: boolean;
    count: number;
    closedLoop: boolean;
    bursts: boolean;
    machineStart: PartReport["machineStart"];
    seconds: number;
  },
): PartReport {
  const checks: Check[] = [];
  const rows: string[][] = [];
  for (const out of outcomes) {
    for (const kind of ["list", "search", "write"] as const) {
      const s = out.samples[kind];
      const budget = kind === "write" ? BUDGET_WRITE_MS : BUDGET_READ_MS;
      const p = s.times.length > 0 ? p95(s.times) : NaN;
      const statuses = [...s.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([k, n]) => `${k}: ${n}`)
        .join(", ");
      rows.push([
        out.target,
        kind === "write" ? `write (${WRITERS} connections)` : `${kind} (${READERS / 2} connections)`,
        String(s.times.length),
        (s.times.length / out.seconds).toFixed(0),
        s.times.length ? ms(quantile(s.times, 0.5)) : "–",
        s.times.length ? ms(p) : "–",
        s.times.length ? ms(quantile(s.times, 0.99)) : "–",
        statuses || "–",
      ]);
      checks.push({
        what: `${out.target}: ${kind === "write" ? "writes" : kind} p95, ${o.count.toLocaleString("en")} snippets, ${READERS} readers + ${WRITERS} writers`,
        figure: Number.isFinite(p) ? ms(p) : "not measured",
        budget: `< ${budget} ms`,
        pass: Number.isFinite(p) ? p < budget && s.errors === 0 : false,
        ...(s.errors > 0
          ? {
              note: `${s.errors} requests failed (${statuses || "no answers"}${s.timeouts ? `; ${s.timeouts} timed out after 30 s` : ""})`,
            }
          : {}),
      });
    }
  }
  const tables: Table[] = [
    {
      title: `Latency under load (${o.count.toLocaleString("en")} snippets; all three groups at once, loopback)`,
      head: ["database", "requests", "count", "req/s", "p50", "p95", "p99", "statuses"],
      rows,
      notes: [
        "list = GET …/snippets?limit=50&offset=… (pages through the library); search = GET …/snippets?limit=50&q=… (8 phrases in turn, matched in id, title, description and body); write = POST a snippet, POST a version with If-Match, PATCH its review date with If-Match, repeated.",
        o.closedLoop || o.bursts
          ? o.bursts
            ? `Paced in step (--bursts): every connection sends ${READER_RATE} request a second, all at the same instant, so each second brings one burst of 100 list requests, 100 searches and 10 writes (a thundering herd; the default staggers them).`
            : "Closed loop (--closed-loop): every connection sends its next request as soon as the last is answered, so this measures saturation: latency ≈ connections ÷ throughput."
          : `Paced: each reader connection sends ${READER_RATE} request a second, each writer ${WRITER_RATE} (autocannon's connectionRate; ${READERS * READER_RATE} reads/s and ${WRITERS * WRITER_RATE} writes/s offered), for up to ${o.quick ? 15 : 60} s; each group's connections start in 10 steps 100 ms apart, as people do not all click in the same millisecond (\`--bursts\`: all in step). \`--closed-loop\` drops the pacing to measure saturation.`,
      ],
    },
  ];
  tables.push({
    title: "Server process CPU during the load phase",
    head: ["database", "CPU seconds", "requests answered", "CPU per request", "cores used", "busiest thread"],
    rows: outcomes.map((out) => {
      const answered =
        out.samples.list.times.length + out.samples.search.times.length + out.samples.write.times.length;
      return out.serverCpu === null
        ? [out.target, "–", String(answered), "–", "–", "–"]
        : [
            out.target,
            out.serverCpu.toFixed(1),
            String(answered),
            ms((out.serverCpu * 1000) / answered),
            (out.serverCpu / out.seconds).toFixed(2),
            out.busiestThread === null ? "–" : `${(out.busiestThread / out.seconds).toFixed(2)} cores`,
          ];
    }),
    notes: [
      "User + system time of the Node server process (/proc/<pid>/stat) over the load phase, divided by the requests answered (reads and writes together). With PGlite the database runs inside that process, so this includes its work; with PostgreSQL the database's own processes are not in it. Busiest thread: the one thread that used the most CPU (/proc/<pid>/task), in cores; With PGlite in-process it is the thread that runs both the HTTP work and the database (near 1.00: saturated).",
    ],
  });
  tables.push({
    title: "One client alone (before the load): median of 16 sequential requests",
    head: ["database", "list", "search"],
    rows: outcomes.map((out) => [out.target, ms(out.alone.list), ms(out.alone.search)]),
    notes: [
      "What one request costs the server without queueing behind others; under load, p95 ≈ this cost × the requests waiting for the same cores.",
    ],
  });
  return {
    part: "server",
    title: "Server: team library under load",
    machineStart: o.machineStart,
    machineEnd: machine(),
    seconds: o.seconds,
    checks,
    tables,
    notes: [
      ...outcomes.map(
        (out) =>
          `${out.target}: seeded in ${out.seedSeconds.toFixed(0)} s; load phase ${out.seconds.toFixed(1)} s.`,
      ),
      ...outcomes.flatMap((out) =>
        out.readCache
          ? [
              `${out.target}: the read cache (src/server/match-cache.ts) answered ${out.readCache.served} of ${out.readCache.served + out.readCache.filled} list and search requests from the matches it kept (${out.readCache.changes} changed rows tested since; the warm-up's and the one client's requests included); the others searched the database.`,
            ]
          : [],
      ),
      ...(process.env.DATABASE_URL
        ? []
        : ["DATABASE_URL was not set: the real PostgreSQL was not measured."]),
      "The load generator (autocannon) runs on the same machine as the server and the database, sharing its cores.",
    ],
  };
}
