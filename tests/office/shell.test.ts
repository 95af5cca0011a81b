// The add-in shell around the pane: webpack configuration (without running webpack), the function file,
// and the icon generator.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { afterEach, describe, expect, it } from "@jest/globals";

const ROOT = join(import.meta.dirname, "..", "..");

type CopyPattern = { from: string; transform?: (content: Buffer) => string | Buffer };
type Config = {
  devtool: string;
  entry: Record<string, string>;
  output: { path: string };
  plugins: Array<{ userOptions?: { filename: string; csp: string }; patterns?: CopyPattern[] }>;
  optimization: { splitChunks: { cacheGroups: Record<string, { chunks: unknown; test: RegExp }> } };
  devServer?: unknown;
};

async function loadConfig(mode: "production" | "development"): Promise<Config> {
  const file = join(ROOT, "webpack.config.js"); // a variable specifier: the config is plain JS, untyped
  const { default: make } = (await import(file)) as {
    default: (env: object, argv: object) => Promise<Config>;
  };
  return make({ WEBPACK_BUNDLE: true }, { mode });
}

describe("webpack.config.js", () => {
  it("builds the two entries into dist/addin with no eval-based devtool and no dev server", async () => {
    const config = await loadConfig("production");
    expect(config.entry).toEqual({
      taskpane: "./src/taskpane/index.tsx",
      commands: "./src/commands/commands.ts",
    });
    expect(config.output.path).toBe(join(ROOT, "dist", "addin"));
    expect(config.devtool).not.toMatch(/eval/);
    expect(config.devServer).toBeUndefined();
  });

  it("puts a strict CSP in both pages: office.js CDN only, no unsafe-eval, websockets only in development", async () => {
    for (const mode of ["production", "development"] as const) {
      const pages = (await loadConfig(mode)).plugins.flatMap((p) =>
        p.userOptions?.csp ? [p.userOptions] : [],
      );
      expect(pages.map((p) => p.filename).sort()).toEqual(["commands.html", "taskpane.html"]);
      for (const { csp } of pages) {
        expect(csp).toMatch(/default-src 'self'/);
        expect(csp).toMatch(/script-src 'self' https:\/\/appsforoffice\.microsoft\.com;/);
        expect(csp).not.toMatch(/unsafe-eval/);
        expect(csp).toMatch(/img-src 'self' data: blob:/);
        expect(/ws:\/\/localhost/.test(csp)).toBe(mode === "development");
      }
    }
  });

  it("keeps docx and docx-preview in async chunks", async () => {
    const groups = (await loadConfig("production")).optimization.splitChunks.cacheGroups;
    expect(groups.docx!.chunks).toBe("async");
    expect(groups.preview!.chunks).toBe("async");
    expect(groups.docx!.test.test("/x/node_modules/docx/dist/index.mjs")).toBe(true);
    expect(groups.docx!.test.test("/x/node_modules/docx-preview/dist/docx-preview.mjs")).toBe(false);
  });

  it("rewrites the manifest to the production URL, and refuses to leave localhost behind", async () => {
    const copy = (mode: "production" | "development") =>
      loadConfig(mode).then((c) =>
        c.plugins.flatMap((p) => p.patterns ?? []).find((p) => p.from === "manifest.xml")!,
      );
    const manifest = readFileSync(join(ROOT, "manifest.xml"));
    const prod = String((await copy("production")).transform!(manifest));
    expect(prod).not.toMatch(/localhost/);
    expect(prod).toMatch(/<SourceLocation DefaultValue="https:\/\/sectionsmith\.example\/taskpane\.html"\/>/);
    expect(String((await copy("development")).transform!(manifest))).toBe(manifest.toString());
    const sneaky = Buffer.from(
      manifest.toString().replace("https://localhost:3000/commands.html", "https://localhost:3001/x"),
    );
    const production = await copy("production");
    expect(() => production.transform!(sneaky)).toThrow(/localhost/);
  });
});

describe("commands.ts (function file)", () => {
  const g = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete g.Office;
    delete g.action;
    jest.resetModules();
  });

  it("registers `action`, which completes the event", async () => {
    const associated: Record<string, (e: { completed: () => void }) => void> = {};
    g.Office = {
      onReady: (callback: () => void) => {
        callback();
        return Promise.resolve({});
      },
      actions: {
        associate: (name: string, f: (e: { completed: () => void }) => void) => (associated[name] = f),
      },
    };
    await import("../../src/commands/commands");
    const completed = jest.fn();
    associated.action!({ completed });
    expect(completed).toHaveBeenCalledTimes(1);
    expect(g.action).toBe(associated.action);
  });

  it("does nothing (and does not throw) when office.js is absent", async () => {
    await expect(import("../../src/commands/commands")).resolves.toBeDefined();
    expect(g.action).toBeUndefined();
  });
});

describe("icons", () => {
  /** Decodes our own PNGs (RGBA, 8 bit, filter 0) and checks every chunk's CRC on the way. */
  function decode(bytes: Buffer) {
    let offset = 8;
    let width = 0;
    const idat: Buffer[] = [];
    const table = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (b: Buffer) => {
      let c = 0xffffffff;
      for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    while (offset < bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString("latin1", offset + 4, offset + 8);
      const data = bytes.subarray(offset + 8, offset + 8 + length);
      expect(bytes.readUInt32BE(offset + 8 + length)).toBe(
        crc(bytes.subarray(offset + 4, offset + 8 + length)),
      );
      if (type === "IHDR") width = data.readUInt32BE(0);
      if (type === "IDAT") idat.push(data);
      offset += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const alpha = (x: number, y: number) => raw[y * (1 + width * 4) + 1 + x * 4 + 3];
    return { width, alpha, rows: raw.length / (1 + width * 4) };
  }

  it.each([16, 32, 64, 80, 128])(
    "icon-%i.png decodes, has transparent corners and an opaque body",
    (size) => {
      const png = decode(readFileSync(join(ROOT, "assets", `icon-${size}.png`)));
      expect(png.width).toBe(size);
      expect(png.rows).toBe(size);
      expect(png.alpha(0, 0)).toBeLessThan(40);
      expect(png.alpha(size - 1, size - 1)).toBeLessThan(40);
      expect(png.alpha(size >> 1, size >> 1)).toBe(255);
    },
  );
});
