// Headless Chromium for browser tests: Debian's chromium driven by playwright-core (Playwright's own
// browser download cannot run on these machines), plus a static file server on 127.0.0.1.

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import { chromium, type Browser, type LaunchOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    timeout: 60_000,
    ...options,
  });
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export type StaticServer = {
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:40123/ */
  url: string;
  port: number;
  /** Requests served so far ("GET /path 200"), for debugging failed tests. */
  log: string[];
  close: () => Promise<void>;
};

export type ServeOptions = {
  /** Extra handlers by exact path (e.g. "/api/ping"); they run before files are looked up. */
  routes?: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
};

/** Serves `root` on 127.0.0.1 at a random free port; directory requests get index.html. */
export async function serveDirectory(root: string, options: ServeOptions = {}): Promise<StaticServer> {
  const base = resolve(root);
  const log: string[] = [];
  const server = createServer((req, res) => {
    const done = (status: number) => log.push(`${req.method} ${req.url} ${status}`);
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      const route = options.routes?.[path];
      if (route) {
        route(req, res);
        done(res.statusCode);
        return;
      }
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end("forbidden");
        return done(403);
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file).catch(() => null);
      }
      if (!info?.isFile()) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return done(404);
      }
      res.writeHead(200, {
        "content-type": CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
        "content-length": info.size,
        "cache-control": "no-store",
      });
      if (req.method === "HEAD") res.end();
      else createReadStream(file).pipe(res);
      done(200);
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
      done(500);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    log,
    close: () =>
      new Promise<void>((ok, fail) => {
        server.closeAllConnections();
        server.close((e) => (e ? fail(e) : ok()));
      }),
  };
}
