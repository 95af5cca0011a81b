import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parseLibrary } from "../../src/engine/index";
import { readPart } from "../support/docx-zip";
import { expectValidDocx } from "../support/ooxml-check";
import { runCliInProcess } from "../support/cli-in-process";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process";

// `sectionsmith build --server URL --library NAME` and `sectionsmith export --server …` against a real
// server process on the embedded PostgreSQL: approved versions only unless --include-unapproved, the
// token from SECTIONSMITH_TOKEN or --token-file, and every failure coded in the user's words.

const ANA = "ana@x.test"; // admin and author
const CY = "cy@x.test"; // approver
let server: ServerProcess;
let dir: string;
const file = (name: string) => join(dir, name);

async function run(argv: string[], token?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const savedToken = process.env.SECTIONSMITH_TOKEN;
  if (token === undefined) delete process.env.SECTIONSMITH_TOKEN;
  else process.env.SECTIONSMITH_TOKEN = token;
  try {
    const r = await runCliInProcess(argv);
    return { ...r, stdout: r.stdout.toString("utf8") };
  } finally {
    if (savedToken === undefined) delete process.env.SECTIONSMITH_TOKEN;
    else process.env.SECTIONSMITH_TOKEN = savedToken;
  }
}

async function ok<T extends { status: number; body: unknown }>(p: Promise<T>, status = 200): Promise<T> {
  const r = await p;
  if (r.status !== status) throw new Error(`${r.status}: ${JSON.stringify(r.body)}`);
  return r;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-cli-team-"));
  server = await startServerProcess();
  const lib = await ok(server.call(ANA, "POST", "/libraries", { id: "legal", name: "Legal" }), 201);
  await ok(server.call(ANA, "PUT", `/libraries/legal/members/${CY}`, { role: "approver" }, lib.etag!));
  const variables = [{ name: "name", type: "text", required: true }];
  const intro = await ok(
    server.call(ANA, "POST", "/libraries/legal/snippets", {
      id: "intro",
      title: "Introduction",
      variables,
      body: "Dear {{name}}, the approved wording.",
    }),
    201,
  );
  const submitted = await ok(
    server.call(ANA, "POST", "/libraries/legal/snippets/intro/versions/1/submit", undefined, intro.etag!),
  );
  const approved = await ok(
    server.call(CY, "POST", "/libraries/legal/snippets/intro/versions/1/approve", undefined, submitted.etag!),
  );
  await ok(
    server.call(
      ANA,
      "POST",
      "/libraries/legal/snippets/intro/versions",
      { title: "Introduction", variables, body: "Dear {{name}}, the DRAFT wording." },
      approved.etag!,
    ),
    201,
  );
  const fresh = await ok(
    server.call(ANA, "POST", "/libraries/legal/snippets", {
      id: "fresh",
      title: "Fresh",
      body: "A new clause.",
    }),
    201,
  );
  await ok(
    server.call(ANA, "POST", "/libraries/legal/snippets/fresh/versions/1/submit", undefined, fresh.etag!),
  );
  await writeFile(
    file("intro.json"),
    JSON.stringify({
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "intro", values: { name: "Ada" } }],
    }),
  );
  await writeFile(
    file("both.json"),
    JSON.stringify({
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "intro", values: { name: "Ada" } }, { snippet: "fresh" }],
    }),
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const documentText = async (path: string) => {
  const bytes = new Uint8Array(await readFile(path));
  await expectValidDocx(bytes);
  return (await readPart(bytes, "word/document.xml")) ?? "";
};

describe("build --server", () => {
  it("builds from the approved versions only, with the token from SECTIONSMITH_TOKEN", async () => {
    const r = await run(
      ["build", file("intro.json"), "--server", server.url, "--library", "legal", "-o", file("a.docx")],
      await server.token(ANA),
    );
    expect(r.stderr).toMatch(/^Wrote .*a\.docx \([\d.]+ KB, 1 snippet\)\.$/m); // not "1 snippets" (issue 27)
    expect(r.code).toBe(0);
    const xml = await documentText(file("a.docx"));
    expect(xml).toContain("the approved wording");
    expect(xml).not.toContain("DRAFT");
  });

  it("does not see unapproved snippets unless --include-unapproved, which warns", async () => {
    const token = await server.token(CY);
    const strict = await run(
      ["build", file("both.json"), "--server", server.url, "-l", "legal", "-o", file("b.docx")],
      token,
    );
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/error SNIPPET_NOT_FOUND .*sections\[1\]\.snippet/);
    await expect(readFile(file("b.docx"))).rejects.toThrow(/ENOENT/);
    const tokenFile = file("token.txt");
    await writeFile(tokenFile, `${token}\n`);
    const loose = await run([
      "build",
      file("both.json"),
      "--server",
      `${server.url}/`,
      "-l",
      "legal",
      "--include-unapproved",
      "--token-file",
      tokenFile,
      "-o",
      file("b.docx"),
    ]);
    expect(loose.stderr).toMatch(/warning SNIPPET_DRAFT .*"fresh" version 1/);
    expect(loose.code).toBe(0);
    const xml = await documentText(file("b.docx"));
    // An approved version still beats a newer draft; the draft-only snippet is used.
    expect(xml).toContain("the approved wording");
    expect(xml).not.toContain("DRAFT");
    expect(xml).toContain("A new clause.");
  });
});

describe("export --server", () => {
  it("writes the team library as a library file: approved versions, or with --include-unapproved all", async () => {
    const token = await server.token(ANA);
    const r = await run(
      ["export", "--server", server.url, "--library", "legal", "-o", file("legal.json")],
      token,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Wrote .*legal\.json \(1 snippet version of "legal", approved and deprecated\)/);
    const text = await readFile(file("legal.json"), "utf8");
    const parsed = parseLibrary(text);
    expect(parsed.ok).toBe(true);
    const ids = (t: string) =>
      (JSON.parse(t) as { snippets: { id: string; version: number; status: string }[] }).snippets.map(
        (s) => `${s.id}@${s.version}:${s.status}`,
      );
    expect(ids(text)).toEqual(["intro@1:approved"]);
    expect(JSON.parse(text)).toMatchObject({ format: "sectionsmith/library@1", name: "Legal" });
    const all = await run(
      ["export", "--server", server.url, "-l", "legal", "--include-unapproved", "-o", "-"],
      token,
    );
    expect(all.code).toBe(0);
    expect(ids(all.stdout)).toEqual(["fresh@1:draft", "intro@1:approved", "intro@2:draft"]);
  });

  it("names its default file after the library", async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const r = await run(["export", "--server", server.url, "-l", "legal"], await server.token(ANA));
      expect(r.code).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    expect(JSON.parse(await readFile(file("legal.library.json"), "utf8")).snippets).toHaveLength(1);
  });
});

describe("problems with the server, in the user's words", () => {
  const exportTo = (out: string, ...more: string[]) => [
    "export",
    "--server",
    server.url,
    "-l",
    "legal",
    "-o",
    file(out),
    ...more,
  ];

  it("no token, an expired or foreign token, a library one is not a member of", async () => {
    const none = await run(exportTo("x.json"));
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error SERVER_TOKEN_MISSING .* — No sign-in token: set SECTIONSMITH_TOKEN/m);
    const empty = file("empty.txt");
    await writeFile(empty, "\n");
    expect((await run(exportTo("x.json", "--token-file", empty))).stderr).toMatch(
      /SERVER_TOKEN_MISSING .*is empty/,
    );
    const expired = await run(
      exportTo("x.json"),
      await server.token(ANA, Math.floor(Date.now() / 1000) - 60),
    );
    expect(expired.code).toBe(1);
    expect(expired.stderr).toMatch(
      /^error SERVER_SIGN_IN .*\/libraries\/legal — The server did not accept your sign-in: .*has expired.*Sign in again/m,
    );
    const garbage = await run(exportTo("x.json"), "not-a-jwt");
    expect(garbage.stderr).toMatch(/^error SERVER_SIGN_IN /m);
    const stranger = await run(exportTo("x.json"), await server.token("eve@x.test"));
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(
      /^error SERVER_LIBRARY_NOT_FOUND .*has no library "legal" that you are a member of/m,
    );
    expect(stranger.stderr).not.toMatch(/^\s+at /m);
    await expect(readFile(file("x.json"))).rejects.toThrow(/ENOENT/);
  });

  it("an unreachable server, a refusal (403), and something that is not a library server", async () => {
    const closed = await freePort();
    const down = await run(
      ["export", "--server", `http://127.0.0.1:${closed}`, "-l", "legal", "-o", file("y.json")],
      "t",
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      /^error SERVER_UNREACHABLE .* — Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection was refused/m,
    );
    let answer = { status: 403, body: '{"code":"FORBIDDEN","message":"This needs the reader role"}' };
    const stub: Server = createServer((_req, res) => {
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => stub.listen(port, "127.0.0.1", resolve));
    try {
      const args = ["export", "--server", `http://127.0.0.1:${port}`, "-l", "legal", "-o", file("y.json")];
      const forbidden = await run(args, "t");
      expect(forbidden.stderr).toMatch(
        /^error SERVER_FORBIDDEN .*ask one of its admins for the reader role.*The server says: This needs the reader role/im,
      );
      answer = { status: 200, body: "<html>hello</html>" };
      expect((await run(args, "t")).stderr).toMatch(
        /^error SERVER_FAILED .*not with a Sectionsmith library/m,
      );
      answer = { status: 502, body: "Bad gateway" };
      expect((await run(args, "t")).stderr).toMatch(/^error SERVER_FAILED .*answered 502/m);
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  });

  it("usage errors for a bad --server or team options without it", async () => {
    expect((await run(["export", "-l", "legal"])).code).toBe(2);
    expect((await run(["export", "--server", "ftp://x", "-l", "legal"])).stderr).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect((await run(["build", file("intro.json"), "-l", "x.json", "--include-unapproved"])).code).toBe(2);
    expect((await run(["export", "--server", server.url, "-l", "a", "-l", "b"])).stderr).toMatch(
      /exactly one --library/,
    );
  });
});
