import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { contractProblems, type OpenApiDocument } from "./contract";
import { startServer, type TestServer } from "./helpers";

// The document itself: Redocly's linter finds nothing wrong with it, every operation has an id, and the
// check every other server test runs through (contract.ts) does refuse answers the document does not
// describe.

let s: TestServer;
let doc: OpenApiDocument & { servers?: unknown[] };
let library: object;
beforeAll(async () => {
  s = await startServer();
  doc = (await s.call(undefined, "GET", "/openapi.json")).body;
  library = (await s.call("ana@x.test", "POST", "/libraries", { body: { id: "legal", name: "Legal" } })).body;
}, 60_000);
afterAll(() => s.close());

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ "content-type": "application/json", ...headers }),
  text: JSON.stringify(body),
});

describe("the OpenAPI document", () => {
  it("passes @redocly/cli lint (recommended rules) with no errors or warnings", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sectionsmith-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const { stdout, stderr } = await promisify(execFile)(
        join("node_modules", ".bin", "redocly"),
        ["lint", file, "--format=stylish"],
        { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      ).catch((error: { stdout: string; stderr: string }) => {
        throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
      });
      expect(stdout + stderr).toMatch(/Your API description is valid/);
      expect(stdout + stderr).not.toMatch(/\d+ (errors?|warnings?)\b/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("names its server and gives every operation an id", () => {
    expect(doc.servers).toEqual([{ url: "/", description: "This server" }]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents 428 only where If-Match is read, and 422 only where a snippet body is checked", () => {
    const with428 = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops)
        .filter((op) => "428" in op.responses)
        .map((op) => op.operationId),
    );
    const with422 = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops)
        .filter((op) => "422" in op.responses)
        .map((op) => op.operationId),
    );
    expect(with428.sort()).toEqual([
      "addVersion",
      "removeMember",
      "reviewVersion",
      "setMember",
      "updateSnippet",
    ]);
    expect(with422.sort()).toEqual(["addVersion", "createSnippet"]);
  });
});

describe("the contract check every server test runs", () => {
  it("accepts a documented answer", () => {
    expect(contractProblems(doc, "GET", "/libraries/legal", answer(200, library, { etag: '"1"' }))).toEqual(
      [],
    );
    expect(contractProblems(doc, "GET", "/no/such/route", answer(401, { code: "SIGN_IN_REQUIRED" }))).toEqual(
      [],
    );
  });

  it("refuses a status the operation does not document, a missing ETag, a foreign code, another media type, another shape", () => {
    expect(
      contractProblems(doc, "GET", "/libraries/legal", answer(428, { code: "IF_MATCH_REQUIRED" })),
    ).toEqual(["GET /libraries/legal → 428: getLibrary does not document 428"]);
    expect(contractProblems(doc, "GET", "/libraries/legal", answer(200, library))).toEqual([
      "GET /libraries/legal → 200: no ETag header",
    ]);
    const revisionAsText = { ...library, revision: "1" };
    expect(
      contractProblems(doc, "GET", "/libraries/legal", answer(200, revisionAsText, { etag: '"1"' })),
    ).toEqual([
      "GET /libraries/legal → 200: the body does not fit the document's schema: data/revision must be integer",
    ]);
    expect(
      contractProblems(
        doc,
        "POST",
        "/libraries/legal/snippets",
        answer(409, { code: "STALE_REVISION", message: "Someone changed this" }),
      ),
    ).toEqual([
      'POST /libraries/legal/snippets → 409: code STALE_REVISION is not one the description names ("A snippet with this id exists (ALREADY_EXISTS; current holds it)")',
    ]);
    expect(
      contractProblems(doc, "GET", "/libraries/legal/snippets", {
        ...answer(200, []),
        headers: new Headers({ "content-type": "text/html" }),
      }),
    ).toHaveLength(1);
    expect(contractProblems(doc, "GET", "/no/such/route", answer(200, library))).toHaveLength(1);
  });
});
