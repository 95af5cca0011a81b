// Production bundle sizes: webpack's own stats say which files the task pane loads at start (its entry
// point's chunks) and which arrive later through import(); every file is measured raw and gzipped (level 6,
// what web servers use by default) and brotli-compressed.

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";

const run = promisify(execFile);

export type BundleFile = {
  file: string;
  /** Chunk names, or the packages most of the chunk comes from when webpack gave it no name. */
  label: string;
  initial: boolean;
  bytes: number;
  gzip: number;
  brotli: number;
};

export type BundleReport = { files: BundleFile[]; initialGzip: number; lazyGzip: number; buildSeconds: number | null };

type Stats = {
  entrypoints: Record<string, { assets: Array<{ name: string } | string>; chunks: Array<number | string> }>;
  chunks: Array<{
    id: number | string;
    names: string[];
    initial: boolean;
    files: string[];
    modules?: Array<{ name: string; size: number }>;
  }>;
};

/**
 * Runs `webpack --mode production` (unless `build` is false) into `outDir` and measures it. The bench
 * builds into a directory of its own (not dist/addin) so a build by someone else on the same tree cannot
 * swap files under it between the build and the browser runs.
 */
export async function measureBundle(options: { build: boolean; statsFile: string; outDir: string }): Promise<BundleReport> {
  const { outDir } = options;
  let buildSeconds: number | null = null;
  if (options.build) {
    const t0 = performance.now();
    await run(process.execPath, ["node_modules/webpack-cli/bin/cli.js", "--mode", "production", "--output-path", outDir, "--json", options.statsFile], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    buildSeconds = (performance.now() - t0) / 1000;
  }
  const stats = JSON.parse(await readFile(options.statsFile, "utf8")) as Stats;
  const entry = stats.entrypoints["taskpane"];
  if (!entry) throw new Error("webpack stats have no taskpane entry point");
  const initialFiles = new Set(entry.assets.map((a) => (typeof a === "string" ? a : a.name)).filter((f) => f.endsWith(".js")));

  const files: BundleFile[] = [];
  for (const chunk of stats.chunks) {
    for (const file of chunk.files.filter((f) => f.endsWith(".js"))) {
      if (file.startsWith("commands")) continue; // the ribbon's function file, not the pane
      const data = await readFile(join(outDir, file));
      files.push({
        file,
        label: chunk.names.length > 0 ? chunk.names.join(", ") : topPackages(chunk.modules ?? []),
        initial: initialFiles.has(file),
        bytes: data.byteLength,
        gzip: gzipSync(data, { level: 6 }).byteLength,
        brotli: brotliCompressSync(data).byteLength,
      });
    }
  }
  files.sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
  const sum = (list: BundleFile[]) => list.reduce((n, f) => n + f.gzip, 0);
  return {
    files,
    initialGzip: sum(files.filter((f) => f.initial)),
    lazyGzip: sum(files.filter((f) => !f.initial)),
    buildSeconds,
  };
}

/** "micromark, zod, src/engine": where most of an unnamed chunk's bytes come from. */
function topPackages(modules: ReadonlyArray<{ name: string; size: number }>): string {
  const by = new Map<string, number>();
  for (const m of modules) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m.name)?.[1] ?? /\.\/(src\/[^/]+)/.exec(m.name)?.[1] ?? m.name;
    const key = pkg.startsWith("micromark") || pkg.startsWith("mdast") ? "micromark/mdast" : pkg;
    by.set(key, (by.get(key) ?? 0) + m.size);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k]) => k)
    .join(", ");
}
