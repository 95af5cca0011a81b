// Jest's transform for this project: @swc/jest (TypeScript, TSX and the ES-module-only dependencies to
// CommonJS), after one rewrite swc does not do for CommonJS output: `import.meta.url`, `.dirname` and
// `.filename` become their CommonJS equivalents. The rewrite works on the TypeScript syntax tree, so the
// words "import.meta.url" inside a string (tests/fuzz/setup.ts writes one into a bundle banner) stay.
// Why CommonJS rather than Jest's native ESM mode: see docs/decisions.md ("Jest").

const { createTransformer } = require("@swc/jest");
const ts = require("typescript");

const REWRITE_VERSION = "import-meta-1+docx-locals-1+pglite-builtins-2";
const react = { runtime: "automatic" };
const transformers = {
  ts: createTransformer({ jsc: { parser: { syntax: "typescript", tsx: false }, transform: { react } } }),
  tsx: createTransformer({ jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react } } }),
  js: createTransformer({ jsc: { parser: { syntax: "ecmascript", jsx: false } } }),
};
const pick = (filename) =>
  /\.tsx$/.test(filename)
    ? transformers.tsx
    : /\.[cm]?ts$/.test(filename)
      ? transformers.ts
      : transformers.js;

const REPLACEMENTS = {
  url: 'require("node:url").pathToFileURL(__filename).href',
  dirname: "__dirname",
  filename: "__filename",
};

/** `import.meta.<url|dirname|filename>` → CommonJS, by syntax (not inside strings or comments). */
function rewriteImportMeta(source, filename) {
  if (!source.includes("import.meta")) return source;
  const kind = /\.tsx$/.test(filename)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/.test(filename)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const file = ts.createSourceFile(filename, source, ts.ScriptTarget.Latest, false, kind);
  const edits = [];
  const visit = (node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isMetaProperty(node.expression) &&
      node.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
      REPLACEMENTS[node.name.text]
    ) {
      edits.push([node.getStart(file), node.getEnd(), REPLACEMENTS[node.name.text]]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end, text] of edits.reverse()) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

// docx's CommonJS build, run as it is but with the globals its hashing and zip loops use bound as locals.
// Jest runs every file in a vm context, where reading a global goes through Node's context interceptor:
// docx's pure-JS SHA-1 (Math.floor and Int32Array in an 80-step inner loop, per 64 bytes of every image)
// ran 25 times slower than under vitest's single context (a 2 MB picture: 800 ms instead of 33 ms), and
// the engine's image-limit tests passed their time limits. Module scope is a function under Jest, so these
// `var`s are locals; they hold the very same objects.
const HOT_GLOBALS = [
  "Math",
  "Int32Array",
  "Uint32Array",
  "Uint8Array",
  "Uint16Array",
  "DataView",
  "ArrayBuffer",
  "String",
  "Array",
  "Object",
  "Number",
];
const DOCX = /[\\/]node_modules[\\/]docx[\\/]dist[\\/][^\\/]+\.cjs$/;
const PRELUDE = `var ${HOT_GLOBALS.map((name) => `${name} = globalThis.${name}`).join(", ")};`;

// PGlite's CommonJS build loads Node's built-in modules with dynamic import() (import("fs/promises"),
// import("zlib"), …). Jest's CommonJS vm refuses dynamic import without --experimental-vm-modules, so
// those calls take the same built-in from process.getBuiltinModule (Node 20.16+; `require` is shadowed
// inside PGlite's bundle), shaped as import() would give it (named exports and a default), as a promise.
const PGLITE = /[\\/]node_modules[\\/]@electric-sql[\\/]pglite[\\/]dist[\\/].+\.cjs$/;
const BUILTIN_IMPORT =
  /\bimport\((["'])((?:node:)?(?:fs|fs\/promises|module|stream|stream\/promises|util|zlib|path|url|os|crypto))\1\)/g;

module.exports = {
  process(source, filename, options) {
    if (PGLITE.test(filename)) {
      const load = (name) =>
        `Promise.resolve().then(() => { const m = globalThis.process.getBuiltinModule("${name}"); return { ...m, default: m }; })`;
      return { code: source.replace(BUILTIN_IMPORT, (_, _q, name) => load(name)) };
    }
    if (DOCX.test(filename)) {
      // After a leading "use strict" (which must stay first), on the same line: line numbers do not move.
      const directive = /^(\s*(["'])use strict\2;?)/.exec(source);
      const at = directive ? directive[0].length : 0;
      return { code: `${source.slice(0, at)}${PRELUDE}${source.slice(at)}` };
    }
    return pick(filename).process(rewriteImportMeta(source, filename), filename, options);
  },
  getCacheKey(source, filename, options) {
    if (PGLITE.test(filename))
      return `pglite:${REWRITE_VERSION}:${require("node:crypto").createHash("sha1").update(source).digest("hex")}`;
    if (DOCX.test(filename))
      return `docx:${REWRITE_VERSION}:${require("node:crypto").createHash("sha1").update(source).digest("hex")}`;
    return `${pick(filename).getCacheKey(source, filename, options)}:${REWRITE_VERSION}`;
  },
};
