// The hand-written docx floor as a command (bench/cli/run.ts, information beside pandoc): a Node script
// that builds the bench's document with docx by hand (bench/engine/contenders/docx-floor.ts) and writes
// it, whole process — the least a docx-based command does.
//
//   node .tmp/bench/cli-floor.mjs <sections> <out.docx>

import { writeFileSync } from "node:fs";
import { Packer } from "docx";
import { benchDocument } from "../fixtures/document";
import { buildFloorDocument } from "../engine/contenders/docx-floor";

const [sections, out] = process.argv.slice(2);
writeFileSync(out!, await Packer.pack(buildFloorDocument(benchDocument(Number(sections))), "uint8array"));
