// How the dev server serves the pane (`npm start`, `npm run dev-server`): HTTPS with the Office dev
// certificate when one already exists and is trusted, plain HTTP otherwise — with one message saying how to
// get HTTPS. It never creates or installs a certificate itself: office-addin-dev-certs' getHttpsServerOptions()
// would, and installing its certificate authority runs `sudo` on Linux and asks for a keychain password on
// macOS, unannounced, in the middle of `npm start` (issue 13). Trusting a CA is the user's decision.
/* global process */
import { readFileSync } from "node:fs";

/** The command that creates the dev certificate and trusts its authority (it asks for a password). */
export const INSTALL_COMMAND = "npx office-addin-dev-certs install";

/**
 * The decision, with everything it looks at passed in (scripts/dev-transport.d.mts has the types):
 * `env` (SECTIONSMITH_DEV_HTTP=1 forces HTTP), `certs` (office-addin-dev-certs' verifyCertificates and the
 * file paths from its defaults, or a loader that fails), `read` (reads a file). Returns the transport and,
 * for HTTP, the reason and the one message to print.
 */
export async function chooseTransport({ env = process.env, certs, read = readFileSync, port = 3000 } = {}) {
  const http = (reason) => ({ type: "http", reason, message: httpMessage(reason, port) });
  if (env.SECTIONSMITH_DEV_HTTP === "1") return { type: "http", reason: "SECTIONSMITH_DEV_HTTP=1" };
  let tools;
  try {
    tools = await (certs ?? loadDevCerts)();
  } catch (error) {
    return http(`office-addin-dev-certs could not be loaded (${firstLine(error)})`);
  }
  let trusted;
  try {
    // Only looks: reads the certificate files and checks the trust store (no sudo, no prompt).
    trusted = tools.verifyCertificates();
  } catch (error) {
    return http(`the dev certificate could not be checked (${firstLine(error)})`);
  }
  if (!trusted) return http("no trusted dev certificate for localhost yet");
  try {
    return {
      type: "https",
      options: {
        ca: read(tools.paths.ca),
        cert: read(tools.paths.cert),
        key: read(tools.paths.key),
      },
    };
  } catch (error) {
    return http(`the dev certificate could not be read (${firstLine(error)})`);
  }
}

/** One message: what happened, where the pane is, and the command that gives HTTPS. */
export function httpMessage(reason, port = 3000) {
  return (
    `\n⚠ Sectionsmith dev server: serving plain HTTP — ${reason}.\n` +
    `  Open http://localhost:${port}/taskpane.html in a browser (standalone mode works over HTTP).\n` +
    `  Word only loads add-ins over HTTPS: to trust a dev certificate, run\n` +
    `      ${INSTALL_COMMAND}\n` +
    "  (it installs a certificate authority and may ask for your password), then run `npm start` again.\n"
  );
}

async function loadDevCerts() {
  const mod = await import("office-addin-dev-certs");
  const api = mod.verifyCertificates ? mod : mod.default;
  const defaults = await import("office-addin-dev-certs/lib/defaults.js");
  const paths = defaults.caCertificatePath ? defaults : defaults.default;
  return {
    verifyCertificates: () => api.verifyCertificates(),
    paths: { ca: paths.caCertificatePath, cert: paths.localhostCertificatePath, key: paths.localhostKeyPath },
  };
}

const firstLine = (error) => (error instanceof Error ? error.message : String(error)).split("\n")[0];
