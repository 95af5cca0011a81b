// Webpack build of the Word add-in shell (task pane + function file), laid out after
// OfficeDev/Office-Addin-TaskPane-React but written by hand (`yo office` cannot run offline).
//
//   npm run build:addin   production build into dist/addin/ (dist/engine and dist/cli belong to tsup)
//   npm run dev-server    development server on https://localhost:3000/ (plain HTTP if no certificates)
//   npm start             scripts/start.mjs: sideload into Word desktop when present, else serve standalone
//
// Production URL: every "https://localhost:3000/" in manifest.xml is replaced by `urlProd` in the copy written
// to dist/addin/manifest.xml. Set urlProd (or SECTIONSMITH_URL_PROD) to where dist/addin/ is deployed; it
// must be https and end with "/". The manifest's <WebApplicationInfo> (Office SSO) is filled from
// SECTIONSMITH_ENTRA_APP_ID and SECTIONSMITH_ENTRA_RESOURCE (scripts/manifest-sso.mjs has the defaults).
/* global process, console */
import path from "node:path";
import { fileURLToPath } from "node:url";
import CopyWebpackPlugin from "copy-webpack-plugin";
import HtmlWebpackPlugin from "html-webpack-plugin";
import { devServerPort } from "./scripts/dev-port.mjs";
import { chooseTransport } from "./scripts/dev-transport.mjs";
import { buildManifest } from "./scripts/manifest-sso.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const port = devServerPort();
export const urlDev = "https://localhost:3000/";
export const urlProd = process.env.SECTIONSMITH_URL_PROD || "https://sectionsmith.example/"; // CHANGE for deployment

/**
 * The pages' Content-Security-Policy. No 'unsafe-eval' anywhere (the engine and UI never eval, and the
 * devtool below is never eval-based; zod's eval probe is switched off in src/taskpane/index.tsx). Styles need
 * 'unsafe-inline': Griffel (Fluent) inserts rules into <style> elements it creates at runtime, and without
 * 'unsafe-inline' Chromium gives those elements no sheet — the pane renders unstyled (checked headless).
 * Griffel could take a nonce, but a statically hosted page cannot mint one per response. office.js
 * (OfficeDev/office-js #1687) and docx-preview (<style> elements, style attributes) need it as well.
 * blob:/data: cover docx-preview's images and embedded fonts.
 * connect-src also names the team library servers the pane may talk to (issue 16): the origins in
 * SECTIONSMITH_TEAM_SERVERS (comma-separated, e.g. https://sectionsmith.contoso.com), and in development
 * the local `npm run server` (http://localhost:3100). Nothing else: a pane built without them stays offline.
 */
export function teamServerOrigins(value = process.env.SECTIONSMITH_TEAM_SERVERS ?? "") {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => {
      const url = new globalThis.URL(s);
      if (url.protocol !== "https:" && url.protocol !== "http:")
        throw new Error(`SECTIONSMITH_TEAM_SERVERS: ${s} is not an http(s) address`);
      return url.origin;
    });
}

export function csp({ dev, teamServers = teamServerOrigins() }) {
  const devSockets = dev ? ` ws://localhost:${port} wss://localhost:${port} http://localhost:3100` : "";
  const team = teamServers.map((o) => ` ${o}`).join("");
  return [
    "default-src 'self'",
    "script-src 'self' https://appsforoffice.microsoft.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    `connect-src 'self'${team}${devSockets}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
}

export default async (env = {}, argv = {}) => {
  const dev = argv.mode === "development";
  // HTTPS only with a dev certificate that is already trusted; never creates or installs one (that runs
  // sudo or asks for a password): scripts/dev-transport.mjs, which also says how to get HTTPS.
  const transport = env.WEBPACK_SERVE ? await chooseTransport({ port }) : undefined;
  if (transport?.type === "http" && transport.message) console.warn(transport.message);
  const policy = csp({ dev });

  return {
    mode: dev ? "development" : "production",
    context: here,
    // Never an eval-based devtool: the CSP has no 'unsafe-eval'.
    devtool: "source-map",
    entry: {
      taskpane: "./src/taskpane/index.tsx",
      commands: "./src/commands/commands.ts",
    },
    output: {
      path: path.join(here, "dist", "addin"),
      filename: dev ? "[name].js" : "[name].[contenthash:8].js",
      chunkFilename: dev ? "[name].chunk.js" : "[name].[contenthash:8].chunk.js",
      assetModuleFilename: "assets/[name].[contenthash:8][ext]",
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
      extensionAlias: { ".js": [".ts", ".tsx", ".js"] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are `npm run typecheck`'s job; transpiling alone keeps builds fast.
          use: {
            loader: "ts-loader",
            options: { transpileOnly: true, configFile: path.join(here, "tsconfig.json") },
          },
        },
        { test: /\.(png|jpe?g|gif|svg|woff2?)$/, type: "asset/resource" },
        // The engine's modules do nothing when loaded but define things: a door's re-exports that a chunk
        // does not use are left out of it, so the pane's first chunk takes only the search and selection
        // it imports from the light door (src/engine/core.ts), and the rest arrives with the full engine.
        { test: /[\\/]src[\\/]engine[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["taskpane"],
        csp: policy,
      }),
      new HtmlWebpackPlugin({
        filename: "commands.html",
        template: "./src/commands/commands.html",
        chunks: ["commands"],
        csp: policy,
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            // Office SSO's app id and resource from SECTIONSMITH_ENTRA_APP_ID / _RESOURCE, and the
            // production URL (scripts/manifest-sso.mjs).
            transform: (content) => buildManifest(content.toString(), { dev, urlDev, urlProd }),
          },
        ],
      }),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The UI loads the engine and the preview with import(): keep their libraries in their own
          // async chunks so the pane paints before they arrive, and the two do not drag each other in.
          docx: {
            test: /[\\/]node_modules[\\/](docx|fflate|nanoid)[\\/]/,
            name: "docx",
            chunks: "async",
            priority: 30,
            enforce: true,
          },
          preview: {
            test: /[\\/]node_modules[\\/]docx-preview[\\/]/,
            name: "docx-preview",
            chunks: "async",
            priority: 30,
            enforce: true,
          },
          jszip: {
            test: /[\\/]node_modules[\\/](jszip|pako|lie|immediate|setimmediate|readable-stream)[\\/]/,
            name: "jszip",
            chunks: "async",
            priority: 30,
            enforce: true,
          },
          // React and Fluent change less often than our code: a separate file stays cached across releases.
          // Only the pane's own libraries: in development the dev-server client sits in every entry and
          // would otherwise tie the function file to this (large) chunk.
          ui: {
            test: /[\\/]node_modules[\\/]/,
            name: "ui-vendor",
            chunks: (chunk) => chunk.name === "taskpane",
            priority: 10,
          },
        },
      },
    },
    // Fluent makes the initial bundle exceed webpack's default 244 KB hint; sizes are reported by the build.
    performance: { hints: false },
    devServer: transport && {
      port,
      server: transport.type === "https" ? { type: "https", options: transport.options } : { type: "http" },
      hot: false, // no React Fast Refresh in this setup: live reload only
      liveReload: true,
      static: false, // everything (assets, manifest) comes from the compilation
      headers: { "X-Content-Type-Options": "nosniff" },
      client: { overlay: { errors: true, warnings: false } },
      onListening(server) {
        const url = `${transport.type}://localhost:${server.options.port}/taskpane.html`;
        console.log(
          process.env.SECTIONSMITH_STANDALONE === "1"
            ? `\nOpen ${url} in a browser (standalone mode)\n`
            : `\nSectionsmith task pane: ${url}\n`,
        );
      },
    },
  };
};
