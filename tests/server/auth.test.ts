import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createVerifier, type Verifier } from "../../src/server/auth";
import { readConfig } from "../../src/server/config";
import { ApiError } from "../../src/server/errors";
import { expectWithMessage } from "../support/expect-message";

// Entra ID tokens checked against a JWKS served over HTTP (a loopback stand-in for the tenant's key
// endpoint), and the start-up configuration's refusals. No database needed.

const TENANT = "11111111-2222-3333-4444-555555555555";
const CLIENT = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`;

let server: Server;
let key: CryptoKey;
let verify: Verifier;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  key = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "entra-1", alg: "RS256", use: "sig" };
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  verify = createVerifier({
    entra: {
      tenant: TENANT,
      audience: CLIENT,
      issuer: ISSUER,
      jwksUrl: `http://127.0.0.1:${port}/keys`,
      scope: "access_as_user",
    },
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const OID = "0c8a5e1b-9d3f-4b7e-a2c1-5f6d7e8f9a0b";

/** A token as Entra ID issues one to Office SSO for the add-in's API; `claims` adds or (undefined) removes. */
async function entraToken(
  claims: Record<string, unknown>,
  audience = CLIENT,
  times: { exp?: number | null; iat?: number | null } = {},
) {
  const body: Record<string, unknown> = {
    tid: TENANT,
    oid: OID,
    scp: "access_as_user",
    preferred_username: "Ana@Contoso.com",
    name: "Ana",
    ...claims,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(body)
    .setProtectedHeader({ alg: "RS256", kid: "entra-1" })
    .setIssuer(ISSUER)
    .setAudience(audience);
  if (times.iat !== null) jwt.setIssuedAt(times.iat ?? now);
  if (times.exp !== null) jwt.setExpirationTime(times.exp ?? now + 3600);
  return jwt.sign(key);
}

async function refusal(header: string | undefined): Promise<ApiError> {
  const error = await verify(header).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("Entra ID tokens", () => {
  it("accepts a user's token for this API, keyed on tenant and object id, named by preferred_username lower-cased", async () => {
    expect(await verify(`Bearer ${await entraToken({})}`)).toEqual({
      subject: `entra:${TENANT}:${OID}`,
      name: "ana@contoso.com",
      displayName: "Ana",
    });
    // A v1 token names the user by upn; scp may list several permissions.
    expect(
      await verify(
        `Bearer ${await entraToken({ preferred_username: undefined, upn: "Ana@Contoso.com", scp: "User.Read access_as_user" })}`,
      ),
    ).toMatchObject({ subject: `entra:${TENANT}:${OID}`, name: "ana@contoso.com" });
  });

  it("refuses another tenant's token, another API's token and a missing header, saying what to do", async () => {
    const foreign = await refusal(
      `Bearer ${await entraToken({ tid: "99999999-2222-3333-4444-555555555555" })}`,
    );
    expect(foreign.status).toBe(401);
    expect(foreign.message).toMatch(/another Entra ID tenant/);
    const otherApi = await refusal(`Bearer ${await entraToken({}, "api://other")}`);
    expect(otherApi.message).toMatch(/aud/);
    const none = await refusal(undefined);
    expect(none.code).toBe("SIGN_IN_REQUIRED");
  });

  it("refuses an app-only token (roles, no scp), one without this API's scope, and one with no object id", async () => {
    const appOnly = await refusal(
      `Bearer ${await entraToken({ scp: undefined, roles: ["Library.ReadWrite.All"], preferred_username: undefined })}`,
    );
    expect([appOnly.code, appOnly.message]).toEqual(["TOKEN_INVALID", expect.stringMatching(/app-only/)]);
    const otherScope = await refusal(`Bearer ${await entraToken({ scp: "User.Read" })}`);
    expect(otherScope.message).toMatch(/access_as_user/);
    const noOid = await refusal(`Bearer ${await entraToken({ oid: undefined })}`);
    expect(noOid.message).toMatch(/oid/);
  });

  it("never names a user by email alone", async () => {
    const emailOnly = await refusal(
      `Bearer ${await entraToken({ preferred_username: undefined, email: "ana@contoso.com" })}`,
    );
    expect(emailOnly.message).toMatch(/preferred_username or upn/);
  });

  it("requires an expiry, and refuses a lifetime over 28 hours or an issue time in the future", async () => {
    const now = Math.floor(Date.now() / 1000);
    const noExp = await refusal(`Bearer ${await entraToken({}, CLIENT, { exp: null })}`);
    expect(noExp.message).toMatch(/no exp claim/);
    const century = await refusal(`Bearer ${await entraToken({}, CLIENT, { exp: now + 100 * 365 * 86400 })}`);
    expect(century.message).toMatch(/longer than 28 hours/);
    const longAgo = await refusal(
      `Bearer ${await entraToken({}, CLIENT, { iat: now - 40 * 3600, exp: now + 3600 })}`,
    );
    expect(longAgo.message).toMatch(/longer than 28 hours/);
    const future = await refusal(
      `Bearer ${await entraToken({}, CLIENT, { iat: now + 365 * 86400, exp: now + 3600 })}`,
    );
    expect(future.message).toMatch(/issued in the future/);
    // A day's token (continuous access evaluation gives up to 28 hours) is fine.
    expect(await verify(`Bearer ${await entraToken({}, CLIENT, { exp: now + 24 * 3600 })}`)).toMatchObject({
      name: "ana@contoso.com",
    });
  });
});

describe("start-up configuration", () => {
  const dev = JSON.stringify({ keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y" }] });
  const entra = { SECTIONSMITH_ENTRA_TENANT: TENANT, SECTIONSMITH_ENTRA_AUDIENCE: CLIENT };
  const origins = { SECTIONSMITH_CORS_ORIGINS: "https://sectionsmith.contoso.com" };

  it("reads the defaults", () => {
    const config = readConfig({ SECTIONSMITH_DEV_JWKS: dev });
    expect(config).toMatchObject({
      port: 3100,
      dataDir: "./.sectionsmith-data",
      production: false,
      rateLimit: 600,
    });
    expect(config.dev?.issuer).toBe("sectionsmith-dev");
    expect(config.host).toBeUndefined();
    expect(config.ownDevKey).toBeUndefined();
  });

  it("allows the dev pane's origins by default, over plain HTTP as `npm start` serves it without a trusted certificate, and HTTPS", () => {
    expect(readConfig({ SECTIONSMITH_DEV_JWKS: dev }).corsOrigins).toEqual([
      "http://localhost:3000",
      "https://localhost:3000",
    ]);
  });

  it("derives Entra's issuer, key URL and the scope a user's token must carry from the tenant", () => {
    const config = readConfig(entra);
    expect(config.entra).toEqual({
      tenant: TENANT,
      audience: CLIENT,
      issuer: ISSUER,
      jwksUrl: `https://login.microsoftonline.com/${TENANT}/discovery/v2.0/keys`,
      scope: "access_as_user",
    });
  });

  it("refuses the dev issuer in production, private keys, half an Entra setting and a bad PORT", () => {
    expect(() => readConfig({ SECTIONSMITH_DEV_JWKS: dev, NODE_ENV: "production" })).toThrow(
      /refused in production/,
    );
    expect(() => readConfig({ SECTIONSMITH_DEV_JWKS: dev, SECTIONSMITH_PRODUCTION: "1" })).toThrow(
      /refused in production/,
    );
    const priv = JSON.stringify({ keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y", d: "d" }] });
    expect(() => readConfig({ SECTIONSMITH_DEV_JWKS: priv })).toThrow(/private key/);
    expect(() => readConfig({ SECTIONSMITH_ENTRA_TENANT: TENANT })).toThrow(/both/);
    expect(() => readConfig({ SECTIONSMITH_DEV_JWKS: dev, PORT: "eighty" })).toThrow(
      /PORT must be a whole number/,
    );
  });

  it("recognises production in any case and with spaces, and stops on a value it does not know", () => {
    for (const [name, value] of [
      ["NODE_ENV", "production"],
      ["NODE_ENV", "Production"],
      ["NODE_ENV", "production "],
      ["NODE_ENV", " PRODUCTION"],
      ["SECTIONSMITH_PRODUCTION", "1"],
      ["SECTIONSMITH_PRODUCTION", "true"],
      ["SECTIONSMITH_PRODUCTION", "TRUE"],
      ["SECTIONSMITH_PRODUCTION", "yes"],
      ["SECTIONSMITH_PRODUCTION", " Yes "],
    ] as const) {
      expectWithMessage(
        readConfig({ ...entra, ...origins, [name]: value }).production,
        `${name}=${value}`,
      ).toBe(true);
      expectWithMessage(
        () => readConfig({ SECTIONSMITH_DEV_JWKS: dev, [name]: value }),
        `${name}=${value}`,
      ).toThrow(/refused in production/);
    }
    for (const [name, value] of [
      ["NODE_ENV", "development"],
      ["NODE_ENV", "Test"],
      ["NODE_ENV", ""],
      ["SECTIONSMITH_PRODUCTION", "0"],
      ["SECTIONSMITH_PRODUCTION", "false"],
      ["SECTIONSMITH_PRODUCTION", "No"],
    ] as const)
      expectWithMessage(
        readConfig({ SECTIONSMITH_DEV_JWKS: dev, [name]: value }).production,
        `${name}=${value}`,
      ).toBe(false);
    for (const [name, value] of [
      ["NODE_ENV", "prod"],
      ["NODE_ENV", "staging"],
      ["SECTIONSMITH_PRODUCTION", "on"],
      ["SECTIONSMITH_PRODUCTION", "2"],
      ["SECTIONSMITH_PRODUCTION", "production"],
    ] as const)
      expectWithMessage(
        () => readConfig({ SECTIONSMITH_DEV_JWKS: dev, [name]: value }),
        `${name}=${value}`,
      ).toThrow(new RegExp(`${name} must be`));
  });

  it("needs explicit CORS origins in production (or none, when it serves the add-in itself), each an exact origin", () => {
    expect(() => readConfig({ ...entra, NODE_ENV: "production" })).toThrow(
      /Production needs SECTIONSMITH_CORS_ORIGINS/,
    );
    expect(
      readConfig({ ...entra, NODE_ENV: "production", SECTIONSMITH_CORS_ORIGINS: "none" }).corsOrigins,
    ).toEqual([]);
    expect(
      readConfig({ ...entra, SECTIONSMITH_CORS_ORIGINS: "https://a.contoso.com, https://b.contoso.com:8443" })
        .corsOrigins,
    ).toEqual(["https://a.contoso.com", "https://b.contoso.com:8443"]);
    for (const bad of [
      "https://a.contoso.com/",
      "https://a.contoso.com/addin",
      "a.contoso.com",
      "*",
      "ftp://a",
    ])
      expectWithMessage(() => readConfig({ ...entra, SECTIONSMITH_CORS_ORIGINS: bad }), bad).toThrow(
        /is not an origin as browsers send it/,
      );
  });

  it("with no sign-in configured: production stops; otherwise dev mode with its own key, on loopback only", () => {
    expect(() => readConfig({ NODE_ENV: "production", ...origins })).toThrow(/No sign-in configured/);
    const first = readConfig({});
    expect(first.ownDevKey).toEqual({
      folder: ".sectionsmith-dev",
      issuer: "sectionsmith-dev",
      audience: "sectionsmith",
    });
    expect(first.host).toBe("127.0.0.1");
    expect(readConfig({ SECTIONSMITH_HOST: "::1" }).host).toBe("::1");
    expect(() => readConfig({ SECTIONSMITH_HOST: "0.0.0.0" })).toThrow(/loopback only/);
  });
});
