import { removeTemporaryFilesOnExit } from "./cleanup";
import { main } from "./main";
import { EXIT_CLOSED_PIPE } from "./problems";

// The CLI proper, loaded by the executable (index.ts): exit codes 0 ok, 1 invalid input, 2 usage, 3
// internal error, and 141 when the reader of standard output went away (`| head -1`).

// Every write to standard output is awaited and its failure handled in main(); these listeners only
// keep Node from turning the same error, emitted again as an event, into a crash with a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exitCode = EXIT_CLOSED_PIPE;
});
// A closed standard error leaves nowhere to report anything: carry on, the exit code still tells.
process.stderr.on("error", () => {});
removeTemporaryFilesOnExit();

main(process.argv.slice(2)).then(
  (code) => {
    if (process.exitCode !== EXIT_CLOSED_PIPE) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sectionsmith: internal error\n${String(error)}\n`);
    process.exitCode = 3;
  },
);
