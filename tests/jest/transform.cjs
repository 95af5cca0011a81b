// Jest's transform for this project: @swc/jest (TypeScript, TSX and the ES-module-only dependencies to
// CommonJS), after one rewrite swc does not do for CommonJS output: `import.meta.url`, `.dirname` and
// `.filename` become their CommonJS equivalents. The rewrite works on the TypeScript syntax tree, so the
// words "import.meta.url" inside a string (tests/fuzz/setup.ts writes one into a bundle banner) stay.
// Why CommonJS rather than Jest's native ESM mode: see docs/decisions.md ("Jest").

const { createTransformer } = require("@swc/jest");
const ts = require("typescript");

const REWRITE_VERSION = "import-meta-1";
const react = { runtime: "automatic" };
const transformers = {
  ts: createTransformer({ jsc: { parser: { syntax: "typescript", tsx: false }, transform: { react } } }),
  tsx: createTransformer({ jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react } } }),
  js: createTransformer({ jsc: { parser: { syntax: "ecmascript", jsx: false } } }),
};
const pick = (filename) => (/\.tsx$/.test(filename) ? transformers.tsx : /\.[cm]?ts$/.test(filename) ? transformers.ts : transformers.js);

const REPLACEMENTS = {
  url: 'require("node:url").pathToFileURL(__filename).href',
  dirname: "__dirname",
  filename: "__filename",
};

/** `import.meta.<url|dirname|filename>` → CommonJS, by syntax (not inside strings or comments). */
function rewriteImportMeta(source, filename) {
  if (!source.includes("import.meta")) return source;
  const kind = /\.tsx$/.test(filename) ? ts.ScriptKind.TSX : /\.[cm]?ts$/.test(filename) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
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

module.exports = {
  process(source, filename, options) {
    return pick(filename).process(rewriteImportMeta(source, filename), filename, options);
  },
  getCacheKey(source, filename, options) {
    return `${pick(filename).getCacheKey(source, filename, options)}:${REWRITE_VERSION}`;
  },
};
