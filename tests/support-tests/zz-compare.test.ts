import { it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { checkDocxAll } from "../support/ooxml-check";
it("compare", async () => {
  const files = (process.env.CMP_FILES ?? "").split(",").filter(Boolean);
  const res = await checkDocxAll(files.map((f) => new Uint8Array(readFileSync(f))));
  writeFileSync("/tmp/ts-scratch/cmp.json", JSON.stringify(files.map((f, i) => ({ f, ...res[i] })), null, 1));
}, 60000);
