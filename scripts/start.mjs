// `npm start`: with Word desktop on this machine, sideload the add-in into it (office-addin-debugging starts
// the dev server through `npm run dev-server` and opens Word); without Word (Linux, CI, a browser-only
// machine), just run the dev server and use the pane standalone in a browser.
//
//   npm start            decide automatically
//   npm start -- --web   never sideload: standalone dev server only
/* global process, console */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Where Word desktop lives, or null. Office on Windows is Click-to-Run (root\Office16) or MSI (Office16). */
export function findWordDesktop(platform = process.platform, env = process.env, exists = existsSync) {
  if (platform === "darwin") {
    const app = "/Applications/Microsoft Word.app";
    return exists(app) ? app : null;
  }
  if (platform === "win32") {
    const roots = [env.ProgramFiles, env["ProgramFiles(x86)"]].filter(Boolean);
    for (const root of roots) {
      for (const dir of [
        join("Microsoft Office", "root", "Office16"),
        join("Microsoft Office", "Office16"),
      ]) {
        const exe = join(root, dir, "WINWORD.EXE");
        if (exists(exe)) return exe;
      }
    }
  }
  return null;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a package's CLI with this Node directly (no npx/shell in between, so Ctrl+C reaches it). */
function run(cli, args, env = process.env) {
  const child = spawn(process.execPath, [join(ROOT, "node_modules", cli), ...args], {
    stdio: "inherit",
    env,
    cwd: ROOT,
  });
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
}

function main() {
  const word = process.argv.includes("--web") ? null : findWordDesktop();
  if (word) {
    console.log(`Word desktop found (${word}): sideloading manifest.xml with office-addin-debugging.`);
    console.log("Stop with `npm stop` (unregisters the add-in and stops the dev server).");
    run("office-addin-debugging/cli.js", ["start", "manifest.xml", "desktop", "--app", "word"]);
    return;
  }
  console.log("No Word desktop on this machine: starting the dev server for standalone mode.");
  const port = process.env.npm_package_config_dev_server_port || 3000;
  console.log(`Open https://localhost:${port}/taskpane.html in a browser (standalone mode)`);
  console.log(
    `(If the dev server warns that it fell back to plain HTTP, use http://localhost:${port}/taskpane.html.)`,
  );
  run("webpack-cli/bin/cli.js", ["serve", "--mode", "development"], {
    ...process.env,
    SECTIONSMITH_STANDALONE: "1",
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
