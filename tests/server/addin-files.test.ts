import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { cacheControl } from "../../src/server/addin-files";
import { readConfig } from "../../src/server/config";
import { expectWithMessage } from "../support/expect-message";
import { startServer, type TestServer } from "./helpers";

// The server serving the built add-in under /addin/ (SECTIONSMITH_ADDIN_DIR, issue 28): content types,
// caching, no listing, nothing outside the folder whatever the address says, the build's CSP untouched,
// and the API's sign-in unchanged. Over a real socket too, where the address reaches the server exactly
// as sent (a client library would tidy `..` away before sending).

const CSP = "default-src 'self'; connect-src 'self' https://sectionsmith.contoso.com";
const PAGE = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}" /></head><body></body></html>`;
const SECRET = "THE-SECRET-NEXT-TO-THE-ADD-IN";

let root: string;
let dir: string;
let s: TestServer;
let http: ServerType;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "sectionsmith-addin-"));
  dir = join(root, "addin");
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "taskpane.html"), PAGE);
  writeFileSync(join(dir, "manifest.xml"), '<?xml version="1.0"?><OfficeApp/>');
  writeFileSync(join(dir, "taskpane.0123abcd.js"), "console.log(1);");
  writeFileSync(join(dir, "docx.89abcdef.chunk.js"), "console.log(2);");
  writeFileSync(join(dir, "taskpane.0123abcd.js.map"), "{}");
  writeFileSync(join(dir, "assets", "icon-32.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(root, "secret.txt"), SECRET);
  s = await startServer({ addinDir: dir });
  http = serve({ fetch: s.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => http.once("listening", r));
  port = (http.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  if (http) {
    (http as import("node:http").Server).closeAllConnections();
    await new Promise((r) => http.close(r));
  }
  await s?.close();
  rmSync(root, { recursive: true, force: true });
});

/** One request exactly as written (method and target untouched), over a socket; status and whole answer. */
function raw(target: string, method = "GET"): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("end", () => resolve({ status: Number(text.slice(9, 12)), text }));
    socket.on("error", reject);
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

const get = (path: string, init: RequestInit = {}) => s.app.request(path, { redirect: "manual", ...init });

describe("the add-in's files under /addin/", () => {
  it("serves the pages with their build's CSP untouched, revalidated on every use, without a token", async () => {
    const page = await get("/addin/taskpane.html");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("content-security-policy")).toBeNull();
    expect(await page.text()).toBe(PAGE);
    const manifest = await get("/addin/manifest.xml");
    expect(manifest.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const icon = await get("/addin/assets/icon-32.png");
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("cache-control")).toBe("no-cache"); // Office asks for it by a fixed name
  });

  it("caches hashed scripts for a year", async () => {
    for (const name of ["taskpane.0123abcd.js", "docx.89abcdef.chunk.js"]) {
      const r = await get(`/addin/${name}`);
      expectWithMessage(r.status, name).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect(cacheControl("/x/taskpane.0123abcd.js.map")).toMatch(/immutable/);
    expect(cacheControl("/x/assets/logo.0123abcd.png")).toMatch(/immutable/);
    expect(cacheControl("/x/commands.html")).toBe("no-cache");
    expect(cacheControl("/x/icon-80.png")).toBe("no-cache");
  });

  it("answers HEAD, sends /addin and /addin/ to the pane, and refuses writes with 405", async () => {
    const head = await get("/addin/taskpane.html", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(PAGE)));
    for (const path of ["/addin", "/addin/"]) {
      const r = await get(path);
      expectWithMessage(r.status, path).toBe(301);
      expect(r.headers.get("location")).toBe("/addin/taskpane.html");
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const r = await get("/addin/taskpane.html", { method });
      expectWithMessage(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe("GET, HEAD");
    }
  });

  it("lists no folder and answers a missing file with 404, not the API's 401", async () => {
    for (const path of ["/addin/assets", "/addin/assets/", "/addin/nothing.js"]) {
      const r = await get(path);
      expectWithMessage(r.status, path).toBe(404);
      const body = await r.text();
      expect(body).not.toContain("icon-32");
      expect(JSON.parse(body).code).toBe("NOT_FOUND");
    }
  });

  it("never answers with a file outside the folder: .., encoded dots and slashes, backslashes, NUL", async () => {
    const attempts = [
      "/addin/../secret.txt",
      "/addin/assets/../../secret.txt",
      "/addin/%2e%2e/secret.txt",
      "/addin/%2E%2E/secret.txt",
      "/addin/..%2fsecret.txt",
      "/addin/%2e%2e%2fsecret.txt",
      "/addin/..%5csecret.txt",
      "/addin/..\\secret.txt",
      "/addin/%252e%252e/secret.txt",
      "/addin/.%2e/secret.txt",
      "/addin//secret.txt",
      `/addin/${"..%2f".repeat(8)}etc/passwd`,
      "/addin/secret.txt%00.html",
      "/addin/taskpane.html%00",
      "/addin/%00/../secret.txt",
      "/addin/%c0%ae%c0%ae/secret.txt",
    ];
    for (const target of attempts) {
      const r = await raw(target);
      expectWithMessage(r.status, `${target}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.text).not.toContain(SECRET);
      expect(r.text).not.toContain("root:");
    }
    // The NUL is refused as such (hygiene.ts), before any file is looked for.
    expect((await raw("/addin/taskpane.html%00")).status).toBe(400);
    // And over the socket, the ordinary address works.
    const ok = await raw("/addin/taskpane.html");
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(CSP);
  });

  it("leaves the API as it was: sign-in still needed everywhere else", async () => {
    for (const path of ["/libraries", "/addins", "/addin-x/taskpane.html"]) {
      const r = await get(path);
      expectWithMessage(r.status, path).toBe(401);
    }
    expect((await s.call("ana@x.test", "GET", "/me")).status).toBe(200);
  });
});

describe("SECTIONSMITH_ADDIN_DIR", () => {
  const entra = {
    SECTIONSMITH_ENTRA_TENANT: "3f1c3b2e-0000-4000-8000-000000000001",
    SECTIONSMITH_ENTRA_AUDIENCE: "3f1c3b2e-0000-4000-8000-000000000002",
  };

  it("serving the add-in, production needs no CORS origins (the pane calls its own origin)", () => {
    const config = readConfig({ ...entra, NODE_ENV: "production", SECTIONSMITH_ADDIN_DIR: dir });
    expect(config.addinDir).toBe(dir);
    expect(config.corsOrigins).toEqual([]);
    // Origins given are still kept (a second host of the pane, say).
    expect(
      readConfig({
        ...entra,
        SECTIONSMITH_ADDIN_DIR: dir,
        SECTIONSMITH_CORS_ORIGINS: "https://a.contoso.com",
      }).corsOrigins,
    ).toEqual(["https://a.contoso.com"]);
    expect(() => readConfig({ ...entra, NODE_ENV: "production" })).toThrow(/needs SECTIONSMITH_CORS_ORIGINS/);
  });

  it("stops the server on a folder that is not a build, or a build for another address in production", () => {
    expect(() => readConfig({ ...entra, SECTIONSMITH_ADDIN_DIR: root })).toThrow(
      /SECTIONSMITH_ADDIN_DIR: .* has no taskpane\.html/,
    );
    const dev = join(root, "dev-build");
    mkdirSync(dev, { recursive: true });
    writeFileSync(join(dev, "taskpane.html"), PAGE);
    for (const address of ["https://localhost:3000/", "https://sectionsmith.example/"]) {
      writeFileSync(join(dev, "manifest.xml"), `<SourceLocation DefaultValue="${address}taskpane.html"/>`);
      expectWithMessage(
        () => readConfig({ ...entra, NODE_ENV: "production", SECTIONSMITH_ADDIN_DIR: dev }),
        address,
      ).toThrow(/points at .*: build it with SECTIONSMITH_URL_PROD/);
      // Outside production a development build is served (trying it on one machine).
      expect(readConfig({ ...entra, SECTIONSMITH_ADDIN_DIR: dev }).addinDir).toBe(dev);
    }
  });
});
