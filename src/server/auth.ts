import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from "jose";
import type { DevAuthConfig, EntraConfig } from "./config";
import { ApiError } from "./errors";

// Bearer tokens: Microsoft Entra ID access tokens (what Office SSO's getAccessToken returns for the
// add-in's API) checked against the tenant's published keys, and — outside production only — tokens
// of a local issuer whose public keys the server is given. The token's issuer picks the key set.
// Beyond the signature, issuer and audience: an expiry is required, and neither it nor the issue time
// may be unbelievable; an Entra token must be a user's (scp with this API's scope, an oid), and the
// user is keyed on tenant and object id, as Microsoft advises, while names are only shown.

export type User = {
  /**
   * Who the user is, for good: Entra ID's object id in its tenant ("entra:<tid>:<oid>"), or the dev
   * issuer's subject ("dev:<sub>"). Memberships and four eyes are keyed on it: names change.
   */
  subject: string;
  /** The lower-cased sign-in name (preferred_username, else upn; the dev issuer's sub): what people see. */
  name: string;
  /** The display name, when the token has one. */
  displayName?: string;
};

export type Verifier = ((authorization: string | undefined) => Promise<User>) & {
  /** The user of a token this process has already verified (and that has not expired), without checking. */
  cached?: (authorization: string | undefined) => User | undefined;
};

const ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"];

/** The longest a token may live (Entra's longest, continuous access evaluation's 28 hours), in seconds. */
export const MAX_TOKEN_LIFETIME_S = 28 * 3600;
/** How far the issuer's clock may be ahead of ours, in seconds. */
const CLOCK_SKEW_S = 300;

const refuse = (message: string) => new ApiError(401, "TOKEN_INVALID", message);
const claim = (payload: JWTPayload, k: string) =>
  typeof payload[k] === "string" ? (payload[k] as string) : undefined;

/** exp is required (jose checks it is not past); it and iat must be believable. */
function checkTimes(payload: JWTPayload, nowMs: number): void {
  const now = nowMs / 1000;
  const { exp, iat } = payload;
  if (iat !== undefined && iat > now + CLOCK_SKEW_S)
    throw refuse("The token says it was issued in the future: check the issuer's clock, then sign in again");
  if (
    exp! - now > MAX_TOKEN_LIFETIME_S + CLOCK_SKEW_S ||
    (iat !== undefined && exp! - iat > MAX_TOKEN_LIFETIME_S)
  )
    throw refuse(
      `The token lives longer than ${MAX_TOKEN_LIFETIME_S / 3600} hours: ask for one that expires sooner`,
    );
}

function displayOf(payload: JWTPayload): { displayName?: string } {
  const display = claim(payload, "name");
  return display ? { displayName: display } : {};
}

/**
 * An Entra ID user: a delegated token (scp holds the API's scope — an app-only token has roles and no
 * scp, and no user) with the user's object id; named by preferred_username or upn, never by email (which
 * anyone may set on an account).
 */
function entraUser(payload: JWTPayload, entra: EntraConfig): User {
  const scopes = (claim(payload, "scp") ?? "").split(" ").filter((s) => s !== "");
  if (scopes.length === 0)
    throw refuse(
      "The token has no user's permission (scp): app-only tokens are not accepted. Sign in as a person",
    );
  if (!scopes.includes(entra.scope))
    throw refuse(
      `The token does not grant this server's permission (${entra.scope}): sign in to the Sectionsmith add-in again`,
    );
  const oid = claim(payload, "oid");
  if (!oid) throw refuse("The token names no user object id (oid): sign in as a person");
  const name = claim(payload, "preferred_username") ?? claim(payload, "upn");
  if (!name)
    throw refuse(
      "The token names no sign-in name (preferred_username or upn): sign in with your work account",
    );
  return { subject: `entra:${entra.tenant}:${oid}`, name: name.toLowerCase(), ...displayOf(payload) };
}

/** A dev issuer's user: its sub is who they are, preferred_username (else sub) their sign-in name. */
function devUser(payload: JWTPayload): User {
  if (!payload.sub) throw refuse("The token names no user (sub): make one with npm run server:dev-token");
  const name = claim(payload, "preferred_username") ?? payload.sub;
  return { subject: `dev:${payload.sub}`, name: name.toLowerCase(), ...displayOf(payload) };
}

function explain(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof errors.JWTExpired)
    return new ApiError(401, "TOKEN_INVALID", "Your sign-in has expired: sign in again");
  if (error instanceof errors.JWTClaimValidationFailed && error.reason === "missing")
    return new ApiError(401, "TOKEN_INVALID", `The token has no ${error.claim} claim: sign in again`);
  if (error instanceof errors.JWTClaimValidationFailed)
    return new ApiError(
      401,
      "TOKEN_INVALID",
      `The token was not issued for this server (${error.claim} does not match): sign in to this server again`,
    );
  return new ApiError(401, "TOKEN_INVALID", "The token could not be verified: sign in again");
}

/** Verified tokens kept at most (oldest dropped first), and for at most this long (ms). */
export const TOKEN_CACHE_SIZE = 5_000;
export const TOKEN_CACHE_MS = 5 * 60_000;

/**
 * Tokens already verified, by the token's exact text, until the earlier of its expiry and a few minutes:
 * a client sends the same token with every request until it expires, and checking its signature
 * again (an ES256/RS256 verification and the claims) was the largest part of a request's CPU after
 * the database (bench: 0.15–0.3 ms a request). Only successes are kept, so a bad token is checked
 * every time; the few minutes bound how long a key removed from the key set still lets its tokens in.
 * Per process and in memory: nothing another server process needs to know.
 */
export function tokenCache(now: () => number, size = TOKEN_CACHE_SIZE) {
  const verified = new Map<string, { user: User; until: number }>();
  return {
    get(token: string): User | undefined {
      const hit = verified.get(token);
      if (!hit) return undefined;
      if (hit.until > now()) return hit.user;
      verified.delete(token);
      return undefined;
    },
    set(token: string, user: User, exp: number | undefined): void {
      if (exp === undefined) return;
      const until = Math.min(exp * 1000, now() + TOKEN_CACHE_MS);
      if (until <= now()) return;
      if (verified.size >= size) verified.delete(verified.keys().next().value!);
      verified.set(token, { user, until });
    },
  };
}

export function createVerifier(
  options: { entra?: EntraConfig; dev?: DevAuthConfig },
  now: () => number = Date.now,
): Verifier {
  const { entra, dev } = options;
  const entraKeys = entra ? createRemoteJWKSet(new URL(entra.jwksUrl)) : undefined;
  const devKeys = dev ? createLocalJWKSet(dev.jwks) : undefined;
  const cache = tokenCache(now);
  const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const verify: Verifier = async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
    if (!match)
      throw new ApiError(
        401,
        "SIGN_IN_REQUIRED",
        'Sign in first: send the access token as "Authorization: Bearer <token>"',
      );
    const token = match[1]!;
    const known = cache.get(token);
    if (known) return known;
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new ApiError(401, "TOKEN_INVALID", "The bearer token is not a JWT: sign in again");
    }
    try {
      if (dev && devKeys && issuer === dev.issuer) {
        const { payload } = await jwtVerify(token, devKeys, {
          issuer: dev.issuer,
          audience: dev.audience,
          algorithms: ALGORITHMS,
          requiredClaims: ["exp", "sub"],
          currentDate: new Date(now()),
        });
        checkTimes(payload, now());
        const user = devUser(payload);
        cache.set(token, user, payload.exp);
        return user;
      }
      if (entra && entraKeys && issuer === entra.issuer) {
        const { payload } = await jwtVerify(token, entraKeys, {
          issuer: entra.issuer,
          audience: entra.audience,
          algorithms: ["RS256"],
          requiredClaims: ["exp"],
          currentDate: new Date(now()),
        });
        if (payload.tid !== entra.tenant)
          throw new ApiError(
            401,
            "TOKEN_INVALID",
            "The token comes from another Entra ID tenant: sign in with your organisation's account",
          );
        checkTimes(payload, now());
        const user = entraUser(payload, entra);
        cache.set(token, user, payload.exp);
        return user;
      }
    } catch (error) {
      throw explain(error);
    }
    throw new ApiError(
      401,
      "TOKEN_INVALID",
      "The token's issuer is not one this server trusts: sign in to this server again",
    );
  };
  verify.cached = (authorization) => {
    const token = bearer(authorization);
    return token ? cache.get(token) : undefined;
  };
  return verify;
}
