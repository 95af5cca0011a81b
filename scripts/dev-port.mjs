// The port of the pane's dev server (`npm start`, `npm run dev-server`): 3000 (package.json
// config.dev_server_port), or SECTIONSMITH_PANE_PORT when 3000 is taken or a second copy runs beside the
// first. One place for it: scripts/start.mjs checks it is free and webpack.config.js listens on it and
// lets the pane's live-reload socket reach it.
/* global process */
import { createServer } from "node:net";

/** The port from `env`; throws a message naming the variable when it is not a port. */
export function devServerPort(env = process.env) {
  const named = env.SECTIONSMITH_PANE_PORT;
  const raw = (named ?? env.npm_package_config_dev_server_port ?? "3000").trim();
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new Error(
      `${named !== undefined ? "SECTIONSMITH_PANE_PORT" : "config.dev_server_port"}: "${raw}" is not a port (1–65535)`,
    );
  return port;
}

/** Resolves true when nothing listens on `port` (on any interface, as the dev server listens). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** What `npm start` says when the port is taken: what to do about it, in the user's words. */
export function portTakenMessage(port) {
  return (
    `Port ${port} is already in use (another \`npm start\`, or another program): the pane cannot be served there.\n` +
    `  Stop the other one, or serve the pane on another port: SECTIONSMITH_PANE_PORT=${port + 1} npm start\n` +
    "  (a team server then needs that origin in SECTIONSMITH_CORS_ORIGINS: docs/team-library.md)."
  );
}
