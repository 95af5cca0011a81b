import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { User, Verifier } from "./auth";
import type { Database } from "./db";
import { ApiError, invalidRequest } from "./errors";
import { serveAddin } from "./addin-files";
import { clientAddress } from "./client-address";
import { checkAddress, checkBody, corsFor, limitBody } from "./hygiene";
import { createRateLimiter, oneAtATime } from "./rate-limit";
import { errors, jsonResponse } from "./responses";
import { auditRoutes } from "./routes/audit";
import { libraryRoutes } from "./routes/libraries";
import { snippetRoutes } from "./routes/snippets";
import { usageRoutes } from "./routes/usage";

// The HTTP app: hygiene first (logs, CORS for the add-in only, the address, body size), the two public
// routes and the add-in's files when it serves them (/addin/, addin-files.ts), then sign-in and the
// per-user rate limit in front of everything else — including unknown paths, which answer 401 to a
// caller without a token and 404 to one with — then the body's type and JSON (hygiene.ts).

export type AppEnv = {
  Variables: {
    user: User;
    db: Database;
    /** Counts `units` more against the caller's rate limit; the seconds to wait when over it, else 0. */
    take: (units: number) => number;
    /** Runs large answers (exports) one at a time in this process. */
    inTurn: <T>(fn: () => Promise<T>) => Promise<T>;
  };
};
export type LogLine = Record<string, unknown>;
export type AppOptions = {
  db: Database;
  verify: Verifier;
  corsOrigins: readonly string[];
  creators: readonly string[];
  rateLimit: number;
  /** Failed sign-ins per client address per minute. */
  signInRateLimit: number;
  bodyLimit: number;
  /** Reverse proxies whose X-Forwarded-For is believed (client-address.ts); empty: the TCP peer is the client. */
  trustedProxies?: readonly string[];
  /** How long /health waits for the database (default HEALTH_TIMEOUT_MS). */
  healthTimeoutMs?: number;
  /** The built add-in, served under /addin/ (addin-files.ts); undefined: not served. */
  addinDir?: string;
  log?: (line: LogLine) => void;
};

/** The TCP peer's address; undefined in-process (app.request without a socket). */
const peerAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;

/** A load balancer's probe must not hang on a stuck database: it answers "slow" past this. */
const HEALTH_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database, timeoutMs: number): Promise<"ok" | "unreachable" | "slow"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"slow">((done) => {
    timer = setTimeout(() => done("slow"), timeoutMs);
  });
  const probe = db.query("select 1").then(
    () => "ok" as const,
    () => "unreachable" as const,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const jsonLog = (line: LogLine): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  const log = options.log ?? jsonLog;
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidRequest(result.target, result.error.issues);
    },
  });

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const user = c.get("user") as User | undefined;
    log({
      time: new Date().toISOString(),
      level: c.res.status >= 500 ? "error" : "info",
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(user ? { user: user.name } : {}),
    });
  });
  app.use("*", corsFor(options.corsOrigins));
  app.use("*", checkAddress);
  app.use("*", limitBody(options.bodyLimit));

  app.openapi(
    createRoute({
      method: "get",
      path: "/health",
      operationId: "getHealth",
      summary:
        "200 when the server serves and its database answers; 503 when the database does not (no token needed)",
      security: [],
      responses: {
        200: jsonResponse(
          z.object({ status: z.literal("ok"), database: z.literal("ok") }),
          "Serving, and the database answered",
        ),
        503: jsonResponse(
          z.object({
            code: z.literal("DATABASE_UNAVAILABLE"),
            status: z.literal("unavailable"),
            database: z.enum(["unreachable", "slow"]),
            message: z.string(),
          }),
          "DATABASE_UNAVAILABLE: serving, but the database did not answer (or not within the health check's time)",
        ),
        ...errors([400, 500]),
      },
    }),
    async (c) => {
      const timeoutMs = options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS;
      const database = await databaseAnswers(options.db, timeoutMs);
      if (database === "ok") return c.json({ status: "ok" as const, database }, 200);
      c.header("Retry-After", "5");
      return c.json(
        {
          code: "DATABASE_UNAVAILABLE" as const,
          status: "unavailable" as const,
          database,
          message:
            database === "slow"
              ? `The database did not answer within ${timeoutMs / 1000} s`
              : "The database does not answer: see the server's log",
        },
        503,
      );
    },
  );
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Sectionsmith team library",
      version: "1",
      description:
        "A team's reviewed snippet library: members and roles, versions and their review, the audit log, usage. Errors are JSON { code, message }; see docs/team-library.md",
      license: { name: "MIT", url: "https://opensource.org/license/mit" },
    },
    // Relative to where this document is served: the server itself.
    servers: [{ url: "/", description: "This server" }],
    security: [{ bearer: [] }],
  });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This document (no token needed)",
    security: [],
    responses: {
      200: {
        description: "The OpenAPI 3.1 document",
        content: { "application/json": { schema: z.object({ openapi: z.string() }).passthrough() } },
      },
      ...errors([400, 500]),
    },
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });

  if (options.addinDir) serveAddin(app, options.addinDir);

  const limiter = createRateLimiter(options.rateLimit);
  const trustedProxies = options.trustedProxies ?? [];
  // Requests that fail sign-in count per client address (behind a reverse proxy, the proxy's unless
  // SECTIONSMITH_TRUST_PROXY names it): past the
  // limit, only tokens this process has already verified are let in from that address for the rest of
  // the minute, and no new signature is checked for it.
  const signInLimiter = createRateLimiter(options.signInRateLimit);
  const exportsInTurn = oneAtATime();
  const tooMany = (c: Context, wait: number, what: string) => {
    c.header("Retry-After", String(wait));
    return new ApiError(429, "RATE_LIMITED", `${what}: wait ${wait} seconds and try again`);
  };
  app.use("*", async (c, next) => {
    if (c.req.method === "OPTIONS") return next();
    const address = clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), trustedProxies);
    const authorization = c.req.header("authorization");
    const waitForSignIn = signInLimiter.over(address);
    let user: User;
    if (waitForSignIn > 0) {
      const known = options.verify.cached?.(authorization);
      if (!known) throw tooMany(c, waitForSignIn, "Too many failed sign-ins from your address");
      user = known;
    } else {
      try {
        user = await options.verify(authorization);
      } catch (error) {
        const wait = signInLimiter.take(address);
        if (wait > 0) throw tooMany(c, wait, "Too many failed sign-ins from your address");
        throw error;
      }
    }
    c.set("user", user);
    c.set("db", options.db);
    c.set("take", (units: number) => limiter.take(user.subject, units));
    c.set("inTurn", exportsInTurn);
    const wait = limiter.take(user.subject);
    if (wait > 0) throw tooMany(c, wait, "Too many requests");
    await next();
  });
  app.use("*", checkBody);

  libraryRoutes(app, { creators: options.creators });
  snippetRoutes(app);
  auditRoutes(app);
  usageRoutes(app);

  app.notFound((c) =>
    c.json({ code: "NOT_FOUND", message: `No route ${c.req.method} ${c.req.path}: see /openapi.json` }, 404),
  );
  app.onError((error, c: Context) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status);
    // Hono's own refusals of a request (a validator's, say) are the client's mistake too.
    if (error instanceof HTTPException && error.status < 500)
      return c.json({ code: "INVALID_REQUEST", message: error.message || "The request is not valid" }, 400);
    // A unique key the checks before the insert did not see (two creations in the same instant).
    if ((error as { code?: unknown }).code === "23505")
      return c.json(
        { code: "ALREADY_EXISTS", message: "Someone created this at the same moment: reload and try again" },
        409,
      );
    log({
      time: new Date().toISOString(),
      level: "error",
      message: String(error),
      stack: (error as Error).stack,
    });
    return c.json(
      {
        code: "INTERNAL",
        message: "The server failed; the change was not saved. Try again, and tell your admin if it persists",
      },
      500,
    );
  });
  return app;
}
