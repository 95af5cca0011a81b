import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, test } from "@jest/globals";
import { USAGE } from "../../src/cli/args";
import { io, main } from "../../src/cli/main";
import { codeBlocks, marked, readDoc, root } from "./helpers";
import { expectWithMessage } from "../support/expect-message";

// docs/cli.md against the real command line: the usage text, every option, and the examples run on
// examples/ (a documented command's output must be what the command prints today).

const page = readDoc("cli.md");

describe("docs/cli.md", () => {
  test("shows the --help text exactly", () => {
    const [usage] = codeBlocks(marked(page, "usage"));
    expect(usage?.text).toBe(USAGE);
  });

  test("documents every option the parser accepts, with its short form", () => {
    const source = readFileSync(join(root, "src", "cli", "args.ts"), "utf8");
    const options = [...source.matchAll(/(\w+): \{ type: "(?:string|boolean)"(?:, short: "(\w)")?/g)];
    expect(options.map((m) => m[1])).toEqual(
      expect.arrayContaining(["library", "output", "as", "fragment", "strict", "quiet", "search", "json"]),
    );
    for (const [, name, short] of options) {
      expectWithMessage(page, `--${name}`).toContain(`\`--${name}`);
      if (short) expectWithMessage(page, `-${short} for --${name}`).toContain(`\`-${short}`);
    }
  });

  test("lists the exit codes the usage names", () => {
    for (const exit of ["0", "1", "2", "3"]) expect(page).toMatch(new RegExp(`^\\| \`${exit}\` +\\|`, "m"));
  });
});

type Example = { argv: string[]; expected: string[]; exitCode?: number };

/** `$ npx sectionsmith …` commands of the console blocks, with their output and any `echo $?` after them. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of codeBlocks(page).filter((b) => b.lang === "console")) {
    let current: Example | undefined;
    let awaitingExit = false;
    for (const line of block.text.split("\n")) {
      if (line.startsWith("$ npx sectionsmith ")) {
        current = { argv: line.slice("$ npx sectionsmith ".length).split(/\s+/), expected: [] };
        out.push(current);
        awaitingExit = false;
      } else if (line === "$ echo $?") {
        awaitingExit = true;
      } else if (awaitingExit && current) {
        current.exitCode = Number(line);
        awaitingExit = false;
      } else if (current && !line.startsWith("$")) {
        current.expected.push(line);
      }
    }
  }
  for (const e of out) while (e.expected.at(-1) === "") e.expected.pop();
  return out;
}

/** Commands that can run here: validate, build and diff on files of examples/, with no pipes or redirects. */
const runnable = (e: Example): boolean =>
  ["build", "validate", "diff"].includes(e.argv[0]!) &&
  !e.argv.some((a) => ["|", ">", "-"].includes(a)) &&
  e.argv.filter((a) => a.endsWith(".json")).every((a) => existsSync(join(root, "examples", a)));

async function run(argv: string[]): Promise<{ code: number; output: string[] }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on("data", (c: Buffer) => chunks.push(c));
  stderr.on("data", (c: Buffer) => chunks.push(c));
  const saved = { ...io };
  const cwd = process.cwd();
  Object.assign(io, { stdout, stderr });
  process.chdir(join(root, "examples"));
  try {
    const code = await main(argv);
    const output = Buffer.concat(chunks)
      .toString("utf8")
      .split("\n")
      // Progress lines appear only when a build is slow: not part of the documented output.
      .filter((l) => !/^sectionsmith: (packing|rendering)/.test(l));
    while (output.at(-1) === "") output.pop();
    return { code, output };
  } finally {
    process.chdir(cwd);
    Object.assign(io, saved);
  }
}

describe("the examples of docs/cli.md print what the page says", () => {
  const outDir = mkdtempSync(join(tmpdir(), "sectionsmith-cli-doc-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  const all = examples().filter(runnable);

  test("there are examples to check", () => {
    expect(all.length).toBeGreaterThanOrEqual(5);
  });

  test.each(all.map((e) => [e.argv.join(" "), e] as const))("sectionsmith %s", async (_, example) => {
    // Documented output files go to a temporary folder; the "Wrote" line names the documented path.
    const argv = [...example.argv];
    const o = argv.indexOf("-o");
    const documented = o >= 0 ? argv[o + 1]! : undefined;
    if (documented !== undefined) argv[o + 1] = join(outDir, documented.replace(/[\\/]/g, "_"));
    const { code, output } = await run(argv);
    const normalise = (lines: string[]) =>
      lines.map((l) =>
        l.replace(argv[o + 1] ?? "\0", documented ?? "").replace(/^(Wrote \S+ \()\d+\.\d KB/, "$1… KB"),
      );
    expect(normalise(output)).toEqual(normalise(example.expected));
    if (example.exitCode !== undefined) expect(code).toBe(example.exitCode);
    else expect(code).toBe(example.expected.some((l) => l.startsWith("error ")) ? 1 : 0);
  });
});
