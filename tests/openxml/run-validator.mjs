// npm run test:openxml — Microsoft's Open XML SDK validator (tests/openxml/Program.cs) over every
// document the test suites built and found valid (they write them to CHECKED_DOCX_DIR:
// tests/support/ooxml/keep-checked.ts), in one dotnet process.
//
//   CHECKED_DOCX_DIR=out/openxml-docx npm test      # any suites; .ci/run sets it for all of them
//   npm run test:openxml                             # validates $CHECKED_DOCX_DIR (default out/openxml-docx)
//
// With CHECKED_DOCX_DIR unset and the default folder empty, it first runs `npm test` to fill it.
// Where `dotnet` (the .NET SDK 10) is missing it says so and exits 0: `npm test` needs nothing new.
// Arguments: [FOLDER] [--json --outputFile=FILE] (the report Jest's --json writes, as .ci/run reads it).
/* global process, console */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  checkExceptions,
  coverage,
  formatFinding,
  jestReport,
  judge,
  parseValidatorOutput,
} from "./findings.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const PROJECT = join(HERE, "OpenXmlCheck.csproj");
const PROGRAM = join(HERE, "bin", "Release", "net10.0", "OpenXmlCheck.dll");
const DEFAULT_DIR = join(ROOT, "out", "openxml-docx");
const SHOWN_PER_DOCUMENT = 10;
const DOTNET_ENV = {
  ...process.env,
  DOTNET_NOLOGO: "1",
  DOTNET_CLI_TELEMETRY_OPTOUT: "1",
  DOTNET_SKIP_FIRST_TIME_EXPERIENCE: "1",
};

const startTime = Date.now();
const args = process.argv.slice(2);
let outputFile;
const positional = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--json") continue;
  if (a.startsWith("--outputFile=")) outputFile = a.slice("--outputFile=".length);
  else if (a === "--outputFile") outputFile = args[++i];
  else if (a.startsWith("-")) {
    console.error(
      `test:openxml: unknown option ${a} (usage: npm run test:openxml -- [FOLDER] [--json --outputFile=FILE])`,
    );
    process.exit(2);
  } else positional.push(a);
}

const writeReport = (report) => {
  if (outputFile) writeFileSync(outputFile, JSON.stringify(report));
};
const countDocx = (dir) => {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith(".docx")) n++;
  return n;
};

// 1. dotnet, or a clear skip.
const sdks = spawnSync("dotnet", ["--list-sdks"], { encoding: "utf8", env: DOTNET_ENV });
const majors = (sdks.stdout ?? "").split("\n").map((l) => Number(/^(\d+)\./.exec(l)?.[1] ?? 0));
if (sdks.error || sdks.status !== 0 || !majors.some((m) => m >= 10)) {
  const why = sdks.error ? "dotnet is not installed" : "no .NET SDK 10 or newer is installed";
  console.log(
    `test:openxml skipped: ${why}. It runs Microsoft's Open XML SDK validator (NuGet DocumentFormat.OpenXml) ` +
      "over the documents the tests build; install the .NET SDK 10 to run it. Nothing else needs it.",
  );
  writeReport(jestReport(judge([], [], 0), startTime));
  process.exit(0);
}

// 2. The folder, filled by the suites (or now, by `npm test`, when nothing names one).
const named = positional[0] ?? process.env.CHECKED_DOCX_DIR;
const folder = resolve(named ?? DEFAULT_DIR);
if (countDocx(folder) === 0) {
  if (named !== undefined) {
    console.error(
      `test:openxml: no .docx in ${folder}. Run the suites with CHECKED_DOCX_DIR=${relative(process.cwd(), folder) || "."} first ` +
        "(npm test, npm run test:fidelity, test:e2e, test:fuzz), then npm run test:openxml.",
    );
    writeReport(
      jestReport(judge([], [], 0), startTime, [
        { title: "documents to validate", failureMessages: [`no .docx in ${folder}`] },
      ]),
    );
    process.exit(1);
  }
  console.log(`test:openxml: ${relative(ROOT, folder)} is empty: filling it with the documents of npm test`);
  const unit = spawnSync("npm", ["test", "--silent"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, CHECKED_DOCX_DIR: folder },
  });
  if (unit.status !== 0) {
    console.error("test:openxml: npm test failed; its documents were not validated");
    process.exit(1);
  }
}

// 3. Build the validator (restores DocumentFormat.OpenXml from NuGet the first time).
const build = spawnSync("dotnet", ["build", PROJECT, "-c", "Release", "--nologo", "-v", "quiet"], {
  encoding: "utf8",
  env: DOTNET_ENV,
});
if (build.status !== 0) {
  console.error(
    `test:openxml: the validator did not build (dotnet build ${relative(ROOT, PROJECT)}; the first build restores ` +
      `DocumentFormat.OpenXml from NuGet):\n${build.stdout}${build.stderr}`,
  );
  writeReport(
    jestReport(judge([], [], 0), startTime, [
      { title: "validator build", failureMessages: ["dotnet build failed"] },
    ]),
  );
  process.exit(1);
}

// 4. Validate, in one process, and judge.
const run = spawnSync("dotnet", [PROGRAM, folder], {
  encoding: "utf8",
  env: DOTNET_ENV,
  maxBuffer: 1 << 30,
});
if (run.status !== 0 && run.status !== 1) {
  console.error(`test:openxml: the validator failed (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
const exceptions = JSON.parse(readFileSync(join(HERE, "exceptions.json"), "utf8"));
const exceptionProblems = checkExceptions(exceptions);
if (exceptionProblems.length > 0) {
  console.error(`test:openxml: ${exceptionProblems.join("\n")}`);
  process.exit(1);
}
const { findings, documents, summary } = parseValidatorOutput(run.stdout);
const verdict = judge(findings, exceptions, summary.files);
const kinds = coverage(documents);

for (const [file, list] of verdict.errorsByFile) {
  console.log(`✕ ${relative(folder, file)}: ${list.length} error${list.length === 1 ? "" : "s"}`);
  for (const f of list.slice(0, SHOWN_PER_DOCUMENT)) console.log(`    ${formatFinding(f)}`);
  if (list.length > SHOWN_PER_DOCUMENT) console.log(`    … and ${list.length - SHOWN_PER_DOCUMENT} more`);
}
console.log(
  `kinds of output validated (documents): ${[...kinds.counts].map(([k, n]) => `${k} ${n}`).join(", ")}`,
);
const checks = [
  {
    title: "every kind of output validated",
    failureMessages: kinds.missing.length > 0 ? [`no document held: ${kinds.missing.join(", ")}`] : [],
  },
];
if (kinds.missing.length > 0)
  console.log(
    `✕ no document held: ${kinds.missing.join(", ")} (every kind of output must reach the validator)`,
  );
for (const e of verdict.unusedExceptions)
  console.log(`note: the exception for ${e.id} on ${e.element} matched nothing in this run`);
console.log(
  `test:openxml: ${verdict.documents} documents from ${relative(ROOT, folder)} validated against Microsoft 365 ` +
    `(DocumentFormat.OpenXml 3.3.0) in ${(summary.ms / 1000).toFixed(1)} s: ${verdict.errors} errors in ` +
    `${verdict.failedDocuments} documents, ${verdict.excepted.length} findings under documented exceptions`,
);
const report = jestReport(verdict, startTime, checks);
console.log(`openxml: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
writeReport(report);
process.exit(report.success ? 0 : 1);
