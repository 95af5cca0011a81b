import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from "jose";

// The dev issuer's key pair in a folder (.sectionsmith-dev/): keys.json (private, stays on this computer)
// and jwks.json (public). `npm run server:dev-token` signs tokens with it; a server with no sign-in
// configured (the zero-configuration first run) accepts them, as does one started with
// SECTIONSMITH_DEV_JWKS=@.sectionsmith-dev/jwks.json. Made once, by whichever of the two runs first.

export type DevKeyPair = { privateKey: JWK; jwks: JSONWebKeySet; made: boolean };

const PUBLIC = ["kty", "crv", "x", "y", "kid", "alg"] as const;

export async function devKeyPair(folder: string): Promise<DevKeyPair> {
  const file = join(folder, "keys.json");
  let privateKey: JWK;
  let made = false;
  try {
    privateKey = JSON.parse(readFileSync(file, "utf8")) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(folder, { recursive: true });
    const pair = await generateKeyPair("ES256", { extractable: true });
    const candidate: JWK = { ...(await exportJWK(pair.privateKey)), kid: `dev-${Date.now()}`, alg: "ES256" };
    try {
      // wx: of two first runs at once, the first file written is the key pair both use.
      writeFileSync(file, JSON.stringify(candidate), { mode: 0o600, flag: "wx" });
      privateKey = candidate;
      made = true;
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== "EEXIST") throw raced;
      privateKey = JSON.parse(readFileSync(file, "utf8")) as JWK;
    }
  }
  const publicKey = Object.fromEntries(PUBLIC.filter((k) => k in privateKey).map((k) => [k, privateKey[k]]));
  const jwks = { keys: [publicKey as JWK] };
  writeFileSync(join(folder, "jwks.json"), JSON.stringify(jwks, null, 2));
  return { privateKey, jwks, made };
}
