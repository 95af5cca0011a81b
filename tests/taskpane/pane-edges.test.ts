// The pane's edges, as the ESLint config holds them: nothing in src/taskpane imports src/office except
// src/taskpane/host.ts, and no pane code uses the Office or Word globals; from src/server the pane takes
// only `import type` of src/server/wire.ts, which holds types and nothing else. Linted through ESLint's own
// command line (the project's eslint.config.js), as `npm run lint` does.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";

const ESLINT = join(process.cwd(), "node_modules/eslint/bin/eslint.js");

/** ESLint's messages for `code` as if it were the file `filePath`, as "ruleId: message" lines. */
function lint(code: string, filePath: string): string[] {
  const run = spawnSync(
    process.execPath,
    [ESLINT, "--format", "json", "--stdin", "--stdin-filename", filePath],
    {
      input: code,
      encoding: "utf8",
    },
  );
  const results = JSON.parse(run.stdout) as Array<{
    messages: Array<{ ruleId: string | null; message: string }>;
  }>;
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

const IMPORT_OFFICE =
  'import { TAG_PREFIX } from "../../office/word-host";\nexport const tag = TAG_PREFIX;\n';
const IMPORT_HOST = 'import { TAG_PREFIX } from "../host";\nexport const tag = TAG_PREFIX;\n';
const GLOBALS =
  "export const ready = () => Office.onReady();\nexport const run = () => Word.run(async () => undefined);\n";

describe("the pane's edges (eslint.config.js)", () => {
  it("refuses an import of src/office from pane code, and allows the same through host.ts", () => {
    const refused = lint(IMPORT_OFFICE, "src/taskpane/model/edge-probe.ts");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^no-restricted-imports: .*only through src\/taskpane\/host\.ts/);
    expect(lint(IMPORT_HOST, "src/taskpane/model/edge-probe.ts")).toEqual([]);
    // host.ts itself is the one way through.
    expect(lint('export { TAG_PREFIX } from "../office/word-host";\n', "src/taskpane/host.ts")).toEqual([]);
  }, 60_000);

  it("refuses the Office and Word globals in pane code", () => {
    const refused = lint(GLOBALS, "src/taskpane/hooks/edge-probe.tsx");
    expect(refused.filter((m) => m.startsWith("no-restricted-globals:"))).toHaveLength(2);
  }, 60_000);

  it("still holds pane code to the engine's public entries", () => {
    const refused = lint(
      'import { buildDocx } from "../../engine/assemble/build";\nexport const b = buildDocx;\n',
      "src/taskpane/model/edge-probe.ts",
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^no-restricted-imports: .*public entries/);
  }, 60_000);

  it("lets pane code take the server's wire types with import type, and nothing else from src/server", () => {
    const file = "src/taskpane/team/edge-probe.ts";
    expect(
      lint('import type { VersionView } from "../../server/wire";\nexport type V = VersionView;\n', file),
    ).toEqual([]);
    const refused = (code: string) => lint(code, file).filter((m) => m.includes("server/wire"));
    // A value import of the wire module, any other server module (even for types), a side-effect import.
    expect(
      refused('import { VersionView } from "../../server/wire";\nexport type V = VersionView;\n'),
    ).toHaveLength(1);
    expect(
      refused(
        'import { VERSION_STATUSES } from "../../server/store/snippets";\nexport const s = VERSION_STATUSES;\n',
      ),
    ).toHaveLength(1);
    expect(
      refused(
        'import type { SnippetView } from "../../server/store/snippets";\nexport type S = SnippetView;\n',
      ),
    ).toHaveLength(1);
    expect(refused('import "../../server/db";\n')).toHaveLength(1);
    expect(
      refused('import { createApp } from "../../server/app";\nexport const a = createApp;\n'),
    ).toHaveLength(1);
    expect(refused('export { VERSION_STATUSES } from "../../server/store/snippets";\n')).toHaveLength(1);
    // host.ts is no way through to the server either.
    expect(
      lint(
        'import { openDatabase } from "../server/db";\nexport const o = openDatabase;\n',
        "src/taskpane/host.ts",
      ),
    ).toHaveLength(1);
  }, 60_000);

  it("keeps src/server/wire.ts to types: a value or a runtime import there is refused", () => {
    const file = "src/server/wire.ts";
    expect(lint('import type { Snippet } from "../engine/core";\nexport type A = Snippet;\n', file)).toEqual(
      [],
    );
    expect(lint('export const STATUSES = ["draft"] as const;\n', file)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: src\/server\/wire\.ts holds types only/),
    ]);
    expect(lint('import { z } from "zod";\nexport type A = z.ZodType;\n', file)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: src\/server\/wire\.ts holds types only/),
    ]);
    expect(
      lint("const hidden = 1;\nexport type A = typeof hidden;\n", file).filter((m) =>
        m.startsWith("no-restricted-syntax:"),
      ),
    ).toHaveLength(1);
  }, 60_000);
});
