import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";

// `npm run server:dev-token -- you@example.com [hours]`: a sign-in token for the server's local dev
// issuer, for trying the API outside Office (curl, the CLI, tests by hand). The first run makes a key
// pair in .sectionsmith-dev/: keys.json (private, stays here) and jwks.json (public: start the server
// with SECTIONSMITH_DEV_JWKS=@.sectionsmith-dev/jwks.json). The server refuses this issuer in production.

const DIR = ".sectionsmith-dev";
const ISSUER = process.env.SECTIONSMITH_DEV_ISSUER || "sectionsmith-dev";
const AUDIENCE = process.env.SECTIONSMITH_DEV_AUDIENCE || "sectionsmith";

async function keys(): Promise<JWK> {
  const file = join(DIR, "keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as JWK;
  mkdirSync(DIR, { recursive: true });
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = `dev-${Date.now()}`;
  const priv = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
  writeFileSync(file, JSON.stringify(priv), { mode: 0o600 });
  writeFileSync(
    join(DIR, "jwks.json"),
    JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: "ES256" }] }, null, 2),
  );
  process.stderr.write(
    `Made a dev key pair in ${DIR}/; start the server with SECTIONSMITH_DEV_JWKS=@${DIR}/jwks.json\n`,
  );
  return priv;
}

const [user, hours = "8"] = process.argv.slice(2);
if (!user) {
  process.stderr.write("Usage: npm run server:dev-token -- you@example.com [hours]\n");
  process.exit(2);
}
const jwk = await keys();
const token = await new SignJWT({ preferred_username: user, name: user })
  .setProtectedHeader({ alg: "ES256", kid: jwk.kid! })
  .setIssuer(ISSUER)
  .setAudience(AUDIENCE)
  .setSubject(user)
  .setIssuedAt()
  .setExpirationTime(`${Number(hours)}h`)
  .sign(await importJWK(jwk, "ES256"));
process.stdout.write(`${token}\n`);
