// The engine's entry for checking files without building them (the CLI's `validate`): libraries and
// assemblies checked in full — structure, templates, every body's Markdown, values, limits — by the
// same renderer a build runs, with stand-ins for docx's classes (render/docx-kit.ts). Nothing here
// loads docx or JSZip; src/engine (index.ts) re-exports all of this too. See docs/decisions.md.

export { validateFile, validateLibrary, checkMarkdown, type FileKind } from "./assemble/validate";
export { loadLibraries, type Catalogue, type LoadedLibraries } from "./assemble/libraries";
export { SectionsmithError, formatProblem, type Problem } from "./errors/problem";
