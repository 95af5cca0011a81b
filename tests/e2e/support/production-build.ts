// The add-in built for production as docs/deploy.md says (issue 28): the settings are read from the
// page's build step (its `export NAME=value` lines, in the shell block that runs `npm run build:addin`),
// and the build is `npm run build:addin` with them, written to .tmp/addin-production/ so that the other
// e2e tests keep their dist/addin. Built once, and again only when the sources or the settings change.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BUILD_INPUTS, newestMtime, ROOT } from "./pane";

export const DEPLOY_DOC = join(ROOT, "docs", "deploy.md");
export const PRODUCTION_DIR = join(ROOT, ".tmp", "addin-production");
const STAMP = join(ROOT, ".tmp", "addin-production.json");

/** The shell blocks of docs/deploy.md, in order. */
export function deployShellBlocks(): string[] {
  const doc = readFileSync(DEPLOY_DOC, "utf8");
  return [...doc.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The application (client) id the tests build with, in place of the page's `<application-client-id>`. */
export const TEST_APP_ID = "c6c1f32b-5e55-4997-881a-753cc1d563b7";

/**
 * The `export NAME=value` settings of the block that runs `npm run build:addin`, a `<placeholder>`
 * value replaced from `fill`.
 */
export function documentedBuildSettings(
  fill: Record<string, string> = { SECTIONSMITH_ENTRA_APP_ID: TEST_APP_ID },
): Record<string, string> {
  const block = deployShellBlocks().find((b) => /^npm run build:addin$/m.test(b));
  if (!block) throw new Error("docs/deploy.md has no shell block running `npm run build:addin`");
  const settings = Object.fromEntries(
    [...block.matchAll(/^export (SECTIONSMITH_\w+)=(\S+)$/gm)].map(([, name, value]) => {
      if (!/^<.*>$/.test(value!)) return [name!, value!];
      if (fill[name!] === undefined) throw new Error(`no test value for ${name}=${value}`);
      return [name!, fill[name!]!];
    }),
  );
  if (Object.keys(settings).length === 0) throw new Error("the build block sets no SECTIONSMITH_ variable");
  return settings;
}

let building: Promise<Record<string, string>> | undefined;

/** `npm run build:addin` with the documented settings into PRODUCTION_DIR; the settings used. */
export function ensureProductionBuild(): Promise<Record<string, string>> {
  building ??= (async () => {
    const settings = documentedBuildSettings();
    const stamp = await stat(STAMP).catch(() => null);
    const same = stamp && (await readFile(STAMP, "utf8")) === JSON.stringify(settings);
    const inputs = Math.max(...(await Promise.all(BUILD_INPUTS.map((p) => newestMtime(join(ROOT, p))))));
    if (same && stamp.mtimeMs > inputs && process.env.SECTIONSMITH_E2E_REBUILD !== "1") return settings;
    console.log("[e2e] building the add-in for production (docs/deploy.md's settings)…");
    const started = Date.now();
    let output = "";
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn("npm", ["run", "build:addin", "--", "--output-path", PRODUCTION_DIR], {
        cwd: ROOT,
        env: { ...process.env, ...settings },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      child.on("error", fail);
      child.on("exit", done);
    });
    if (code !== 0) throw new Error(`npm run build:addin failed (exit ${code}):\n${output.slice(-4000)}`);
    await writeFile(STAMP, JSON.stringify(settings));
    console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return settings;
  })();
  return building;
}

/**
 * The server's environment file as docs/deploy.md gives it (the ```ini block that starts with
 * `# /etc/sectionsmith/sectionsmith.env`), each `<placeholder>` value replaced from `fill`.
 */
export function documentedServerEnvironment(fill: Record<string, string>): Record<string, string> {
  const doc = readFileSync(DEPLOY_DOC, "utf8");
  const block = doc.match(/^```ini\n# \/etc\/sectionsmith\/sectionsmith\.env\n([\s\S]*?)^```$/m)?.[1];
  if (!block) throw new Error("docs/deploy.md has no ```ini block for /etc/sectionsmith/sectionsmith.env");
  const env: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const m = line.match(/^([A-Z_]+)=(.*)$/);
    if (!m) continue;
    const [, name, value] = m as unknown as [string, string, string];
    if (/^<.*>$/.test(value)) {
      if (fill[name] === undefined) throw new Error(`no test value for ${name}=${value}`);
      env[name] = fill[name]!;
    } else env[name] = value;
  }
  return env;
}
