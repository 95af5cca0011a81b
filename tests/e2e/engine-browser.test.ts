// The engine bundled for the browser (as the task pane loads it) produces every output form in
// real Chromium, and each form decodes to a .docx that passes the OOXML check.

import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import { launchBrowser, serveDirectory, type StaticServer } from "../support/browser";
import { expectWithMessage } from "../support/expect-message";

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "sectionsmith-engine-"));
  // platform "browser": no Node built-ins are available, so any leak into the engine fails the bundle.
  await build({
    entryPoints: ["src/engine/index.ts"],
    bundle: true,
    format: "esm",
    platform: "browser",
    outfile: join(dir, "engine.js"),
    logLevel: "silent",
  });
  await writeFile(join(dir, "index.html"), '<!doctype html><meta charset="utf-8"><title>engine</title>');
  server = await serveDirectory(dir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("engine in a browser bundle", () => {
  it("exports string, buffer, base64, blob and stream, all the same valid document", async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    // A module script, not import() inside evaluate: the test runner would rewrite a dynamic import.
    await page.addScriptTag({
      type: "module",
      content: 'import * as engine from "./engine.js"; window.engine = engine;',
    });
    await page.waitForFunction(() => "engine" in window);
    const results = await page.evaluate(async () => {
      const engine = (window as unknown as { engine: typeof import("../../src/engine") }).engine;
      const library = {
        format: "sectionsmith/library@1",
        snippets: [
          {
            id: "hello",
            title: "Hello",
            status: "approved",
            body: "# Hello {{name}}\n\n- one\n- two",
            variables: [{ name: "name", type: "text" }],
          },
        ],
      };
      const assembly = {
        format: "sectionsmith/assembly@1",
        sections: [{ snippet: "hello", values: { name: "browser" } }],
      };
      const toB64 = (bytes: Uint8Array) => engine.toBase64(bytes);
      const out: Record<string, string> = {};
      const s = await engine.exportDocument(library, assembly, { as: "string" });
      out.string = btoa(s.output);
      const b = await engine.exportDocument(library, assembly, { as: "buffer" });
      out.buffer = toB64(b.output);
      out.bufferIsUint8Array = String(b.output instanceof Uint8Array);
      out.base64 = (await engine.exportDocument(library, assembly, { as: "base64" })).output;
      const blob = (await engine.exportDocument(library, assembly, { as: "blob" })).output;
      out.blobType = blob.type;
      out.blob = toB64(new Uint8Array(await blob.arrayBuffer()));
      const stream = (await engine.exportDocument(library, assembly, { as: "stream" })).output;
      const chunks: Uint8Array[] = [];
      const reader = stream.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
      out.stream = toB64(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()));
      try {
        await engine.exportDocument(
          library,
          { format: "sectionsmith/assembly@1", sections: [{ snippet: "nope" }] },
          { as: "blob" },
        );
        out.error = "none";
      } catch (e) {
        out.error = (e as { problems: Array<{ code: string }> }).problems.map((p) => p.code).join(",");
      }
      return out;
    });

    expect(results.bufferIsUint8Array).toBe("true");
    expect(results.blobType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(results.error).toBe("SNIPPET_NOT_FOUND");
    for (const form of ["string", "buffer", "base64", "blob", "stream"]) {
      const bytes = new Uint8Array(Buffer.from(results[form]!, "base64"));
      expectWithMessage([...bytes.subarray(0, 4)], form).toEqual([0x50, 0x4b, 0x03, 0x04]);
      await expectValidDocx(bytes);
    }
  });
});
