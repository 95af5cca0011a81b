import { serve } from "@hono/node-server";
import { createApp, jsonLog } from "./app";
import { createVerifier } from "./auth";
import { ConfigError, readConfig } from "./config";
import { DataDirLocked, lockDataDir, STALE_MS } from "./data-lock";
import { openDatabase } from "./db";
import { keepPlannerInformed } from "./maintenance";
import { migrate } from "./migrations";

// `npm run server`: reads the environment (docs/team-library.md), opens the database (embedded
// PostgreSQL in SECTIONSMITH_DATA_DIR, or DATABASE_URL), applies pending migrations, then serves.

async function main(): Promise<void> {
  const config = readConfig();
  const unlock = config.databaseUrl
    ? () => undefined
    : await lockDataDir(config.dataDir, () => {
        jsonLog({
          time: new Date().toISOString(),
          level: "error",
          message: `Another server took over ${config.dataDir} (this one did not answer for ${STALE_MS / 1000} s): stopping at once`,
        });
        process.exit(1);
      });
  process.once("exit", unlock);
  const db = await openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          onError: (error) =>
            jsonLog({ time: new Date().toISOString(), level: "warn", message: `database: ${String(error)}` }),
        }
      : { dataDir: config.dataDir },
  );
  const applied = await migrate(db);
  const stopMaintenance = await keepPlannerInformed(db, undefined, (error) =>
    jsonLog({ time: new Date().toISOString(), level: "error", message: `vacuum analyze: ${String(error)}` }),
  );
  const app = createApp({ db, verify: createVerifier(config), ...config });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) =>
    jsonLog({
      time: new Date().toISOString(),
      level: "info",
      message: "serving",
      port: info.port,
      database: db.kind === "pglite" ? `embedded (${config.dataDir})` : "postgres",
      migrationsApplied: applied,
      signIn: [config.entra ? "entra" : undefined, config.dev ? "dev" : undefined].filter(Boolean),
    }),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // How often the embedded database's lists and searches were answered from kept matches.
    const readCache = db.matches ? { readCache: db.matches.stats } : {};
    jsonLog({ time: new Date().toISOString(), level: "info", message: "stopping", signal, ...readCache });
    stopMaintenance();
    // A request that never ends must not keep the process from stopping.
    setTimeout(() => {
      jsonLog({ time: new Date().toISOString(), level: "error", message: "did not stop within 10 s" });
      process.exit(1);
    }, 10_000).unref();
    // Exit 0 only once every answered request is done and the database closed cleanly; a failure to
    // close is said, with exit 1, rather than left as an unhandled rejection.
    server.close(() =>
      db.close().then(
        () => process.exit(0),
        (error: unknown) => {
          jsonLog({
            time: new Date().toISOString(),
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
    error instanceof ConfigError || error instanceof DataDirLocked
      ? error.message
      : String((error as Error)?.stack ?? error);
  jsonLog({ time: new Date().toISOString(), level: "error", message });
  process.exit(1);
});
