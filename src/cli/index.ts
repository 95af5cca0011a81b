import { setFlagsFromString } from "node:v8";
import { removeTemporaryFilesOnExit } from "./cleanup";
import { main } from "./main";
import { EXIT_CLOSED_PIPE } from "./problems";

// The `sectionsmith` executable: exit codes 0 ok, 1 invalid input, 2 usage, 3 internal error, and 141
// when the reader of standard output went away (`| head -1`).

// A command is one short process: V8 would spend much of it optimising functions (TurboFan, on a second
// thread, counted in the process's CPU time) that run a few more times before it exits. Eight times V8's
// default interrupt budget (67,584 bytes of bytecode run before a function is considered for tier-up)
// leaves that to functions that really are hot. Measured on the built CLI (bench:cli, docs/decisions.md):
// the contract example 405 → 306 ms CPU, a 360-section document 2.1 → 1.97 s. Set before the engine's
// chunks load (main.ts import()s them), so their functions start with this budget.
setFlagsFromString("--interrupt-budget=540000");

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
