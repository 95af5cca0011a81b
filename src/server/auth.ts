import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from "jose";
import type { DevAuthConfig, EntraConfig } from "./config";
import { ApiError } from "./errors";

// Bearer tokens: Microsoft Entra ID access tokens (what Office SSO's getAccessToken returns for the
// add-in's API) checked against the tenant's published keys, and — outside production only — tokens
// of a local issuer whose public keys the server is given. The token's issuer picks the key set.

export type User = {
  /** Lower-cased sign-in name (Entra preferred_username/upn/email, else sub): what memberships name. */
  id: string;
  name?: string;
};

export type Verifier = (authorization: string | undefined) => Promise<User>;

const ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"];

function userOf(payload: JWTPayload): User {
  const claim = (k: string) => (typeof payload[k] === "string" ? (payload[k] as string) : undefined);
  const id = claim("preferred_username") ?? claim("upn") ?? claim("email") ?? payload.sub;
  if (!id)
    throw new ApiError(
      401,
      "TOKEN_INVALID",
      "The token names no user (no preferred_username, upn, email or sub): sign in again",
    );
  const name = claim("name");
  return { id: id.toLowerCase(), ...(name ? { name } : {}) };
}

function explain(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof errors.JWTExpired)
    return new ApiError(401, "TOKEN_INVALID", "Your sign-in has expired: sign in again");
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
  return async (authorization) => {
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
          currentDate: new Date(now()),
        });
        const user = userOf(payload);
        cache.set(token, user, payload.exp);
        return user;
      }
      if (entra && entraKeys && issuer === entra.issuer) {
        const { payload } = await jwtVerify(token, entraKeys, {
          issuer: entra.issuer,
          audience: entra.audience,
          algorithms: ["RS256"],
          currentDate: new Date(now()),
        });
        if (payload.tid !== entra.tenant)
          throw new ApiError(
            401,
            "TOKEN_INVALID",
            "The token comes from another Entra ID tenant: sign in with your organisation's account",
          );
        const user = userOf(payload);
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
}
