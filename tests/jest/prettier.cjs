// `prettier` for code under Jest (jest.config.js moduleNameMapper). Prettier 3's CommonJS entry loads its
// ES-module core with a dynamic import(), which Jest's CommonJS sandbox only allows under
// --experimental-vm-modules. Rather than run every suite with that experimental flag, the two calls our
// code makes (scripts/error-docs/render.ts: resolveConfig, format) run in a plain Node process with the
// real prettier, and their results come back as JSON.
const { execFile } = require("node:child_process");

const PROGRAM = `
const prettier = await import("prettier");
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { name, args } = JSON.parse(input);
process.stdout.write(JSON.stringify({ value: (await prettier[name](...args)) ?? null }));
`;

function call(name, args) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["--input-type=module", "-e", PROGRAM],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`prettier.${name}: ${stderr || error.message}`)) : resolve(JSON.parse(stdout).value)),
    );
    child.stdin.end(JSON.stringify({ name, args }));
  });
}

module.exports = {
  format: (source, options) => call("format", [source, options]),
  resolveConfig: (file, options) => call("resolveConfig", [file, options]),
};
