import { it } from "vitest";
import { writeFileSync } from "node:fs";
import { checkDocx } from "../support/ooxml-check";
import { sampleDocx } from "../support/sample-docx";
it("try", async () => {
  const b = await sampleDocx();
  writeFileSync("/tmp/ts-scratch/sample2.docx", b);
  const r = await checkDocx(b);
  console.log(JSON.stringify(r, null, 1));
  const big = new Uint8Array(require("node:fs").readFileSync("/tmp/ts-scratch/big.docx"));
  const r2 = await checkDocx(big);
  console.log(JSON.stringify({ ...r2, parts: undefined }, null, 1));
});
