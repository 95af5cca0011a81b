// What npm run test:openxml makes of the Open XML SDK validator's output (tests/openxml/findings.mjs):
// exceptions cover one error id on one element and nothing else, every document counts, a missing kind
// of output fails, and the report has the numbers .ci/run adds up.

import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  checkExceptions,
  coverage,
  jestReport,
  judge,
  parseValidatorOutput,
  REQUIRED_KINDS,
} from "../openxml/findings.mjs";
import { ROOT } from "../support/repository-files";

const finding = (file: string, id: string, element: string, part = "/word/document.xml") => ({
  kind: "error" as const,
  file,
  part,
  xpath: "/w:document[1]/w:body[1]",
  id,
  errorType: "Schema",
  element,
  description: `${id} on ${element}`,
});

const lines = (...values: object[]) => values.map((v) => JSON.stringify(v)).join("\n") + "\n";

describe("the validator's output", () => {
  it("is read line by line, and an unfinished run (no summary) is an error", () => {
    const out = lines(
      finding("a.docx", "Sch_X", "w:p"),
      { kind: "document", file: "a.docx", features: ["standalone"] },
      { kind: "summary", files: 1, errors: 1, ms: 5 },
    );
    const parsed = parseValidatorOutput(out);
    expect(parsed.findings).toHaveLength(1);
    expect(parsed.documents).toEqual([{ kind: "document", file: "a.docx", features: ["standalone"] }]);
    expect(parsed.summary.files).toBe(1);
    expect(() => parseValidatorOutput(lines(finding("a.docx", "Sch_X", "w:p")))).toThrow(/no summary/);
  });
});

describe("exceptions", () => {
  const exception = { id: "Sem_X", element: "w:lang", why: "Word writes it", source: "https://example" };

  it("cover the one id on the one element, not the same id elsewhere nor another id there", () => {
    const verdict = judge(
      [
        finding("a.docx", "Sem_X", "w:lang"),
        finding("b.docx", "Sem_X", "w:rPr"),
        finding("c.docx", "Sem_Y", "w:lang"),
      ],
      [exception],
      4,
    );
    expect(verdict.excepted.map((f) => f.file)).toEqual(["a.docx"]);
    expect([...verdict.errorsByFile.keys()]).toEqual(["b.docx", "c.docx"]);
    expect(verdict).toMatchObject({ documents: 4, passedDocuments: 2, failedDocuments: 2, errors: 2 });
    expect(verdict.unusedExceptions).toEqual([]);
  });

  it("must each name one element and say why, with a source", () => {
    expect(checkExceptions([exception])).toEqual([]);
    expect(checkExceptions([{ ...exception, element: "*" }])).toEqual([
      'exceptions.json[0]: "element" must be one element (prefix:name), not "*"',
    ]);
    expect(checkExceptions([{ id: "Sem_X", element: "w:lang" }])).toEqual([
      'exceptions.json[0]: "why" is missing',
      'exceptions.json[0]: "source" is missing',
    ]);
  });

  it("in the repository are well-formed, each documented in docs/decisions.md", () => {
    const list = JSON.parse(readFileSync(join(ROOT, "tests/openxml/exceptions.json"), "utf8")) as Array<{
      id: string;
    }>;
    expect(checkExceptions(list)).toEqual([]);
    const decisions = readFileSync(join(ROOT, "docs/decisions.md"), "utf8");
    for (const e of list) expect(decisions).toContain(e.id);
  });
});

describe("coverage and the report", () => {
  it("names the kinds of output no document held", () => {
    const all = { kind: "document" as const, file: "a.docx", features: [...REQUIRED_KINDS] };
    expect(coverage([all]).missing).toEqual([]);
    const some = { ...all, features: REQUIRED_KINDS.filter((k) => k !== "image" && k !== "comments") };
    expect(coverage([some]).missing).toEqual(["comments", "image"]);
  });

  it("counts each document as a test and each check as one more, as .ci/run reads Jest's", () => {
    const verdict = judge([finding("b.docx", "Sch_X", "w:p"), finding("b.docx", "Sch_Y", "w:r")], [], 3);
    const report = jestReport(verdict, 0, [{ title: "every kind of output validated", failureMessages: [] }]);
    expect(report).toMatchObject({ success: false, numTotalTests: 4, numPassedTests: 3, numFailedTests: 1 });
    expect(report.testResults[0]!.assertionResults[0]!.failureMessages).toHaveLength(2);
    const clean = jestReport(judge([], [], 3), 0, [
      { title: "kinds", failureMessages: ["no document held: image"] },
    ]);
    expect(clean).toMatchObject({ success: false, numPassedTests: 3, numFailedTests: 1 });
  });
});
