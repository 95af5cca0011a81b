import { importJWK, SignJWT } from "jose";
import { DEV_KEY_FOLDER } from "../src/server/config";
import { devKeyPair } from "../src/server/dev-keys";

// `npm run server:dev-token -- you@example.com [hours]`: a sign-in token for the server's local dev
// issuer, for trying the API outside Office (curl, the CLI, tests by hand). The first run makes a key
// pair in .sectionsmith-dev/: keys.json (private, stays here) and jwks.json (public). A server started
// with no sign-in configured (`npm run server` on a fresh clone) uses the same pair; one started with
// SECTIONSMITH_DEV_JWKS=@.sectionsmith-dev/jwks.json accepts it too. The server refuses this issuer in
// production. Tokens live at most 24 hours (the server refuses longer ones).

const ISSUER = process.env.SECTIONSMITH_DEV_ISSUER || "sectionsmith-dev";
const AUDIENCE = process.env.SECTIONSMITH_DEV_AUDIENCE || "sectionsmith";

const [user, hours = "8"] = process.argv.slice(2);
if (!user || !(Number(hours) > 0 && Number(hours) <= 24)) {
  process.stderr.write("Usage: npm run server:dev-token -- you@example.com [hours, at most 24]\n");
  process.exit(2);
}
const { privateKey, made } = await devKeyPair(DEV_KEY_FOLDER);
if (made)
  process.stderr.write(
    `Made a dev key pair in ${DEV_KEY_FOLDER}/; a server with no sign-in configured uses it (or start one with SECTIONSMITH_DEV_JWKS=@${DEV_KEY_FOLDER}/jwks.json)\n`,
  );
const token = await new SignJWT({ preferred_username: user, name: user })
  .setProtectedHeader({ alg: "ES256", kid: privateKey.kid! })
  .setIssuer(ISSUER)
  .setAudience(AUDIENCE)
  .setSubject(user)
  .setIssuedAt()
  .setExpirationTime(`${Number(hours)}h`)
  .sign(await importJWK(privateKey, "ES256"));
process.stdout.write(`${token}\n`);
