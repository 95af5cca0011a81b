import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { JSONWebKeySet } from "jose";
import { parseTrustedProxies } from "./client-address";

// Everything the server reads from its environment, read once at start-up and checked there, so that
// a mistake stops the server with a message instead of failing on some later request.

export type EntraConfig = {
  tenant: string;
  audience: string;
  issuer: string;
  jwksUrl: string;
  /** The delegated permission a user's token must carry in `scp` (Office SSO: access_as_user). */
  scope: string;
};
export type DevAuthConfig = { issuer: string; audience: string; jwks: JSONWebKeySet };

export type ServerConfig = {
  port: number;
  /** The address to listen on; undefined: every interface. */
  host?: string;
  /** Embedded PostgreSQL folder; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  entra?: EntraConfig;
  dev?: DevAuthConfig;
  /**
   * No sign-in was configured outside production: the server makes (or reuses) its own dev key in this
   * folder and listens on loopback only (the zero-configuration first run, main.ts).
   */
  ownDevKey?: { folder: string; issuer: string; audience: string };
  /** The add-in's origins: the only ones CORS lets in (none: the add-in is served from this origin). */
  corsOrigins: string[];
  /** The built add-in (dist/addin), served under /addin/ beside the API (addin-files.ts); absolute. */
  addinDir?: string;
  /** Who may create libraries (sign-in names); empty: anyone signed in. */
  creators: string[];
  /** Requests per user per minute (exports and usage events count by their size). */
  rateLimit: number;
  /** Requests per client address per minute that fail sign-in (no token, or a bad one). */
  signInRateLimit: number;
  /** Largest request body, in bytes. */
  bodyLimit: number;
  /** A request (headers and body) must have arrived within this many milliseconds. */
  requestTimeoutMs: number;
  /** Open connections at most; more are closed as they arrive. */
  maxConnections: number;
  /** Reverse proxies whose X-Forwarded-For is believed for the sign-in limit; empty: none. */
  trustedProxies: string[];
};

export class ConfigError extends Error {}

/** Where the zero-configuration dev mode keeps its key pair (as `npm run server:dev-token` does). */
export const DEV_KEY_FOLDER = ".sectionsmith-dev";
/** `npm start` serves the pane on https://localhost:3000 with a trusted dev certificate, else http://. */
export const DEV_CORS_ORIGINS = ["http://localhost:3000", "https://localhost:3000"];

const list = (v: string | undefined): string[] =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** SECTIONSMITH_TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (client-address.ts). */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  try {
    return parseTrustedProxies(env.SECTIONSMITH_TRUST_PROXY);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a whole number above 0, not "${raw}"`);
  return n;
}

/** SECTIONSMITH_DEV_JWKS: the JWKS JSON itself, or @path to a file holding it. */
function readJwks(raw: string): JSONWebKeySet {
  const text = raw.startsWith("@") ? readFileSync(raw.slice(1), "utf8") : raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('SECTIONSMITH_DEV_JWKS must be a JSON Web Key Set { "keys": [...] } or @file');
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new ConfigError('SECTIONSMITH_DEV_JWKS must hold at least one public key in "keys"');
  if (keys.some((k) => typeof k === "object" && k !== null && "d" in k))
    throw new ConfigError("SECTIONSMITH_DEV_JWKS holds a private key: give the server public keys only");
  return parsed as JSONWebKeySet;
}

/**
 * Production, from NODE_ENV (production, development or test) and SECTIONSMITH_PRODUCTION (1, true,
 * yes, 0, false, no), in any case and with spaces around: either saying production makes it so. Any
 * other value stops the server — "prod" or "Production " must not quietly start a dev server.
 */
export function isProduction(env: NodeJS.ProcessEnv): boolean {
  const nodeEnv = (env.NODE_ENV ?? "").trim().toLowerCase();
  if (!["", "production", "development", "test"].includes(nodeEnv))
    throw new ConfigError(
      `NODE_ENV must be production, development or test, not "${env.NODE_ENV}": say which (or leave it unset)`,
    );
  const flag = (env.SECTIONSMITH_PRODUCTION ?? "").trim().toLowerCase();
  const yes = ["1", "true", "yes"].includes(flag);
  if (!yes && !["", "0", "false", "no"].includes(flag))
    throw new ConfigError(
      `SECTIONSMITH_PRODUCTION must be 1, true or yes (production) or 0, false or no, not "${env.SECTIONSMITH_PRODUCTION}"`,
    );
  return nodeEnv === "production" || yes;
}

/**
 * SECTIONSMITH_CORS_ORIGINS: origins exactly as browsers send them, or `none`. Unset, when this server
 * serves the add-in itself: none (the pane calls its own origin, which needs no CORS).
 */
function corsOrigins(env: NodeJS.ProcessEnv, production: boolean, servesAddin: boolean): string[] {
  const raw = env.SECTIONSMITH_CORS_ORIGINS?.trim();
  if (!raw) {
    if (servesAddin) return [];
    if (production)
      throw new ConfigError(
        "Production needs SECTIONSMITH_CORS_ORIGINS: the origin the add-in is served from (e.g. https://sectionsmith.contoso.com), or none when this server serves the add-in from its own origin",
      );
    return DEV_CORS_ORIGINS;
  }
  if (raw.toLowerCase() === "none") return [];
  return list(raw).map((origin) => {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !["http:", "https:"].includes(url.protocol) || url.origin !== origin)
      throw new ConfigError(
        `SECTIONSMITH_CORS_ORIGINS: "${origin}" is not an origin as browsers send it — scheme://host[:port], no path and no trailing slash (e.g. https://sectionsmith.contoso.com)`,
      );
    return origin;
  });
}

const LOOPBACK = ["127.0.0.1", "::1", "localhost"];

/**
 * SECTIONSMITH_ADDIN_DIR: the folder `npm run build:addin` wrote (dist/addin), to serve under /addin/.
 * Checked here, so that a wrong path stops the server instead of answering 404 to every user.
 */
function addinDir(env: NodeJS.ProcessEnv, production: boolean): string | undefined {
  const raw = env.SECTIONSMITH_ADDIN_DIR?.trim();
  if (!raw) return undefined;
  const dir = resolve(raw);
  for (const file of ["taskpane.html", "manifest.xml"])
    if (!existsSync(join(dir, file)))
      throw new ConfigError(
        `SECTIONSMITH_ADDIN_DIR: ${dir} has no ${file}; give the folder \`npm run build:addin\` writes (dist/addin)`,
      );
  // A build whose manifest still names a development or placeholder address would load nowhere.
  const manifest = readFileSync(join(dir, "manifest.xml"), "utf8");
  const unset = ["https://localhost:3000/", "https://sectionsmith.example/"].find((u) =>
    manifest.includes(u),
  );
  if (production && unset)
    throw new ConfigError(
      `SECTIONSMITH_ADDIN_DIR: ${dir}/manifest.xml points at ${unset}: build it with SECTIONSMITH_URL_PROD set to the address it is served from (docs/deploy.md)`,
    );
  return dir;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = isProduction(env);
  const tenant = env.SECTIONSMITH_ENTRA_TENANT;
  const audience = env.SECTIONSMITH_ENTRA_AUDIENCE;
  let entra: EntraConfig | undefined;
  if (tenant || audience) {
    if (!tenant || !audience)
      throw new ConfigError("Set both SECTIONSMITH_ENTRA_TENANT and SECTIONSMITH_ENTRA_AUDIENCE, or neither");
    entra = {
      tenant,
      audience,
      issuer: env.SECTIONSMITH_ENTRA_ISSUER || `https://login.microsoftonline.com/${tenant}/v2.0`,
      jwksUrl:
        env.SECTIONSMITH_ENTRA_JWKS_URL || `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
      scope: env.SECTIONSMITH_ENTRA_SCOPE?.trim() || "access_as_user",
    };
  }
  const devIssuer = env.SECTIONSMITH_DEV_ISSUER || "sectionsmith-dev";
  const devAudience = env.SECTIONSMITH_DEV_AUDIENCE || "sectionsmith";
  let dev: DevAuthConfig | undefined;
  if (env.SECTIONSMITH_DEV_JWKS) {
    if (production)
      throw new ConfigError(
        "SECTIONSMITH_DEV_JWKS (the local dev issuer) is refused in production (NODE_ENV=production or SECTIONSMITH_PRODUCTION=1): configure Entra ID instead",
      );
    dev = { issuer: devIssuer, audience: devAudience, jwks: readJwks(env.SECTIONSMITH_DEV_JWKS) };
  }
  if (!entra && !dev && production)
    throw new ConfigError(
      "No sign-in configured: production needs Entra ID (SECTIONSMITH_ENTRA_TENANT and SECTIONSMITH_ENTRA_AUDIENCE)",
    );
  // Nothing configured outside production: the zero-configuration first run, on loopback only.
  const ownDevKey =
    !entra && !dev ? { folder: DEV_KEY_FOLDER, issuer: devIssuer, audience: devAudience } : undefined;
  const host = env.SECTIONSMITH_HOST?.trim() || (ownDevKey ? "127.0.0.1" : undefined);
  if (ownDevKey && host && !LOOPBACK.includes(host))
    throw new ConfigError(
      `With no sign-in configured the server runs in dev mode, on loopback only; SECTIONSMITH_HOST=${host} needs sign-in configured (Entra ID, or SECTIONSMITH_DEV_JWKS)`,
    );
  const databaseUrl = env.DATABASE_URL || undefined;
  const addin = addinDir(env, production);
  return {
    port: positive(env, "PORT", 3100),
    ...(host ? { host } : {}),
    dataDir: env.SECTIONSMITH_DATA_DIR || "./.sectionsmith-data",
    ...(databaseUrl ? { databaseUrl } : {}),
    production,
    ...(entra ? { entra } : {}),
    ...(dev ? { dev } : {}),
    ...(ownDevKey ? { ownDevKey } : {}),
    corsOrigins: corsOrigins(env, production, addin !== undefined),
    ...(addin ? { addinDir: addin } : {}),
    creators: list(env.SECTIONSMITH_CREATORS).map((u) => u.toLowerCase()),
    rateLimit: positive(env, "SECTIONSMITH_RATE_LIMIT", 600),
    signInRateLimit: positive(env, "SECTIONSMITH_SIGN_IN_RATE_LIMIT", 300),
    bodyLimit: positive(env, "SECTIONSMITH_BODY_LIMIT", 1024 * 1024),
    requestTimeoutMs: positive(env, "SECTIONSMITH_REQUEST_TIMEOUT", 30) * 1000,
    maxConnections: positive(env, "SECTIONSMITH_MAX_CONNECTIONS", 500),
    trustedProxies: trustedProxies(env),
  };
}
