import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export class InputFileError extends Error {
  override name = "InputFileError";
}

export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (error as Error).message;
    throw new InputFileError(`Cannot read ${path}: ${why}.`);
  }
}

/**
 * Writes the whole file or nothing: the bytes go to a temporary file beside the target, which is then
 * renamed over it, so a failure never leaves a half-written .docx (and never clobbers an old one).
 */
export async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    // Name the file the user asked for, not the temporary one the error mentions.
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "its folder does not exist"
        : code === "EACCES"
          ? "permission denied"
          : code === "EISDIR"
            ? "it is a folder"
            : (error as Error).message.replaceAll(temp, path);
    throw new InputFileError(`Cannot write ${path}: ${why}.`);
  }
}
