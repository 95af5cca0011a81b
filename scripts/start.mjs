// `npm start`: with Word desktop on this machine and a trusted dev certificate, sideload the add-in into it
// (office-addin-debugging starts the dev server through `npm run dev-server` and opens Word); otherwise
// (Linux, CI, a browser-only machine, no trusted certificate), just run the dev server and use the pane
// standalone in a browser. The decision is scripts/start-plan.mjs; nothing here runs `sudo` or installs a
// certificate authority — where HTTPS is not available it says which command would set it up.
//
//   npm start            decide automatically
//   npm start -- --web   never sideload: standalone dev server only
//   SECTIONSMITH_PANE_PORT=3005 npm start   serve the pane on another port than 3000
/* global process, console */
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { devServerPort, portIsFree, portTakenMessage } from "./dev-port.mjs";
import { chooseTransport } from "./dev-transport.mjs";
import { findWordDesktop, planStart } from "./start-plan.mjs";

export { findWordDesktop };

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

async function main() {
  let port;
  try {
    port = devServerPort();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Said before anything is built: the dev server would only fail after compiling, in its own words.
  if (!(await portIsFree(port))) {
    console.error(portTakenMessage(port));
    process.exit(1);
  }
  const transport = await chooseTransport({ port });
  const plan = planStart({ argv: process.argv.slice(2), word: findWordDesktop(), transport, port });
  for (const line of plan.lines) console.log(line);
  if (plan.kind === "sideload") {
    run("office-addin-debugging/cli.js", ["start", "manifest.xml", "desktop", "--app", "word"]);
    return;
  }
  if (transport.type === "http" && transport.message) console.warn(transport.message);
  run("webpack-cli/bin/cli.js", ["serve", "--mode", "development"], {
    ...process.env,
    SECTIONSMITH_STANDALONE: "1",
    // Decided (and said) above: the dev server need not look again.
    ...(transport.type === "http" ? { SECTIONSMITH_DEV_HTTP: "1" } : {}),
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
