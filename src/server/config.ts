import { readFileSync } from "node:fs";
import type { JSONWebKeySet } from "jose";

// Everything the server reads from its environment, read once at start-up and checked there, so that
// a mistake stops the server with a message instead of failing on some later request.

export type EntraConfig = { tenant: string; audience: string; issuer: string; jwksUrl: string };
export type DevAuthConfig = { issuer: string; audience: string; jwks: JSONWebKeySet };

export type ServerConfig = {
  port: number;
  /** Embedded PostgreSQL folder; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  entra?: EntraConfig;
  dev?: DevAuthConfig;
  /** The add-in's origins: the only ones CORS lets in. */
  corsOrigins: string[];
  /** Who may create libraries; empty: anyone signed in. */
  creators: string[];
  /** Requests per user per minute. */
  rateLimit: number;
  /** Largest request body, in bytes. */
  bodyLimit: number;
};

export class ConfigError extends Error {}

const list = (v: string | undefined): string[] =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === "production" || env.SECTIONSMITH_PRODUCTION === "1";
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
    };
  }
  let dev: DevAuthConfig | undefined;
  if (env.SECTIONSMITH_DEV_JWKS) {
    if (production)
      throw new ConfigError(
        "SECTIONSMITH_DEV_JWKS (the local dev issuer) is refused in production (NODE_ENV=production or SECTIONSMITH_PRODUCTION=1): configure Entra ID instead",
      );
    dev = {
      issuer: env.SECTIONSMITH_DEV_ISSUER || "sectionsmith-dev",
      audience: env.SECTIONSMITH_DEV_AUDIENCE || "sectionsmith",
      jwks: readJwks(env.SECTIONSMITH_DEV_JWKS),
    };
  }
  if (!entra && !dev)
    throw new ConfigError(
      "No sign-in configured: set SECTIONSMITH_ENTRA_TENANT and SECTIONSMITH_ENTRA_AUDIENCE (Entra ID), or SECTIONSMITH_DEV_JWKS outside production",
    );
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: positive(env, "PORT", 3100),
    dataDir: env.SECTIONSMITH_DATA_DIR || "./.sectionsmith-data",
    ...(databaseUrl ? { databaseUrl } : {}),
    production,
    ...(entra ? { entra } : {}),
    ...(dev ? { dev } : {}),
    corsOrigins: env.SECTIONSMITH_CORS_ORIGINS
      ? list(env.SECTIONSMITH_CORS_ORIGINS)
      : ["https://localhost:3000"],
    creators: list(env.SECTIONSMITH_CREATORS).map((u) => u.toLowerCase()),
    rateLimit: positive(env, "SECTIONSMITH_RATE_LIMIT", 600),
    bodyLimit: positive(env, "SECTIONSMITH_BODY_LIMIT", 1024 * 1024),
  };
}
