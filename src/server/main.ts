import { serve } from "@hono/node-server";
import { createApp, jsonLog } from "./app";
import { createVerifier } from "./auth";
import { ConfigError, readConfig, type ServerConfig } from "./config";
import { DataDirLocked, lockDataDir, STALE_MS } from "./data-lock";
import { openDatabase, type Database } from "./db";
import { devKeyPair } from "./dev-keys";
import { keepPlannerInformed } from "./maintenance";
import { migrate, MigrationRefused } from "./migrations";

// `npm run server`: reads the environment (docs/team-library.md), opens the database (embedded
// PostgreSQL in SECTIONSMITH_DATA_DIR, or DATABASE_URL), applies pending migrations, then serves.
// With nothing configured (a fresh clone), a dev mode on loopback with a dev key of its own.

const now = () => new Date().toISOString();

/** The zero-configuration first run: the dev key pair `npm run server:dev-token` signs with. */
async function withOwnDevKey(config: ServerConfig): Promise<ServerConfig> {
  if (!config.ownDevKey) return config;
  const { folder, issuer, audience } = config.ownDevKey;
  const { jwks } = await devKeyPair(folder);
  return { ...config, dev: { issuer, audience, jwks } };
}

/** The database the settings name, its folder locked first when it is the embedded one. */
async function openConfigured(settings: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const { databaseUrl, dataDir } = settings;
  const unlock = databaseUrl
    ? () => undefined
    : await lockDataDir(dataDir, () => {
        jsonLog({
          time: now(),
          level: "error",
          message: `Another server took over ${dataDir} (this one did not answer for ${STALE_MS / 1000} s): stopping at once`,
        });
        process.exit(1);
      });
  process.once("exit", unlock);
  return openDatabase(
    databaseUrl
      ? {
          databaseUrl,
          onError: (error) => jsonLog({ time: now(), level: "warn", message: `database: ${String(error)}` }),
        }
      : { dataDir },
  );
}

/**
 * `node dist/server/index.js --migrate`: applies pending migrations and exits, serving nothing. For the
 * tables' owner, when the server itself runs as a role that does not own them (docs/team-library.md).
 */
async function migrateOnly(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.SECTIONSMITH_DATA_DIR || "./.sectionsmith-data";
  const db = await openConfigured({ ...(databaseUrl ? { databaseUrl } : {}), dataDir });
  const applied = await migrate(db);
  await db.close();
  jsonLog({ time: now(), level: "info", message: "migrated", migrationsApplied: applied });
  process.exit(0);
}

async function main(): Promise<void> {
  if (process.argv.includes("--migrate")) return migrateOnly();
  const config = await withOwnDevKey(readConfig());
  const db = await openConfigured(config);
  const applied = await migrate(db);
  const stopMaintenance = await keepPlannerInformed(db, undefined, (error) =>
    jsonLog({ time: now(), level: "error", message: `vacuum analyze: ${String(error)}` }),
  );
  const app = createApp({ db, verify: createVerifier(config), ...config });
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      ...(config.host ? { hostname: config.host } : {}),
      // A request whose headers and body have not arrived within the timeout gets 408 and its socket
      // closed, checked every second (Node's default would look every 30 s and allow 300 s).
      serverOptions: {
        requestTimeout: config.requestTimeoutMs,
        headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
        connectionsCheckingInterval: 1_000,
      },
    },
    (info) => {
      jsonLog({
        time: now(),
        level: "info",
        message: "serving",
        address: info.address,
        port: info.port,
        database: db.kind === "pglite" ? `embedded (${config.dataDir})` : "postgres",
        migrationsApplied: applied,
        signIn: [config.entra ? "entra" : undefined, config.dev ? "dev" : undefined].filter(Boolean),
        production: config.production,
        ...(config.addinDir ? { addin: `/addin/ from ${config.addinDir}` } : {}),
        corsOrigins: config.corsOrigins,
      });
      if (config.ownDevKey)
        jsonLog({
          time: now(),
          level: "warn",
          message: `Dev mode: no sign-in is configured, so this server listens on ${info.address} only and accepts tokens signed with its own dev key (${config.ownDevKey.folder}/keys.json). Get one with: npm run -s server:dev-token -- you@example.com — then: curl -H "Authorization: Bearer <token>" http://localhost:${info.port}/me. For a team, configure Entra ID sign-in (docs/team-library.md).`,
        });
    },
  );
  // A port already taken (another server, another copy) is said in the user's words, with what to do; the
  // database is closed first so that the data folder's lock is released.
  server.once("error", (error: NodeJS.ErrnoException) => {
    stopMaintenance();
    const message =
      error.code === "EADDRINUSE"
        ? `Port ${config.port} is already in use (another Sectionsmith server, or another program): stop it, or start this one on another port, e.g. PORT=${config.port + 1} npm run server (the pane then connects to that port: docs/team-library.md).`
        : `Cannot listen on port ${config.port}: ${error.message}`;
    jsonLog({ time: now(), level: "error", message });
    void db.close().finally(() => process.exit(1));
  });
  // Connections beyond this are closed as they arrive (a client that opens thousands cannot starve the rest).
  server.maxConnections = config.maxConnections;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // How often the embedded database's lists and searches were answered from kept matches.
    const readCache = db.matches ? { readCache: db.matches.stats } : {};
    jsonLog({ time: now(), level: "info", message: "stopping", signal, ...readCache });
    stopMaintenance();
    // A request that never ends must not keep the process from stopping.
    setTimeout(() => {
      jsonLog({ time: now(), level: "error", message: "did not stop within 10 s" });
      process.exit(1);
    }, 10_000).unref();
    // Exit 0 only once every answered request is done and the database closed cleanly; a failure to
    // close is said, with exit 1, rather than left as an unhandled rejection.
    server.close(() =>
      db.close().then(
        () => process.exit(0),
        (error: unknown) => {
          jsonLog({
            time: now(),
            level: "error",
            message: `closing the database: ${String((error as Error)?.stack ?? error)}`,
          });
          process.exit(1);
        },
      ),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof DataDirLocked || error instanceof MigrationRefused
      ? error.message
      : String((error as Error)?.stack ?? error);
  jsonLog({ time: now(), level: "error", message });
  process.exit(1);
});
