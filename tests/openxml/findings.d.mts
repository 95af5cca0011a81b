// Types for tests/openxml/findings.mjs, so TypeScript tests can import it.
export type Finding = {
  kind: "error";
  file: string;
  part: string;
  xpath: string;
  id: string;
  errorType: string;
  element: string;
  description: string;
};
export type DocumentLine = { kind: "document"; file: string; features: string[] };
export type Summary = { kind: "summary"; files: number; errors: number; ms: number };
export type Exception = { id: string; element: string; part?: string; why: string; source: string };
export type Verdict = {
  documents: number;
  failedDocuments: number;
  passedDocuments: number;
  errors: number;
  excepted: Finding[];
  errorsByFile: Map<string, Finding[]>;
  unusedExceptions: Exception[];
};
export type Check = { title: string; failureMessages: string[] };
export type JestReport = {
  success: boolean;
  startTime: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message: string;
    assertionResults: Array<{ title: string; fullName: string; status: string; failureMessages: string[] }>;
  }>;
};
export declare const REQUIRED_KINDS: string[];
export declare function parseValidatorOutput(stdout: string): {
  findings: Finding[];
  documents: DocumentLine[];
  summary: Summary;
};
export declare function excepts(exception: Exception, finding: Finding): boolean;
export declare function checkExceptions(list: unknown): string[];
export declare function judge(findings: Finding[], exceptions: Exception[], fileCount: number): Verdict;
export declare function coverage(documents: DocumentLine[]): {
  counts: Map<string, number>;
  missing: string[];
};
export declare function formatFinding(f: Finding): string;
export declare function jestReport(verdict: Verdict, startTime: number, checks?: Check[]): JestReport;
