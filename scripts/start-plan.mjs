// What `npm start` does, decided from what it finds (scripts/start.mjs runs the plan; tests/scripts check it):
// - Word desktop here and a trusted dev certificate: sideload into Word (office-addin-debugging);
// - otherwise the dev server for the pane in a browser (standalone mode), over HTTPS when the certificate is
//   trusted and plain HTTP when not — with one message saying how to get HTTPS. Nothing here runs `sudo` or
//   installs a certificate authority (scripts/dev-transport.mjs only looks).
/* global process */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { INSTALL_COMMAND } from "./dev-transport.mjs";

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

/**
 * The plan: `word` is findWordDesktop()'s answer, `transport` the dev server's (chooseTransport's type and,
 * for HTTP, its reason). Returns what to run and the lines to print before it.
 */
export function planStart({ argv = [], word = null, transport, port = 3000 }) {
  const web = argv.includes("--web");
  // manifest.xml tells Word to load the pane from https://localhost:3000: on another port Word would not find it.
  const manifestPort = port === 3000;
  if (word && !web && transport.type === "https" && manifestPort)
    return {
      kind: "sideload",
      lines: [
        `Word desktop found (${word}): sideloading manifest.xml with office-addin-debugging.`,
        "Stop with `npm stop` (unregisters the add-in and stops the dev server).",
      ],
    };
  const lines = [];
  if (word && !web && transport.type === "https")
    lines.push(
      `Word desktop found (${word}), but manifest.xml loads the add-in from port 3000 and the pane is on ` +
        `port ${port} (SECTIONSMITH_PANE_PORT). Not sideloading; to sideload, free port 3000 and run \`npm start\` ` +
        "without SECTIONSMITH_PANE_PORT.",
    );
  else if (word && !web)
    lines.push(
      `Word desktop found (${word}), but Word only loads add-ins over HTTPS and there is no trusted dev ` +
        `certificate (${transport.reason}). Not sideloading. To sideload, run \`${INSTALL_COMMAND}\` ` +
        "(it may ask for your password), then `npm start` again.",
    );
  else if (!web) lines.push("No Word desktop on this machine: starting the dev server for standalone mode.");
  else lines.push("Starting the dev server for standalone mode (--web).");
  // The dev server prints the address once it listens; over HTTP, dev-transport's message says how to get HTTPS.
  lines.push(
    `The pane will be at ${transport.type}://localhost:${port}/taskpane.html (open it in a browser).`,
  );
  return { kind: "web", lines };
}
