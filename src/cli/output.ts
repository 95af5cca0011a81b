import { fstatSync, type Stats } from "node:fs";
import { lstat, readlink, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { writeAtomically, writeInPlace } from "./files";
import { CliFileError, writeProblem } from "./problems";

// Where `-o` points, decided before anything is built:
// - a regular file (or nothing yet): written atomically (temp file + rename), through symbolic links;
// - a device, a FIFO or this process's own standard output: written in place, never replaced;
// - a folder, or a name ending in a slash: refused, a file name is needed;
// - one of the inputs, by any name or link: refused, the input is left as it was.

export type Input = { path: string; role: "library" | "assembly" | "Word document" };

export type OutputTarget =
  | { kind: "stdout"; shown: string }
  | { kind: "in-place"; path: string; shown: string }
  | { kind: "replace"; path: string; shown: string; mode?: number };

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

async function statOrNothing(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if (errno(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Follows symbolic links by hand, so that a dangling one names the file it would create. */
async function followLinks(path: string): Promise<string> {
  let current = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = await lstat(current);
    } catch (error) {
      if (errno(error) === "ENOENT") return current;
      throw error;
    }
    if (!st.isSymbolicLink()) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw Object.assign(new Error("too many symbolic links"), { code: "ELOOP" });
}

/** The real path of a file that may not exist yet: its folder's real path and its name. */
async function realpathOfNew(path: string): Promise<string> {
  try {
    return join(await realpath(dirname(path)), basename(path));
  } catch {
    return resolve(path);
  }
}

const sameFile = (a: Stats, b: { dev: number; ino: number }): boolean => a.dev === b.dev && a.ino === b.ino;

function stdoutStats(stdout: NodeJS.WritableStream): Stats | undefined {
  const fd = (stdout as { fd?: unknown }).fd;
  if (typeof fd !== "number") return undefined;
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}

export async function resolveOutput(
  out: string,
  inputs: readonly Input[],
  options: { suggestedName: string; stdout: NodeJS.WritableStream },
): Promise<OutputTarget> {
  const needsName = () =>
    new CliFileError(
      "OUTPUT_NEEDS_FILE_NAME",
      out,
      `-o names a folder; the document needs a file name, e.g. -o ${join(out, options.suggestedName)}. Nothing was written.`,
    );
  if (out.endsWith("/") || out.endsWith(sep)) throw needsName();
  try {
    const st = await statOrNothing(out);
    const real = st
      ? await realpath(out).catch(() => undefined)
      : await realpathOfNew(await followLinks(out));
    for (const input of inputs) {
      const inputStat = await stat(input.path);
      const inputReal = await realpath(input.path);
      if ((st && sameFile(st, inputStat)) || real === inputReal) {
        const how = input.path === out ? "" : ` (${out} is the same file)`;
        throw new CliFileError(
          "OUTPUT_IS_INPUT",
          out,
          `-o names the ${input.role} ${input.path}${how}: writing the document there would destroy it. Choose another output file; nothing was written.`,
        );
      }
    }
    if (!st) return { kind: "replace", path: await followLinks(out), shown: out };
    if (st.isDirectory()) throw needsName();
    const own = stdoutStats(options.stdout);
    if (own && sameFile(st, own)) return { kind: "stdout", shown: out };
    if (!st.isFile()) return { kind: "in-place", path: out, shown: out };
    return { kind: "replace", path: real ?? out, shown: out, mode: st.mode & 0o7777 };
  } catch (error) {
    if (error instanceof CliFileError) throw error;
    throw writeProblem(out, error, false);
  }
}

export async function writeOutput(
  target: OutputTarget,
  data: Uint8Array | string,
  toStdout: (data: Uint8Array | string) => Promise<void>,
): Promise<void> {
  switch (target.kind) {
    case "stdout":
      return toStdout(data);
    case "in-place":
      return writeInPlace(target.path, data, target.shown);
    case "replace":
      return writeAtomically(target.path, data, { shown: target.shown, mode: target.mode });
  }
}
