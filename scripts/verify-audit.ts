import { readFileSync } from "node:fs";
import { checkChain, type ChainEntry } from "../src/server/audit-chain";

// `npm run audit:verify -- LIBRARY.audit.json [--seq N --hash HEX]`: checks an audit log exported with
// GET /libraries/{library}/audit/export against its hash chain, on this computer, without asking the
// server (which may be the thing that was tampered with). With --seq and --hash (a head kept from an
// earlier check or export), also that the log up to that entry is the one that was kept.
// Exit 0: the chain holds; 1: it does not (the first entry that is not as written is named); 2: usage.

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const seq = option("--seq");
const hash = option("--hash");
const [file] = args;
if (!file || (seq === undefined) !== (hash === undefined)) {
  process.stderr.write("Usage: npm run audit:verify -- LIBRARY.audit.json [--seq N --hash HEX]\n");
  process.exit(2);
}
const exported = JSON.parse(readFileSync(file, "utf8")) as {
  library: string;
  entries: (ChainEntry & { hash: string | null })[];
};
const result = checkChain(
  exported.library,
  exported.entries,
  seq !== undefined && hash !== undefined ? { seq: Number(seq), hash } : undefined,
);
if (result.ok) {
  process.stdout.write(
    `The audit log of "${exported.library}" holds: ${result.entries} entries as written${result.head ? `; the last, ${result.head.seq}, has hash ${result.head.hash}` : ""}.\n`,
  );
  process.exit(0);
}
process.stdout.write(`The audit log of "${exported.library}" was changed: ${result.problem}.\n`);
process.exit(1);
