import { describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../../src/engine";
import { specimenHeld } from "../../../src/engine/assemble/docx-side";
import { SPECIMEN_ASSEMBLY, SPECIMEN_BODY, SPECIMEN_LIBRARY, SPECIMEN_OPTIONS } from "../../../src/engine/assemble/specimen";
import { expectValidDocx } from "../../support/ooxml-check";
import { assembly, library, TODAY } from "../support";

// The specimen document (src/engine/assemble/specimen.ts) keeps docx's hidden classes alive between
// builds. It must be made at a process's second build — never at the first, the CLI's only one — and must
// change nothing in the documents built after it. This file's tests run in order in one module registry.

const lib = library({
  id: "s1",
  body: "# Terms\n\nThe **Supplier** shall deliver.[^a]\n\n1. One\n   - two\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n[^a]: A note.",
});
const asm = assembly([{ snippet: "s1" }], { header: { text: "Draft" }, footer: { text: "Page {{page}}" } });
const build = async (): Promise<Buffer> =>
  Buffer.from((await exportDocument(lib, asm, { as: "buffer", today: TODAY, nonce: 42 })).output);

describe("the specimen document", () => {
  it("is made at the second build of a process, and the documents before and after it are the same, byte for byte", async () => {
    const first = await build();
    expect(specimenHeld()).toBe(false);
    const second = await build();
    expect(specimenHeld()).toBe(true);
    const third = await build();
    expect(Buffer.compare(second, first)).toBe(0);
    expect(Buffer.compare(third, first)).toBe(0);
    await expectValidDocx(new Uint8Array(first));
  });

  it("builds without a problem, as a valid package (so it is really made), from fixed content", async () => {
    const result = await exportDocument(SPECIMEN_LIBRARY, SPECIMEN_ASSEMBLY, { as: "buffer", ...SPECIMEN_OPTIONS });
    expect(result.warnings).toEqual([]);
    await expectValidDocx(new Uint8Array(result.output));
    // Nothing that draws on docx's per-process id counters (pictures, bookmarks), which would shift later documents' ids.
    expect(SPECIMEN_BODY).not.toMatch(/!\[|\{\{toc\}\}/);
  });
});
