import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

// What every request goes through before a route sees it, so that a client's mistake is answered with
// a 4xx and a code that says what to fix — never a 500 — and nothing the database cannot store (a NUL
// character, text that is not UTF-8) reaches it: CORS for the add-in's origins only, the address, the
// body's size, type, encoding and JSON.

/**
 * CORS for the add-in's origins, and nothing at all for any other origin (not even the exposed
 * headers or allowed methods: they are part of the grant). Preflights are answered here.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = origin !== undefined && origins.includes(origin);
    if (c.req.method === "OPTIONS") {
      c.header("Vary", "Origin");
      if (allowed) {
        c.header("Access-Control-Allow-Origin", origin);
        c.header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE");
        c.header("Access-Control-Allow-Headers", "Authorization, Content-Type, If-Match");
        c.header("Access-Control-Max-Age", "600");
      }
      return c.body(null, 204);
    }
    await next();
    c.res.headers.append("Vary", "Origin");
    if (allowed) {
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      c.res.headers.set("Access-Control-Expose-Headers", "ETag, Retry-After");
    }
  };
}

/** A NUL character (PostgreSQL's text cannot hold one) or a malformed %-escape in the address: 400. */
export const checkAddress: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  if (/%00/i.test(target))
    throw new ApiError(400, "INVALID_REQUEST", "The address holds a NUL character (%00): remove it");
  try {
    decodeURIComponent(target);
  } catch {
    throw new ApiError(
      400,
      "INVALID_REQUEST",
      "The address holds a %-escape that is not UTF-8: encode the text as UTF-8 (encodeURIComponent)",
    );
  }
  await next();
};

/**
 * Bodies over `maxSize` bytes: 413, and the connection closed — the body was not read, so it cannot
 * carry another request, and the answer says so (Connection: close) instead of promising keep-alive.
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => {
      c.header("Connection", "close");
      throw new ApiError(
        413,
        "PAYLOAD_TOO_LARGE",
        `The request body is larger than ${maxSize} bytes: send less at once`,
      );
    },
  });
  // GET and HEAD requests have no body (the server's Request object drops one), and asking for it
  // makes @hono/node-server build a whole Request: a twentieth of a list request's CPU, for nothing.
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A NUL character, or half a surrogate pair (UTF-8 cannot encode it): PostgreSQL refuses both. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) the database could not store. */
function badText(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = badText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A request body must be JSON (Content-Type application/json, UTF-8, not compressed): 415 for another
 * type or a Content-Encoding, 400 INVALID_JSON for text that does not parse, 400 INVALID_REQUEST for a
 * NUL character or a lone surrogate in any string. The text is kept for the route's own reading.
 */
export const checkBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
  const encoding = c.req.header("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity")
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the body uncompressed: Content-Encoding "${encoding}" is not accepted`,
    );
  const type = c.req.header("content-type");
  const [mediaType = "", ...parameters] = (type ?? "").split(";").map((p) => p.trim());
  const isJson = JSON_TYPE.test(mediaType);
  const charset = parameters
    .find((p) => /^charset=/i.test(p))
    ?.slice(8)
    .replace(/"/g, "")
    .toLowerCase();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) {
    if (isJson)
      throw new ApiError(400, "INVALID_JSON", "The body is empty: send a JSON value, or no Content-Type");
    return next();
  }
  if (!isJson || (charset !== undefined && charset !== "utf-8" && charset !== "utf8"))
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the body as JSON with "Content-Type: application/json"${type ? `, not "${type}"` : " (none was sent)"}`,
    );
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError(400, "INVALID_JSON", "The body is not UTF-8 text: send JSON encoded as UTF-8");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, "INVALID_JSON", `The body is not valid JSON: ${(error as Error).message}`);
  }
  const bad = badText(value, "");
  if (bad !== undefined)
    throw new ApiError(
      400,
      "INVALID_REQUEST",
      `The body's ${bad || "value"} holds a NUL character or half a surrogate pair: remove it`,
      { problems: [{ path: bad, message: "a NUL character or half a surrogate pair" }] },
    );
  // Hono keeps each body it has read as a promise (its type says the value): routes read this text.
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
  await next();
};
