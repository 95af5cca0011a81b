import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";

// The built add-in (dist/addin) served beside the API under /addin/ (SECTIONSMITH_ADDIN_DIR), so a firm
// can run one process behind one certificate: the pane then calls its own origin and needs no CORS.
// Files are read by @hono/node-server's serveStatic, which refuses `..` segments, backslashes, doubled
// slashes and %-escapes left after decoding, and answers a directory only with an index.html (the build
// has none): no listing. A NUL (%00) never gets here (hygiene.ts answers 400 first). No sign-in: these
// are the same files any static host would publish. The pages' Content-Security-Policy is the one the
// build wrote into them (<meta>, webpack.config.js); nothing here adds or overrides one.

export const ADDIN_PREFIX = "/addin";

/** A name webpack gave a content hash ([name].[contenthash:8].js, assets/[name].[contenthash:8][ext]). */
const HASHED = /\.[0-9a-f]{8}\.(?:chunk\.)?[a-z0-9]+(?:\.map|\.LICENSE\.txt)?$/;

/**
 * Hashed files never change under their name: cached for a year. Everything else (the pages, the
 * manifest, the icons Office fetches by a fixed address) is revalidated on every use, so a new release
 * is picked up at once.
 */
export const cacheControl = (path: string): string =>
  HASHED.test(path) ? "public, max-age=31536000, immutable" : "no-cache";

/** Registers GET/HEAD /addin/* on `app`; call it before the sign-in middleware (these need no token). */
export function serveAddin<E extends Env>(app: Hono<E>, dir: string): void {
  const files = serveStatic<E>({
    root: dir,
    rewriteRequestPath: (path) => path.slice(ADDIN_PREFIX.length),
    onFound: (path, c) => {
      c.header("Cache-Control", cacheControl(path));
      c.header("X-Content-Type-Options", "nosniff");
    },
  });
  const notFound = { code: "NOT_FOUND", message: "No such file of the add-in" };
  app.get(ADDIN_PREFIX, (c) => c.redirect(`${ADDIN_PREFIX}/taskpane.html`, 301));
  app.get(`${ADDIN_PREFIX}/`, (c) => c.redirect(`${ADDIN_PREFIX}/taskpane.html`, 301));
  // Whatever serveStatic does not answer (refused or missing) is a 404 here, never the API's 401.
  app.get(`${ADDIN_PREFIX}/*`, files, (c) => c.json(notFound, 404));
  app.all(`${ADDIN_PREFIX}/*`, (c) => {
    c.header("Allow", "GET, HEAD");
    return c.json({ code: "METHOD_NOT_ALLOWED", message: "The add-in's files can only be read" }, 405);
  });
}
