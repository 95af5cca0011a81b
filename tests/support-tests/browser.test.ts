// Debian's chromium starts under playwright-core, loads a page from the local server, runs its
// script and answers page.evaluate.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Browser } from "playwright-core";
import { launchBrowser, serveDirectory, type StaticServer } from "../support/browser";

let dir: string;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-browser-"));
  await writeFile(
    join(dir, "index.html"),
    `<!doctype html><html><head><title>Served page</title><script src="app.js"></script></head>` +
      `<body><p id="out">static</p></body></html>`,
  );
  await writeFile(
    join(dir, "app.js"),
    `window.addEventListener("DOMContentLoaded", async () => {
       const data = await (await fetch("data.json")).json();
       document.getElementById("out").textContent = "sum=" + data.values.reduce((a, b) => a + b, 0);
     });`,
  );
  await writeFile(join(dir, "data.json"), JSON.stringify({ values: [1, 2, 3, 4] }));
  server = await serveDirectory(dir, {
    routes: { "/api/ping": (_req, res) => res.writeHead(200).end("pong") },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function rawGet(path: string): Promise<number> {
  return new Promise((ok, fail) => {
    get({ host: "127.0.0.1", port: server.port, path }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    }).on("error", fail);
  });
}

describe("browser helpers", () => {
  it("serves on 127.0.0.1 with a random port", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it("does not serve files outside its directory", async () => {
    expect(await rawGet("/data.json")).toBe(200);
    expect(await rawGet("/..%2f..%2f..%2fetc%2fpasswd")).toBe(403);
  });

  it("loads a served page, runs its script and evaluates JS", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      expect(await page.title()).toBe("Served page");
      await page.waitForFunction(() => document.getElementById("out")?.textContent?.startsWith("sum="));
      expect(await page.textContent("#out")).toBe("sum=10");
      expect(await page.evaluate(() => [1, 2, 3].map((n) => n * 2).join(","))).toBe("2,4,6");
      expect(await page.evaluate(async () => (await fetch("/api/ping")).text())).toBe("pong");
      expect(await page.evaluate(async () => (await fetch("/missing.js")).status)).toBe(404);
      expect(server.log).toContain("GET /data.json 200");
    } finally {
      await page.close();
    }
  });
});
