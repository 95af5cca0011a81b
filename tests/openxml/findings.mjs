// What `npm run test:openxml` makes of the validator's JSON Lines (Program.cs): the documented
// exceptions applied (exceptions.json, each one error id on one element, with its reason in
// docs/decisions.md), the findings grouped by document, and a report in the shape of Jest's --json
// output, so .ci/run counts this run as it counts the Jest suites (a document is one test).

/**
 * @typedef {{ kind: "error", file: string, part: string, xpath: string, id: string, errorType: string,
 *   element: string, description: string }} Finding
 * @typedef {{ kind: "document", file: string, features: string[] }} DocumentLine
 * @typedef {{ kind: "summary", files: number, errors: number, ms: number }} Summary
 * @typedef {{ id: string, element: string, part?: string, why: string, source: string }} Exception
 */

/**
 * The kinds of output every full run must have validated (Features.cs detects them): each one is built by
 * some test, so a kind missing from the folder means the suites stopped building it.
 */
export const REQUIRED_KINDS = [
  "standalone",
  "fragment",
  "header",
  "footer",
  "footnotes",
  "comments",
  "table",
  "image",
  "hyperlink",
  "internal-link",
  "content-control",
  "table-of-contents",
  "numbering",
  "legal-numbering",
  "language-default",
  "language-runs",
];

/** Parses the validator's stdout: every line one JSON object, the last one the summary. */
export function parseValidatorOutput(stdout) {
  /** @type {Finding[]} */
  const findings = [];
  /** @type {DocumentLine[]} */
  const documents = [];
  /** @type {Summary | undefined} */
  let summary;
  for (const line of stdout.split("\n")) {
    if (line.trim() === "") continue;
    const value = JSON.parse(line);
    if (value.kind === "error") findings.push(value);
    else if (value.kind === "document") documents.push(value);
    else if (value.kind === "summary") summary = value;
    else throw new Error(`unexpected validator line: ${line.slice(0, 200)}`);
  }
  if (!summary) throw new Error("the validator printed no summary line (it did not finish)");
  return { findings, documents, summary };
}

/** Whether an exception covers a finding: the same error id on the same element (and part, if named). */
export function excepts(exception, finding) {
  return (
    exception.id === finding.id &&
    exception.element === finding.element &&
    (exception.part === undefined || exception.part === finding.part)
  );
}

/** Checks exceptions.json's entries: each names one id on one element, and says why and where from. */
export function checkExceptions(list) {
  const problems = [];
  if (!Array.isArray(list)) return ["exceptions.json: not an array"];
  list.forEach((e, i) => {
    for (const key of ["id", "element", "why", "source"])
      if (typeof e?.[key] !== "string" || e[key].trim() === "")
        problems.push(`exceptions.json[${i}]: "${key}" is missing`);
    if (typeof e?.element === "string" && !/^[\w.-]+:[\w.-]+$/.test(e.element))
      problems.push(`exceptions.json[${i}]: "element" must be one element (prefix:name), not "${e.element}"`);
  });
  return problems;
}

/**
 * Splits the findings into errors and excepted ones, per document. `files` is every document checked
 * (the summary's count), so documents without findings count as passed.
 * @param {Finding[]} findings
 * @param {Exception[]} exceptions
 * @param {number} fileCount
 */
export function judge(findings, exceptions, fileCount) {
  /** @type {Map<string, Finding[]>} */
  const errorsByFile = new Map();
  /** @type {Finding[]} */
  const excepted = [];
  const used = new Set();
  for (const f of findings) {
    const exception = exceptions.find((e) => excepts(e, f));
    if (exception) {
      excepted.push(f);
      used.add(exception);
      continue;
    }
    const list = errorsByFile.get(f.file) ?? [];
    list.push(f);
    errorsByFile.set(f.file, list);
  }
  const errors = [...errorsByFile.values()].reduce((n, l) => n + l.length, 0);
  return {
    documents: fileCount,
    failedDocuments: errorsByFile.size,
    passedDocuments: fileCount - errorsByFile.size,
    errors,
    excepted,
    errorsByFile,
    unusedExceptions: exceptions.filter((e) => !used.has(e)),
  };
}

/** How many documents hold each kind of output, and the required kinds none held. */
export function coverage(documents) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const d of documents) for (const f of d.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  return { counts, missing: REQUIRED_KINDS.filter((k) => !counts.has(k)) };
}

/** One finding as a line a person reads: where, which check, what. */
export function formatFinding(f) {
  return `${f.part || "(package)"} ${f.xpath} [${f.id}] ${f.description}`;
}

/**
 * Jest's --json shape, as far as .ci/run reads it: each document one test, and each of `checks` (such as
 * "every kind of output validated") one more.
 * @param {{ title: string, failureMessages: string[] }[]} checks  failed when they have messages
 */
export function jestReport(verdict, startTime, checks = []) {
  const assertionResults = [
    ...[...verdict.errorsByFile].map(([file, list]) => ({
      title: file,
      fullName: `openxml ${file}`,
      status: "failed",
      failureMessages: list.map(formatFinding),
    })),
    ...checks.map((c) => ({
      title: c.title,
      fullName: `openxml ${c.title}`,
      status: c.failureMessages.length > 0 ? "failed" : "passed",
      failureMessages: c.failureMessages,
    })),
  ];
  const failedChecks = checks.filter((c) => c.failureMessages.length > 0).length;
  const numFailedTests = verdict.failedDocuments + failedChecks;
  const failed = numFailedTests > 0;
  return {
    success: !failed,
    startTime,
    numTotalTests: verdict.documents + checks.length,
    numPassedTests: verdict.passedDocuments + checks.length - failedChecks,
    numFailedTests,
    numPendingTests: 0,
    numTotalTestSuites: 1,
    numPassedTestSuites: failed ? 0 : 1,
    numFailedTestSuites: failed ? 1 : 0,
    testResults: [
      {
        name: "tests/openxml (Open XML SDK validator)",
        status: failed ? "failed" : "passed",
        message: failed
          ? `${verdict.errors} errors in ${verdict.failedDocuments} documents, ${failedChecks} failed checks`
          : "",
        assertionResults,
      },
    ],
  };
}
