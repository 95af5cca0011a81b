import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { createVerifier, TOKEN_CACHE_MS, tokenCache } from "../../src/server/auth";
import { ApiError } from "../../src/server/errors";

// Verified tokens are kept by their text so that a client's every request does not pay for a signature
// check again; these tests pin what may never be kept: an expired token, one past the cache's bound,
// a failed one, and more tokens than the bound allows. The clock is injected (the verifier passes it to
// jose as currentDate too), so nothing here waits.

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const ISSUER = "sectionsmith-test";
let key: CryptoKey;
let jwks: { keys: JWK[] };

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  key = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" }] };
});

const token = (user: string, expSeconds: number, audience = "sectionsmith") =>
  new SignJWT({ preferred_username: user })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setSubject(user)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(Math.floor(T0 / 1000))
    .setExpirationTime(Math.floor(T0 / 1000) + expSeconds)
    .sign(key);

describe("the verified-token cache", () => {
  it("keeps a user until the token's expiry or the cache's bound, whichever comes first", () => {
    let now = T0;
    const cache = tokenCache(() => now);
    cache.set("short", { subject: "dev:ana", name: "ana" }, T0 / 1000 + 60);
    cache.set("long", { subject: "dev:bob", name: "bob" }, T0 / 1000 + 3600);
    cache.set("no-exp", { subject: "dev:cy", name: "cy" }, undefined);
    expect(cache.get("short")).toEqual({ subject: "dev:ana", name: "ana" });
    expect(cache.get("no-exp")).toBeUndefined();
    now = T0 + 60_000;
    expect(cache.get("short")).toBeUndefined(); // expired with the token
    expect(cache.get("long")).toEqual({ subject: "dev:bob", name: "bob" });
    now = T0 + TOKEN_CACHE_MS;
    expect(cache.get("long")).toBeUndefined(); // checked again after the bound, though still valid
  });

  it("holds at most its size, dropping the oldest", () => {
    const cache = tokenCache(() => T0, 2);
    const exp = T0 / 1000 + 3600;
    cache.set("a", { subject: "dev:a", name: "a" }, exp);
    cache.set("b", { subject: "dev:b", name: "b" }, exp);
    cache.set("c", { subject: "dev:c", name: "c" }, exp);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([
      undefined,
      { subject: "dev:b", name: "b" },
      { subject: "dev:c", name: "c" },
    ]);
  });

  it("never answers for a token past its expiry, even one verified before", async () => {
    let now = T0;
    const verify = createVerifier({ dev: { issuer: ISSUER, audience: "sectionsmith", jwks } }, () => now);
    const t = await token("Ana@X.test", 120);
    expect(await verify(`Bearer ${t}`)).toEqual({ subject: "dev:Ana@X.test", name: "ana@x.test" });
    expect(await verify(`Bearer ${t}`)).toEqual({ subject: "dev:Ana@X.test", name: "ana@x.test" });
    now = T0 + 121_000;
    const error = await verify(`Bearer ${t}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/expired/);
  });

  it("keeps no failure: a token refused once is refused again", async () => {
    const verify = createVerifier({ dev: { issuer: ISSUER, audience: "sectionsmith", jwks } }, () => T0);
    const other = await token("ana@x.test", 120, "another-api");
    for (let i = 0; i < 2; i++)
      await expect(verify(`Bearer ${other}`)).rejects.toMatchObject({ code: "TOKEN_INVALID" });
  });
});
