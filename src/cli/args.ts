import { parseArgs } from "node:util";
import { ImportUsageError, parseImportDocx, type ImportDocxArgs } from "./import-docx";

// Argument parsing with Node's own util.parseArgs: strict (unknown flags are usage errors), no dependency.

export class UsageError extends Error {
  override name = "UsageError";
}

export const USAGE = `Usage:
  sectionsmith build ASSEMBLY.json --library LIB.json [--library MORE.json …] [-o OUT.docx | -o -]
                     [--as docx|base64] [--fragment] [--strict] [--quiet]
  sectionsmith build ASSEMBLY.json --server URL --library NAME [--library MORE …] [same options]
                     [--token-file FILE] [--include-unapproved]
  sectionsmith export --server URL --library NAME [-o LIB.json | -o -] [--token-file FILE]
                      [--include-unapproved]
  sectionsmith validate FILE.json… [--library LIB.json …]
  sectionsmith list LIB.json… [--search TEXT] [--json]
  sectionsmith import-docx FILE.docx… [-o LIBRARY.json | -o -] [--split heading[:N]|clause|section|document]
                           [--category TEXT] [--id-prefix TEXT] [--library LIB.json …]
                           [--duplicates skip|version|new] [--dry-run] [--json] [--quiet]
  sectionsmith --help | --version

Exit codes: 0 ok, 1 invalid input or unwritable output (nothing written), 2 usage, 3 internal error,
            141 standard output closed by its reader (e.g. | head).`;

/** A team library server (docs/team-library.md): the libraries are its library names, not files. */
export type TeamSource = { server: string; tokenFile: string | undefined; includeUnapproved: boolean };

export type BuildArgs = {
  command: "build";
  assembly: string;
  /** Files, or with `team` the team libraries' names. */
  libraries: string[];
  team: TeamSource | undefined;
  out: string | undefined;
  as: "docx" | "base64";
  fragment: boolean;
  strict: boolean;
  quiet: boolean;
};
export type ValidateArgs = { command: "validate"; files: string[]; libraries: string[] };
export type ListArgs = { command: "list"; libraries: string[]; search: string | undefined; json: boolean };
export type ExportArgs = { command: "export"; library: string; out: string | undefined; team: TeamSource };
export type CliArgs =
  BuildArgs | ValidateArgs | ListArgs | ExportArgs | ImportDocxArgs | { command: "help" } | { command: "version" };

const TEAM_OPTIONS = {
  server: { type: "string" },
  "token-file": { type: "string" },
  "include-unapproved": { type: "boolean" },
} as const;

function teamSource(values: {
  server?: string;
  "token-file"?: string;
  "include-unapproved"?: boolean;
}): TeamSource | undefined {
  if (values.server === undefined) {
    if (values["token-file"] !== undefined || values["include-unapproved"])
      throw new UsageError("--token-file and --include-unapproved go with --server URL.");
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(values.server);
  } catch {
    throw new UsageError(
      `--server needs a URL such as https://sectionsmith.example.com, not "${values.server}".`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--server needs an http:// or https:// URL, not "${values.server}".`);
  return {
    server: url.href.replace(/\/+$/, ""),
    tokenFile: values["token-file"],
    includeUnapproved: values["include-unapproved"] ?? false,
  };
}

export function parseCli(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help")
    return { command: "help" };
  if (command === "--version" || command === "-v") return { command: "version" };
  try {
    switch (command) {
      case "build": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            library: { type: "string", short: "l", multiple: true },
            output: { type: "string", short: "o" },
            as: { type: "string" },
            fragment: { type: "boolean" },
            strict: { type: "boolean" },
            quiet: { type: "boolean", short: "q" },
            ...TEAM_OPTIONS,
          },
        });
        if (positionals.length !== 1) throw new UsageError("build needs exactly one ASSEMBLY.json.");
        const team = teamSource(values);
        const libraries = values.library ?? [];
        if (libraries.length === 0)
          throw new UsageError(
            team
              ? "build --server needs at least one --library NAME."
              : "build needs at least one --library LIB.json.",
          );
        const as = values.as ?? "docx";
        if (as !== "docx" && as !== "base64")
          throw new UsageError(`--as must be docx or base64, not "${as}".`);
        return {
          command: "build",
          assembly: positionals[0]!,
          libraries,
          team,
          out: values.output,
          as,
          fragment: values.fragment ?? false,
          strict: values.strict ?? false,
          quiet: values.quiet ?? false,
        };
      }
      case "validate": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { library: { type: "string", short: "l", multiple: true } },
        });
        if (positionals.length === 0) throw new UsageError("validate needs at least one FILE.json.");
        return { command: "validate", files: positionals, libraries: values.library ?? [] };
      }
      case "list": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { search: { type: "string", short: "s" }, json: { type: "boolean" } },
        });
        if (positionals.length === 0) throw new UsageError("list needs at least one LIB.json.");
        return { command: "list", libraries: positionals, search: values.search, json: values.json ?? false };
      }
      case "export": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            library: { type: "string", short: "l", multiple: true },
            output: { type: "string", short: "o" },
            ...TEAM_OPTIONS,
          },
        });
        if (positionals.length > 0) throw new UsageError(`export takes no files: "${positionals[0]}".`);
        const team = teamSource(values);
        if (!team) throw new UsageError("export needs --server URL (the team library server).");
        const libraries = values.library ?? [];
        if (libraries.length !== 1) throw new UsageError("export needs exactly one --library NAME.");
        return { command: "export", library: libraries[0]!, out: values.output, team };
      }
      case "import-docx":
        return parseImportDocx(rest);
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof ImportUsageError) throw new UsageError(error.message);
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed options.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
