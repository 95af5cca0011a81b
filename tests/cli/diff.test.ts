// `sectionsmith diff`: a redline of two snippet versions (LIB.json ID@V1 ID@V2) or two assemblies, as
// docs/cli.md describes it. What Accept All / Reject All make of a redline is proved with LibreOffice in
// tests/fidelity/redline.test.ts; here: the command's shapes, its files, authors, errors and usage.

import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "@jest/globals";
import JSZip from "jszip";
import { expectValidDocx } from "../support/ooxml-check";
import { runCliInProcess } from "../support/cli-in-process";

const LIB = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "payment",
      version: 1,
      title: "Payment",
      status: "approved",
      owner: "Contoso Legal",
      body: "# Payment\n\n{{client}} shall pay within thirty days of the invoice.\n\nLate payments carry interest.",
      variables: [{ name: "client", type: "text", default: "The Customer" }],
    },
    {
      id: "payment",
      version: 2,
      title: "Payment",
      status: "approved",
      owner: "Contoso Legal",
      body: "# Payment\n\n{{client}} shall pay within fourteen days of a valid invoice.\n\nLate payments carry interest at 4% a year.",
      variables: [{ name: "client", type: "text", default: "The Customer" }],
    },
    { id: "notices", version: 1, title: "Notices", status: "approved", body: "Notices are in writing." },
  ],
};
const assembly = (client: string, ids: string[]) => ({
  format: "sectionsmith/assembly@1",
  sections: ids.map((snippet) => ({ snippet, version: snippet === "payment" ? 2 : 1, values: { client } })),
});

let dir: string;
const file = (name: string) => join(dir, name);

const run = (...argv: string[]) => runCliInProcess(argv);

/** The body's tracked changes: kind, author and text (w:t or w:delText) of each w:ins / w:del around runs. */
async function changesIn(bytes: Uint8Array) {
  const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
  return [
    ...xml.matchAll(/<w:(ins|del) w:id="\d+" w:author="([^"]*)" w:date="([^"]*)">([\s\S]*?)<\/w:\1>/g),
  ].map((m) => ({
    kind: m[1],
    author: m[2],
    date: m[3],
    text: [...m[4]!.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)</g)].map((t) => t[1]).join(""),
  }));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-diff-"));
  await writeFile(file("lib.json"), JSON.stringify(LIB));
  await writeFile(file("old.json"), JSON.stringify(assembly("Northwind", ["notices", "payment"])));
  await writeFile(file("new.json"), JSON.stringify(assembly("Fabrikam", ["payment", "notices"])));
  await writeFile(file("values.json"), JSON.stringify({ client: "Fabrikam Retail plc" }));
  await writeFile(file("list.json"), "[1, 2]");
});

describe("sectionsmith diff", () => {
  it("LIB.json ID@V1 ID@V2 -o writes a redline that passes the schema and Word rules checks, by the snippet's owner", async () => {
    const r = await run("diff", file("lib.json"), "payment@1", "payment@2", "-o", file("payment.docx"));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /Wrote .*payment\.docx \(.* KB, payment@1 → payment@2: \d+ insertions?, \d+ deletions?, .*by Contoso Legal\)/,
    );
    const bytes = new Uint8Array(await readFile(file("payment.docx")));
    await expectValidDocx(bytes);
    const changes = await changesIn(bytes);
    expect(
      changes
        .filter((c) => c.kind === "del")
        .map((c) => c.text)
        .join(" "),
    ).toMatch(/thirty/);
    expect(
      changes
        .filter((c) => c.kind === "ins")
        .map((c) => c.text)
        .join(" "),
    ).toMatch(/fourteen/);
    expect(new Set(changes.map((c) => c.author))).toEqual(new Set(["Contoso Legal"]));
    for (const c of changes) expect(c.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("--values fills both versions alike, --author names who changed it, --fragment writes the insertable shape", async () => {
    const r = await run(
      "diff",
      file("lib.json"),
      "payment@1",
      "payment@2",
      "--values",
      file("values.json"),
      "--author",
      "Ann Smith",
      "--fragment",
      "-o",
      file("fragment.docx"),
      "-q",
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const bytes = new Uint8Array(await readFile(file("fragment.docx")));
    await expectValidDocx(bytes);
    const xml = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    expect(xml).toContain("Fabrikam Retail plc");
    expect(xml).not.toContain("<w:sectPr");
    const changes = await changesIn(bytes);
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes.map((c) => c.author))).toEqual(new Set(["Ann Smith"]));
    // The same values on both sides: the client's name is never a change.
    expect(changes.some((c) => c.text.includes("Fabrikam"))).toBe(false);
  });

  it("OLD.json NEW.json --library: two assemblies (sections moved, values changed)", async () => {
    const r = await run(
      "diff",
      file("old.json"),
      file("new.json"),
      "--library",
      file("lib.json"),
      "-o",
      file("assemblies.docx"),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/by Sectionsmith\)/);
    const bytes = new Uint8Array(await readFile(file("assemblies.docx")));
    await expectValidDocx(bytes);
    const changes = await changesIn(bytes);
    expect(
      changes
        .filter((c) => c.kind === "del")
        .map((c) => c.text)
        .join(" "),
    ).toMatch(/Northwind/);
    expect(
      changes
        .filter((c) => c.kind === "ins")
        .map((c) => c.text)
        .join(" "),
    ).toMatch(/Fabrikam/);
  });

  it("-o - writes the .docx to standard output", async () => {
    const r = await run("diff", file("lib.json"), "payment@1", "payment@2", "-o", "-");
    expect(r.code).toBe(0);
    expect([...r.stdout.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    await expectValidDocx(new Uint8Array(r.stdout));
  });

  it("a version the library lacks: exit 1, a coded error naming it, no file", async () => {
    const r = await run("diff", file("lib.json"), "payment@1", "payment@7", "-o", file("missing.docx"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error VERSION_NOT_FOUND payment@7: .*no version 7/);
    expect(r.stderr).toContain("nothing was written");
    expect(existsSync(file("missing.docx"))).toBe(false);
  });

  it("never writes over an input: -o naming the library is refused and the library is kept", async () => {
    const before = await readFile(file("lib.json"), "utf8");
    const r = await run("diff", file("lib.json"), "payment@1", "payment@2", "-o", file("lib.json"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error OUTPUT_IS_INPUT .*lib\.json — -o names the library/);
    expect(await readFile(file("lib.json"), "utf8")).toBe(before);
  });

  it("--values that is not a JSON object: exit 1 with its code, no file", async () => {
    const r = await run(
      "diff",
      file("lib.json"),
      "payment@1",
      "payment@2",
      "--values",
      file("list.json"),
      "-o",
      file("v.docx"),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error VALUES_NOT_AN_OBJECT .*list\.json — needs a JSON object/);
    expect(existsSync(file("v.docx"))).toBe(false);
  });

  it.each([
    [["diff", "lib.json", "payment", "payment@2"], /ID@VERSION \(payment-terms@2\), not "payment"/],
    [["diff", "old.json", "new.json"], /needs at least one --library/],
    [["diff", "lib.json"], /needs LIB\.json ID@V1 ID@V2, or OLD\.json NEW\.json --library LIB\.json/],
    [
      ["diff", "old.json", "new.json", "-l", "lib.json", "--values", "v.json"],
      /--values goes with two snippet versions/,
    ],
  ])("usage: %j exits 2", async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
