#!/usr/bin/env node
// Converts this project's vitest test files to Jest (issue 11). Idempotent: a file already converted is
// left as it is, so the script can be re-run on a tree where vitest tests were added since.
//
//   node scripts/vitest-to-jest.mjs [--check] [paths…]     (default: tests/ bench/ scripts/)
//
// --check changes nothing and exits 1 when a file still needs converting (or uses something this script
// cannot convert), so CI or a merge can tell. Every conversion is textual and local; what it does:
//   - `// @vitest-environment jsdom` → a `/** @jest-environment jsdom */` docblock at the very top (Jest
//     reads the environment only from the file's first comment)
//   - `import { … } from "vitest"` → `import { … } from "@jest/globals"` (vi → jest; the type `Mock` →
//     `jest.Mock` through jest-mock)
//   - `vi.x` → `jest.x`, with the differences: vi.setConfig({ testTimeout }) → jest.setTimeout,
//     vi.importActual/importMock → jest.requireActual/requireMock, vi.useFakeTimers() → Jest's fake
//     timers faking what vitest fakes (not nextTick or queueMicrotask, which would stall awaited promises)
//   - vi.mock(path, async (original) => ({ ...(await original()), … })) → jest.mock(path, () =>
//     ({ ...jest.requireActual(path), … })): Jest's module factories are synchronous
//   - expect.poll(fn, options?) → poll(fn, options?) from tests/support/poll.ts (Jest has no expect.poll)
//   - .toHaveBeenCalledOnce() → .toHaveBeenCalledTimes(1); .toThrowError( → .toThrow( (removed in Jest 30)
//   - it/test/describe.skipIf(c) / .runIf(c) → (c ? it.skip : it) / (c ? it : it.skip)
// `import.meta.url` / `import.meta.dirname` stay: tests/jest/transform.cjs turns them into CommonJS.

/* global process, console */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const POLL_MODULE = join(ROOT, "tests", "support", "poll");
const MESSAGE_MODULE = join(ROOT, "tests", "support", "expect-message");
const EXTENSIONS = /\.(test|fuzz|spec)?\.?(ts|tsx|mts|cts|js|mjs)$/;

/** vitest export → what to import from @jest/globals instead (null: not imported from there). */
const NAMES = {
  describe: "describe",
  it: "it",
  test: "test",
  expect: "expect",
  beforeAll: "beforeAll",
  afterAll: "afterAll",
  beforeEach: "beforeEach",
  afterEach: "afterEach",
  vi: null, // Jest's own `jest` (see below)
};
const TYPE_NAMES = { Mock: "Mock", MockInstance: "SpiedFunction", Mocked: "Mocked", MockedFunction: "MockedFunction" };

/** vi.x calls Jest has under the same name after `jest.`. */
const SAME = new Set([
  "fn", "spyOn", "mock", "unmock", "doMock", "doUnmock", "mocked", "isMockFunction", "clearAllMocks",
  "resetAllMocks", "restoreAllMocks", "resetModules", "useFakeTimers", "useRealTimers", "runAllTimers",
  "runAllTimersAsync", "runOnlyPendingTimers", "runOnlyPendingTimersAsync", "advanceTimersByTime",
  "advanceTimersByTimeAsync", "advanceTimersToNextTimer", "advanceTimersToNextTimerAsync", "getTimerCount",
  "clearAllTimers", "setSystemTime", "getRealSystemTime", "isFakeTimers", "now",
]);
const RENAMED = { importActual: "requireActual", importMock: "requireMock" };

export function convert(source, file) {
  const problems = [];
  let text = source;

  // 1. Environment docblock: Jest only reads the first comment of the file.
  const envLine = /^[ \t]*(?:\/\/|\/\*+)[ \t]*@vitest-environment[ \t]+([\w-]+)[ \t]*(?:\*\/)?[ \t]*\r?\n/m;
  const env = envLine.exec(text);
  if (env) {
    text = text.replace(envLine, "");
    if (!/@jest-environment/.test(text)) text = `/**\n * @jest-environment ${env[1]}\n */\n${text}`;
  }

  // 2. The import from vitest.
  text = text.replace(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+["']vitest["'];?/g, (_, typeOnly, list) => {
    const values = [];
    const types = [];
    for (const raw of list.split(",").map((s) => s.trim()).filter(Boolean)) {
      const isType = Boolean(typeOnly) || raw.startsWith("type ");
      const [name, alias] = raw.replace(/^type\s+/, "").split(/\s+as\s+/);
      if (isType && TYPE_NAMES[name]) types.push(TYPE_NAMES[name] === (alias ?? name) ? name : `${TYPE_NAMES[name]} as ${alias ?? name}`);
      else if (NAMES[name] === null) continue;
      else if (NAMES[name]) values.push(alias ? `${NAMES[name]} as ${alias}` : NAMES[name]);
      else problems.push(`imports ${name} from vitest: no Jest counterpart known to this script`);
    }
    const lines = [];
    if (values.length) lines.push(`import { ${values.join(", ")} } from "@jest/globals";`);
    if (types.length) lines.push(`import type { ${types.join(", ")} } from "jest-mock";`);
    return lines.join("\n");
  });

  // `jest` stays the free variable Jest gives every module, not an import from @jest/globals: swc hoists
  // jest.mock() above the imports only for that one (as babel-jest does); tests/jest/globals.d.ts types it.
  text = text.replace(/import\s+\{([^}]*)\}\s+from\s+"@jest\/globals";/g, (whole, list) => {
    const names = list.split(",").map((n) => n.trim()).filter(Boolean);
    if (!names.includes("jest")) return whole;
    const rest = names.filter((n) => n !== "jest");
    return rest.length ? `import { ${rest.join(", ")} } from "@jest/globals";` : "";
  });

  // 3. vi.mock with an async factory reading the original module → a synchronous one with requireActual.
  const header = /\bvi\.mock\(\s*(["'][^"']+["'])\s*,\s*async\s*\(\s*(\w+)\s*\)\s*=>/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const [whole, path, original] = m;
    const close = closingParen(text, m.index + "vi.mock".length);
    if (close < 0) {
      problems.push(`vi.mock(${path}, async ${original} => …): cannot find the end of the call`);
      break;
    }
    const use = new RegExp(`\\(?\\s*await\\s+${original}\\s*(<(?:[^<>]|<[^<>]*>)*>)?\\s*\\(\\s*\\)\\s*\\)?`, "g");
    const body = text.slice(m.index + whole.length, close).replace(use, (_, generic) => `jest.requireActual${generic ?? ""}(${path})`);
    text = `${text.slice(0, m.index)}vi.mock(${path}, () =>${body}${text.slice(close)}`;
    header.lastIndex = m.index + 1;
  }

  // 4. vi.* → jest.*
  text = text.replace(/\bvi\.setConfig\(\s*\{\s*testTimeout:\s*([^}]+?)\s*\}\s*\)/g, "jest.setTimeout($1)");
  text = text.replace(/\bvi\.useFakeTimers\(\s*\)/g, 'jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] })');
  text = text.replace(/\bvi\.(\w+)/g, (whole, name) => {
    if (SAME.has(name)) return `jest.${name}`;
    if (RENAMED[name]) return `jest.${RENAMED[name]}`;
    problems.push(`vi.${name}: no Jest counterpart known to this script`);
    return whole;
  });

  // vi.* returns vi, so `afterEach(() => vi.restoreAllMocks())` returned it harmlessly; Jest's types refuse a
  // hook that returns its `jest` object: give such hooks a block body.
  text = text.replace(
    /^([ \t]*)(beforeAll|afterAll|beforeEach|afterEach)\(\s*\(\)\s*=>\s*(jest\.\w+\([^()]*\))\s*\)/gm,
    "$1$2(() => {\n$1  $3;\n$1})",
  );

  // 5. Matchers and modifiers Jest 30 lacks.
  text = text.replace(/\.toHaveBeenCalledOnce\(\s*\)/g, ".toHaveBeenCalledTimes(1)");
  text = text.replace(/\.toThrowError\(/g, ".toThrow(");
  text = text.replace(/\b(it|test|describe)\.skipIf\(/g, "$1.skip_if_(").replace(/\b(it|test|describe)\.runIf\(/g, "$1.run_if_(");
  text = text.replace(/\b(it|test|describe)\.(skip_if_|run_if_)\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g, (_, fn, kind, cond) =>
    kind === "skip_if_" ? `(${cond} ? ${fn}.skip : ${fn})` : `(${cond} ? ${fn} : ${fn}.skip)`,
  );
  if (/\bdescribe(\.each\([^)]*\))?\([^\n]*,\s*async\b/.test(text))
    problems.push("describe() with an async callback: Jest collects synchronously (build the data in beforeAll; see tests/content/examples.test.ts)");
  for (const unsupported of ["expect.soft", "expect.unreachable", "vi.hoisted", "onTestFinished", "onTestFailed", "it.concurrent", "test.concurrent"]) {
    if (text.includes(unsupported)) problems.push(`${unsupported}: no Jest counterpart known to this script`);
  }

  // 6. expect.poll → poll() from tests/support/poll.ts (Jest has no expect.poll).
  if (/\bexpect\s*\.poll\(/.test(text)) {
    text = text.replace(/\bexpect\s*\.poll\(/g, "poll(");
    text = addImport(text, file, "poll", POLL_MODULE);
  }

  // 7. expect(value, message) → expectWithMessage(value, message) (Jest's expect takes one argument).
  let withMessage = false;
  const call = /(?<![\w.$])expect\(/g;
  for (let m = call.exec(text); m; m = call.exec(text)) {
    const open = m.index + "expect".length;
    const close = closingParen(text, open);
    if (close > 0 && topLevelComma(text, open + 1, close)) {
      text = `${text.slice(0, m.index)}expectWithMessage${text.slice(open)}`;
      withMessage = true;
    }
  }
  if (withMessage || /\bexpectWithMessage\(/.test(text)) text = addImport(text, file, "expectWithMessage", MESSAGE_MODULE);
  // An `expect` import left unused once every call took a message.
  text = text.replace(/import\s+\{([^}]*)\}\s+from\s+"@jest\/globals";\n?/g, (whole, list) => {
    const names = list.split(",").map((n) => n.trim()).filter(Boolean);
    const rest = text.replace(whole, "").replace(/\/\/.*|\/\*[\s\S]*?\*\//g, "");
    if (!names.includes("expect") || /(?<![\w$])expect\s*[.(]/.test(rest)) return whole;
    const kept = names.filter((n) => n !== "expect");
    return kept.length ? `import { ${kept.join(", ")} } from "@jest/globals";\n` : "";
  });
  return { text, problems };
}

/** `import { name } from "<module, relative to file>";` after the file's imports, unless it is there. */
function addImport(text, file, name, module) {
  let spec = relative(dirname(file), module).split(sep).join("/");
  if (!spec.startsWith(".")) spec = `./${spec}`;
  if (new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "${spec.replace(/[.]/g, "\\.")}"`).test(text)) return text;
  const imports = [...text.matchAll(/^import[^;]*;[ \t]*$/gm)];
  const last = imports[imports.length - 1];
  const at = last ? last.index + last[0].length : 0;
  return `${text.slice(0, at)}${at ? "\n" : ""}import { ${name} } from "${spec}";${at ? "" : "\n"}${text.slice(at)}`;
}

/** True when text[from, to) has a comma outside any bracket, string or template literal. */
function topLevelComma(text, from, to) {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") i = stringEnd(text, i);
    else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i) + 1;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) return /\S/.test(text.slice(i + 1, to).replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ""));
    if (i < 0) return false;
  }
  return false;
}

/** Index of the quote closing the string or template literal opening at `start` (`${…}` skipped). */
function stringEnd(text, start) {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i;
    else if (quote === "`" && text[i] === "$" && text[i + 1] === "{") i = closingBrace(text, i + 1);
  }
  return text.length;
}

function closingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") i = stringEnd(text, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return text.length;
}

/** Index of the parenthesis closing the one at `open` (strings and template literals skipped), or -1. */
function closingParen(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") i = stringEnd(text, i);
    else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i) + 1;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
    if (i < 0) return -1;
  }
  return -1;
}

function* walk(path) {
  const info = statSync(path);
  if (info.isFile()) {
    if (EXTENSIONS.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    yield* walk(join(path, entry));
  }
}

function main(argv) {
  const check = argv.includes("--check");
  const roots = argv.filter((a) => a !== "--check");
  const paths = (roots.length ? roots : ["tests", "bench", "scripts"]).map((p) => resolve(ROOT, p));
  let changed = 0;
  let failed = 0;
  for (const root of paths) {
    for (const file of walk(root)) {
      if (file === fileURLToPath(import.meta.url) || file.startsWith(`${POLL_MODULE}.`) || file.startsWith(`${MESSAGE_MODULE}.`)) continue;
      const source = readFileSync(file, "utf8");
      if (!/vitest|\bvi\.|\bexpect\(|\bjest\b|toHaveBeenCalledOnce|toThrowError\(/.test(source)) continue;
      const { text, problems } = convert(source, file);
      const name = relative(ROOT, file);
      for (const p of problems) console.error(`${name}: ${p}`);
      if (problems.length) failed++;
      if (text !== source) {
        changed++;
        if (!check) writeFileSync(file, text);
        console.log(`${check ? "would convert" : "converted"} ${name}`);
      }
    }
  }
  console.log(`${changed} file(s) ${check ? "to convert" : "converted"}${failed ? `, ${failed} with problems` : ""}`);
  if (failed || (check && changed)) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
