import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
    // The engine's public entries are src/engine/index.ts and, for the pane's first chunk, src/engine/core.ts
    // (and src/engine/read.ts: libraries without docx, for the CLI's list):
    // nothing outside the engine reaches into its folders (docs/decisions.md, Boundaries).
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
          patterns: [
            {
              regex: "(^|/)engine/(?!core$|index$|read$).+",
              message: "Import the engine through its public entries: src/engine (index), src/engine/core or src/engine/read.",
            },
          ],
        },
      ],
    },
  },
);
