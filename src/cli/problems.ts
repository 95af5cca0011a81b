// Problems of the command line itself — files it cannot read or write — with stable codes, printed as
// the engine's problems are: "error CODE FILE — message". They are listed in docs/cli.md; the engine's
// codes (docs/errors.md) are about what is inside the files.

export const CLI_CODES = {
  INPUT_UNREADABLE: "A library or assembly file cannot be read",
  VALUES_NOT_AN_OBJECT: "diff --values names a file that is not a JSON object of variable names and values",
  OUTPUT_IS_INPUT: "-o names one of the input files (also through a symbolic or hard link)",
  OUTPUT_NEEDS_FILE_NAME: "-o names a folder, or ends with a slash, instead of a file",
  OUTPUT_DISK_FULL: "No space is left on the disk or device of the output",
  OUTPUT_UNWRITABLE: "The output cannot be written (permissions, a missing folder, a read-only disk…)",
  SERVER_TOKEN_MISSING: "--server without a token: set SECTIONSMITH_TOKEN or give --token-file",
  SERVER_UNREACHABLE: "The team library server cannot be reached (wrong URL, server down, network)",
  SERVER_SIGN_IN:
    "The server refused the token (401): sign in again, it has expired or is for another server",
  SERVER_FORBIDDEN: "The server refused (403): your role in the library does not allow it",
  SERVER_LIBRARY_NOT_FOUND: "No library of that name on the server that you are a member of (404)",
  SERVER_BUSY: "The server asked to wait (429 rate limit)",
  SERVER_FAILED: "The server failed or answered something that is not a library",
} as const;

export type CliCode = keyof typeof CLI_CODES;

export class CliFileError extends Error {
  override name = "CliFileError";
  constructor(
    readonly code: CliCode,
    /** The file as the user wrote it on the command line (for SERVER_*: the server and library). */
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

export const formatCliError = (e: CliFileError): string => `error ${e.code} ${e.file} — ${e.message}`;

/** Standard output (or a pipe given with -o) was closed by its reader: stop quietly. */
export class ClosedPipeError extends Error {
  override name = "ClosedPipeError";
}

/** The exit code of a command whose standard output was closed: 128 + SIGPIPE, as a shell shows it. */
export const EXIT_CLOSED_PIPE = 141;

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * Turns a system error from writing `file` into the problem a user can act on.
 * @param replacing true when an existing file was to be replaced atomically (and so is kept as it was)
 */
export function writeProblem(file: string, error: unknown, replacing: boolean): Error {
  const code = errno(error);
  // After the first EPIPE, Node destroys the stream: later writes fail with ERR_STREAM_DESTROYED.
  if (code === "EPIPE" || code === "ERR_STREAM_DESTROYED")
    return new ClosedPipeError(`${file}: the reader closed the pipe`);
  const kept = replacing ? " An existing file is left as it was." : "";
  if (code === "ENOSPC" || code === "EDQUOT")
    return new CliFileError(
      "OUTPUT_DISK_FULL",
      file,
      replacing
        ? `The disk is full (no space left on the device): nothing was written.${kept}`
        : "The disk or device is full (no space left on it): the output could not be written in full.",
    );
  const why: Record<string, string> = {
    ENOENT: "its folder does not exist",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "the file system is read-only",
    ENOTDIR: "a part of its path is a file, not a folder",
    ELOOP: "its symbolic links form a loop",
    ENXIO: "nothing can be written to it (a socket, or a device that is not there)",
    EBUSY: "it is busy",
  };
  const reason = (code && why[code]) ?? (error instanceof Error ? error.message : String(error));
  return new CliFileError("OUTPUT_UNWRITABLE", file, `Cannot write ${file}: ${reason}.${kept}`);
}

/** The problem of an input that cannot be read. */
export function readProblem(file: string, error: unknown): CliFileError {
  const code = errno(error);
  const why =
    code === "ENOENT"
      ? "no such file"
      : code === "EISDIR"
        ? "it is a folder"
        : code === "EACCES"
          ? "permission denied"
          : error instanceof Error
            ? error.message
            : String(error);
  return new CliFileError("INPUT_UNREADABLE", file, `Cannot read ${file}: ${why}.`);
}
