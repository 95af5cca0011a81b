import js from "@eslint/js";
import tseslint from "typescript-eslint";

// The engine's two doors (docs/decisions.md, Boundaries): shared by the blocks below, since a later
// block's no-restricted-imports replaces an earlier one's for the same files.
const ENGINE_ENTRIES = {
  regex: "(^|/)engine/(?!core$|index$).+",
  message: "Import the engine through its public entries, its two doors: src/engine (the full engine) or src/engine/core (the light one).",
};
const PANE_EDGE =
  "The task pane reaches Office only through src/taskpane/host.ts (the WordHost it is given).";
const SERVER_EDGE =
  'The task pane takes nothing from src/server but the wire types: `import type { … } from "…/server/wire"`.';
const WIRE_TYPES_ONLY =
  "src/server/wire.ts holds types only (the pane imports it): no values, no runtime imports.";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "coverage/**",
      "out/**",
      ".tmp/**",
      "tests/**/.output/**",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // The engine runs unchanged in the task pane and in Node: no Node built-ins, no DOM, no Office.
    files: ["src/engine/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["node:*", "fs", "path", "os", "child_process", "stream"] },
      ],
      "no-restricted-globals": ["error", "window", "document", "localStorage", "Office", "Word"],
    },
  },
  {
    // The engine's doors are src/engine/index.ts (the full engine) and src/engine/core.ts (reading,
    // checking, searching, values; no docx): nothing outside the engine reaches into its folders
    // (docs/decisions.md, Boundaries).
    files: [
      "src/taskpane/**/*.{ts,tsx}",
      "src/office/**/*.ts",
      "src/commands/**/*.ts",
      "src/cli/**/*.ts",
      "src/server/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [ENGINE_ENTRIES],
        },
      ],
    },
  },
  {
    // The pane's edge with Office (docs/decisions.md): nothing in src/taskpane imports src/office except
    // host.ts, and no pane code touches the Office or Word globals — a WordHost object is all it gets.
    files: ["src/taskpane/**/*.{ts,tsx}"],
    ignores: ["src/taskpane/host.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [ENGINE_ENTRIES, { regex: "(^|/)office(/|$)", message: PANE_EDGE }] },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Office", message: PANE_EDGE },
        { name: "Word", message: PANE_EDGE },
      ],
    },
  },
  {
    // The pane's edge with the team server (docs/decisions.md): one types-only module, src/server/wire.ts,
    // and only with `import type` (erased at build), so no server code (pg, PGlite, Hono) is bundled.
    files: ["src/taskpane/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)server(/(?!wire$).*)?$", message: SERVER_EDGE },
            { regex: "(^|/)server/wire$", allowTypeImports: true, message: SERVER_EDGE },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/wire.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ImportDeclaration[importKind='value']", message: WIRE_TYPES_ONLY },
        { selector: "ExportNamedDeclaration[exportKind='value']", message: WIRE_TYPES_ONLY },
        { selector: "ExportAllDeclaration[exportKind='value']", message: WIRE_TYPES_ONLY },
        { selector: "ExportDefaultDeclaration", message: WIRE_TYPES_ONLY },
        {
          selector:
            "Program > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, ExpressionStatement, TSEnumDeclaration)",
          message: WIRE_TYPES_ONLY,
        },
      ],
    },
  },
);
