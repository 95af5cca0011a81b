// The built task pane for end-to-end tests: build it (once, and only when the sources changed), serve
// dist/addin on 127.0.0.1, and open it in headless Chromium. The page asks Microsoft's CDN for office.js
// (these machines cannot reach it): the tests answer with the real office.js from the @microsoft/office-js
// package, and every file it loads after itself from the package's dist/ too. Standalone (the default),
// that is all: Office's own Office.onReady decides, in a plain browser, that there is no host. Inside a
// simulated Word, fake-office.js is appended to office.js: it keeps the real Office namespace and installs
// a Word host on top (onReady reporting Word, requirement sets, Word.run), recording what Word is asked to do.

import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { readdir, readFile, stat, utimes } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, serveDirectory, type StaticServer } from "../../support/browser";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const PANE_DIR = join(ROOT, "dist", "addin");
const OFFICE_JS = "https://appsforoffice.microsoft.com/**";
/** Where src/taskpane/taskpane.html loads office.js from; the files office.js loads sit next to it. */
export const OFFICE_JS_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const FAKE_OFFICE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fake-office.js"), "utf8");
/**
 * JSZip (the project's own unzip library) for fake-office.js, which unzips inserted packages to find
 * their content controls. Its UMD wrapper sets window.JSZip when no module system is around.
 */
const JSZIP = readFileSync(createRequire(import.meta.url).resolve("jszip/dist/jszip.min.js"), "utf8");

/** The @microsoft/office-js package: its dist/ is what the CDN's /lib/1/hosted/ serves. */
const officePackage = (() => {
  const manifest = createRequire(import.meta.url).resolve("@microsoft/office-js/package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { version, dist: join(dirname(manifest), "dist") };
})();
export const OFFICE_JS_ORIGIN = `@microsoft/office-js@${officePackage.version}`;
/** The real office.js, as the CDN would send it. */
export const REAL_OFFICE_JS = readFileSync(join(officePackage.dist, "office.js"), "utf8");

/**
 * office.js outside Office (o15apptofilemappingtable.js, 3 s after loading) frames Microsoft's telemetry
 * proxy; the pane's Content-Security-Policy has no frame-src for it, so Chromium refuses the frame and logs
 * this. It is office.js's own request, refused by design — not an error of the pane.
 */
const OFFICE_TELEMETRY_FRAME =
  /^Framing 'https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\/' violates the following Content Security Policy directive/;

/** The package's file for a CDN URL under /lib/1/hosted/ (null when there is none). */
function officePackageFile(url: string): string | null {
  const path = new URL(url).pathname;
  const prefix = new URL(OFFICE_JS_URL).pathname.replace(/office\.js$/, "");
  if (!path.startsWith(prefix)) return null;
  const file = resolve(officePackage.dist, decodeURIComponent(path.slice(prefix.length)));
  if (
    relative(officePackage.dist, file).startsWith(`..${sep}`) ||
    !existsSync(file) ||
    !statSync(file).isFile()
  )
    return null;
  return file;
}

/**
 * What the build reads: when any of it is newer than dist/addin/taskpane.html, the pane is rebuilt.
 * SECTIONSMITH_E2E_REBUILD=1 always rebuilds; =0 never does (when a build exists).
 */
export const BUILD_INPUTS = ["src", "assets", "manifest.xml", "webpack.config.js", "tsconfig.json", "package.json"];

export async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((e) => newestMtime(join(path, e))));
  return Math.max(info.mtimeMs, ...times);
}

/** Why the pane must be rebuilt, or null when dist/addin is up to date. */
export async function staleReason(): Promise<string | null> {
  if (process.env.SECTIONSMITH_E2E_REBUILD === "1") return "SECTIONSMITH_E2E_REBUILD=1";
  const built = await stat(join(PANE_DIR, "taskpane.html")).catch(() => null);
  if (!built) return "dist/addin/taskpane.html is missing";
  if (process.env.SECTIONSMITH_E2E_REBUILD === "0") return null; // use whatever was built last
  // A build for a deployment (docs/deploy.md: SECTIONSMITH_TEAM_SERVERS) has another CSP than these tests expect.
  const page = await readFile(join(PANE_DIR, "taskpane.html"), "utf8");
  if (!page.includes("connect-src 'self';")) return "dist/addin was built with team servers in its CSP";
  const inputs = await Promise.all(BUILD_INPUTS.map((p) => newestMtime(join(ROOT, p))));
  return Math.max(...inputs) > built.mtimeMs ? "sources changed since the last build" : null;
}

let building: Promise<void> | undefined;

/** `webpack --mode production` into dist/addin, unless it is newer than every input. */
export function ensurePaneBuilt(): Promise<void> {
  building ??= (async () => {
    const reason = await staleReason();
    if (reason === null) return;
    console.log(`[e2e] building the task pane (${reason})…`);
    const started = Date.now();
    const output: string[] = [];
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(
        process.execPath,
        [join(ROOT, "node_modules", "webpack-cli", "bin", "cli.js"), "--mode", "production"],
        { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
      );
      child.stdout.on("data", (d: Buffer) => output.push(d.toString()));
      child.stderr.on("data", (d: Buffer) => output.push(d.toString()));
      child.on("error", fail);
      child.on("exit", done);
    });
    if (code !== 0) throw new Error(`webpack failed (exit ${code}):\n${output.join("").slice(-4000)}`);
    // webpack leaves an unchanged taskpane.html as it was: mark the build, or every file would rebuild.
    const now = new Date();
    await utimes(join(PANE_DIR, "taskpane.html"), now, now);
    console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  })();
  return building;
}

export type PaneSession = { browser: Browser; server: StaticServer; url: string; close(): Promise<void> };

/**
 * Builds if needed, serves dist/addin and launches Chromium. One per test file. `scrollbars`: classic
 * scrollbars that take room, as in Word's task pane on Windows (headless Chromium hides them otherwise,
 * and a page 15 px narrower than the window then goes unseen).
 */
export async function startPane(options: { scrollbars?: boolean } = {}): Promise<PaneSession> {
  await ensurePaneBuilt();
  console.log(`[e2e] office.js and the files it loads come from ${OFFICE_JS_ORIGIN} (${officePackage.dist})`);
  const server = await serveDirectory(PANE_DIR);
  const browser = await launchBrowser(options.scrollbars ? { ignoreDefaultArgs: ["--hide-scrollbars"] } : {});
  return {
    browser,
    server,
    url: `${server.url}taskpane.html`,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** What fake-office.js plays (see the comment at its top). */
export type FakeOfficeConfig = {
  wordApi?: string;
  platform?: string;
  bodyBackground?: string;
  failures?: Array<{ method: string; nth: number; code?: string; message?: string }>;
  /** The paragraph the cursor is in: an item of list `list` at `level` (type "Number" unless told). */
  cursorParagraph?: { list?: number; level?: number; type?: "Number" | "Bullet"; style?: string };
  /** Content controls in the document from the start (as if the pane had inserted them earlier). */
  contentControls?: Array<{ text: string; tag: string; title: string }>;
  /** Document.changeTrackingMode at the start: the user's Track Changes ("Off" unless set). */
  trackingMode?: "Off" | "TrackAll" | "TrackMineOnly";
  /** The document's custom XML parts from the start (their XML), as Document.customXmlParts (WordApi 1.4) holds them. */
  customXmlParts?: string[];
};

export type OpenOptions = {
  /** "standalone" (default): the real office.js, in a plain browser; otherwise the simulated Word host. */
  office?: "standalone" | FakeOfficeConfig;
  colorScheme?: "light" | "dark";
  /** A task pane: 360 × 800 unless told otherwise. */
  viewport?: { width: number; height: number };
  /**
   * What the office.js URL answers instead (takes precedence over `office`): a response (status 200 and
   * an empty body unless told), or "abort" for a network failure. fakeOfficeScript() builds the body of
   * the simulated Word, for tests that add to it.
   */
  officeJs?: { status?: number; body?: string } | "abort";
  /** Runs in the page before any of its scripts, on every load (page.addInitScript). */
  initScript?: string;
  /** Changes taskpane.html as served (e.g. the CSP a deployment with team servers builds). */
  html?: (html: string) => string;
};

/** The body office.js answers with for the simulated Word: the real office.js, then fake-office.js playing `config`. */
export const fakeOfficeScript = (config: FakeOfficeConfig) =>
  `${REAL_OFFICE_JS}\n;${JSZIP}\n;window.__fakeOfficeConfig = ${JSON.stringify(config)};\n${FAKE_OFFICE}`;

export type OpenPane = {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far (CSP violations show up here). */
  errors: string[];
};

/**
 * A fresh browser context (empty storage) with the pane loaded and its library ready. `session`: a browser
 * and the pane's address — startPane()'s, or another server's (tests/e2e/support/documented-pane.ts:
 * where `npm start` serves it).
 */
export async function openPane(
  session: Pick<PaneSession, "browser" | "url">,
  options: OpenOptions = {},
): Promise<OpenPane> {
  const context = await session.browser.newContext({
    viewport: options.viewport ?? { width: 360, height: 800 },
    colorScheme: options.colorScheme ?? "light",
    acceptDownloads: true,
    locale: "en-US",
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !OFFICE_TELEMETRY_FRAME.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  const office = options.office ?? "standalone";
  const officeJs = options.officeJs;
  // Init scripts run in every frame, including the error page left where the CSP refused office.js's
  // telemetry frame (see OFFICE_TELEMETRY_FRAME): not the pane's, so skipped there.
  if (options.initScript !== undefined)
    await page.addInitScript(`if (!location.href.startsWith("chrome-error:")) {\n${options.initScript}\n}`);
  await page.route(OFFICE_JS, (route) => {
    const url = route.request().url();
    if (url.split(/[?#]/)[0] !== OFFICE_JS_URL) {
      // What office.js loads after itself (strings, host-specific scripts): from the package, or a 404.
      const file = officePackageFile(url);
      return file
        ? route.fulfill({
            status: 200,
            contentType: "text/javascript; charset=utf-8",
            body: readFileSync(file),
          })
        : route.fulfill({ status: 404, body: "" });
    }
    return officeJs === "abort"
      ? route.abort("failed")
      : route.fulfill({
          status: officeJs?.status ?? 200,
          contentType: "text/javascript; charset=utf-8",
          body:
            officeJs !== undefined
              ? (officeJs.body ?? "")
              : office === "standalone"
                ? REAL_OFFICE_JS
                : fakeOfficeScript(office),
        });
  });
  const rewrite = options.html;
  if (rewrite)
    await page.route(session.url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: rewrite(await response.text()) });
    });
  await page.goto(session.url);
  await waitForLibrary(page);
  return { page, context, errors };
}

/** The pane is up once the library has loaded (the Library view shows its count). */
export async function waitForLibrary(page: Page): Promise<void> {
  await page.getByRole("searchbox", { name: "Search snippets" }).waitFor({ timeout: 30_000 });
  await page
    .getByRole("status")
    .filter({ hasText: /\d+ snippets?$/ })
    .waitFor({ timeout: 30_000 });
}
