import { main } from "./main";

// The `sectionsmith` executable: exit codes 0 ok, 1 invalid input, 2 usage, 3 internal error.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sectionsmith: internal error\n${String(error)}\n`);
    process.exitCode = 3;
  },
);
