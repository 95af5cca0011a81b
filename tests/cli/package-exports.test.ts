import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "@jest/globals";

const exec = promisify(execFile);

// `import … from "sectionsmith"` and `require("sectionsmith")` resolve through package.json "exports"
// to the built engine (Node resolves a package's own name from inside it), and both build a document.
describe("package exports", () => {
  const program = (load: string) => `
    ${load}
    const lib = { format: "sectionsmith/library@1", snippets: [{ id: "a", title: "A", status: "approved", body: "Hi" }] };
    const asm = { format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] };
    m.exportDocument(lib, asm, { as: "buffer" }).then((r) => console.log(Buffer.isBuffer(r.output), r.output.length > 1000));`;

  it("works as an ES module", async () => {
    const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", program('const m = await import("sectionsmith");')]);
    expect(stdout.trim()).toBe("true true");
  });

  it("works with require()", async () => {
    const { stdout } = await exec(process.execPath, ["-e", program('const m = require("sectionsmith");')]);
    expect(stdout.trim()).toBe("true true");
  });
});
