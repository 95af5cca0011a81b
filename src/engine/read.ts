// The engine's entry for commands that read libraries but build nothing (the CLI's `list`; its problem
// printing): loading and merging libraries, and problems. Nothing here pulls in docx, JSZip or the
// Markdown parser (zod, yes: it checks the files), so such a command starts without them; src/engine
// (index.ts) re-exports all of this too. See docs/decisions.md (issue 15: load only what a command uses).

export { loadLibraries, type LoadedLibraries } from "./assemble/libraries";
export { SectionsmithError, formatProblem, type Problem } from "./errors/problem";
