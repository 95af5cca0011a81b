import { randomBytes } from "node:crypto";
import { closeSync, constants, fchmodSync, fsync, open, openSync, unlinkSync, write } from "node:fs";
import { readFile, rename } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { forgetTemporary, trackTemporary } from "./cleanup";
import { readProblem, writeProblem } from "./problems";

export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw readProblem(path, error);
  }
}

const writeAt = promisify(write);
const fsyncAt = promisify(fsync);
const openAt = promisify(open);

/** Writes all of data to fd, however many write() calls that takes. */
async function writeAll(fd: number, data: Uint8Array): Promise<void> {
  for (let done = 0; done < data.length;) {
    const { bytesWritten } = await writeAt(fd, data, done, data.length - done);
    done += bytesWritten;
  }
}

const bytesOf = (data: Uint8Array | string): Uint8Array =>
  typeof data === "string" ? Buffer.from(data, "utf8") : data;

/**
 * Writes the whole file or nothing: the bytes go to a temporary file beside the target, which is then
 * renamed over it, so a failure never leaves a half-written .docx (and never clobbers an old one).
 * `path` must be the real file (links already followed), so that a symbolic link to it is kept; an
 * existing file's permissions (`mode`, given only when the file exists) are given to the new one.
 * @param shown the name the user gave, for messages
 */
export async function writeAtomically(
  path: string,
  data: Uint8Array | string,
  options: { shown?: string; mode?: number } = {},
): Promise<void> {
  const shown = options.shown ?? path;
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.tmp`);
  let fd: number | undefined;
  try {
    // Created and tracked in one synchronous step, so a signal handler (which runs between JavaScript
    // tasks) always knows of every temporary file that exists.
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, options.mode ?? 0o666);
    trackTemporary(temp);
    if (options.mode !== undefined) fchmodSync(fd, options.mode);
    await writeAll(fd, bytesOf(data));
    await fsyncAt(fd);
    closeSync(fd);
    fd = undefined;
    await rename(temp, path);
    forgetTemporary(temp);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // never created, or already gone
    }
    forgetTemporary(temp);
    throw writeProblem(shown, error, options.mode !== undefined);
  }
}

/**
 * Writes into an existing device or FIFO as it is (like `cat > /dev/…`): no temporary file, no
 * rename, which would replace the device node or the pipe with a regular file. Opening a FIFO waits
 * for its reader, as a shell redirection does.
 */
export async function writeInPlace(path: string, data: Uint8Array | string, shown: string): Promise<void> {
  let fd: number | undefined;
  try {
    // No O_CREAT, no O_TRUNC: if the node vanished meanwhile, nothing is created in its place.
    fd = await openAt(path, constants.O_WRONLY);
    await writeAll(fd, bytesOf(data));
  } catch (error) {
    throw writeProblem(shown, error, false);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
