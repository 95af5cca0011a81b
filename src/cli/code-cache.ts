import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { Script } from "node:vm";

// The CLI's own files (dist/cli: CommonJS chunks, tsup.config.ts) are loaded here, with V8's code cache:
// Node 20 compiles every module afresh in each process and keeps no cache of its own for them (Node 22
// has module.enableCompileCache()), and a command is one short process. Each chunk is compiled as a
// `vm.Script` with `cachedData`, wrapped as Node wraps a CommonJS module, and given a `require` that
// loads the other chunks the same way and everything else (Node's built-ins) through Node's own
// (`module.createRequire`): public APIs only. The cache is written when the command ends
// (Script#createCachedData then holds every function that ran), per user and per command; why and the
// figures: docs/decisions.md.
//
// A cache is used only for the very file it was made from (path, size, modification and change time,
// inode) by the same Node and V8 flags; V8 checks its own version and flags again and rejects anything
// else, and a rejected or unreadable cache is only a slower start: the file is compiled without it, and
// the cache written anew. Nothing here may fail a command: every file-system error is swallowed.

type Chunk = { exports: unknown };
type Wrapper = (exports: unknown, require: NodeJS.Require | ((id: string) => unknown), module: Chunk, filename: string, dirname: string) => unknown;

/** The first bytes of a cache file, then the key (one line), then V8's data. */
const MAGIC = "sectionsmith-v8-cache 1\n";
/** Cache files not written for this long are removed when another is written (an old Node's, say). */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** FNV-1a, 32 bits, as 8 hex digits: names files by short strings. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Where caches go by default: the platform's per-user cache directory, or undefined without a home. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  if (process.platform === "win32") {
    const local = env.LOCALAPPDATA ?? (home ? join(home, "AppData", "Local") : "");
    return local ? join(local, "sectionsmith", "Cache") : undefined;
  }
  if (process.platform === "darwin") return home ? join(home, "Library", "Caches", "sectionsmith") : undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && xdg.startsWith("/")) return join(xdg, "sectionsmith");
  return home ? join(home, ".cache", "sectionsmith") : undefined;
}

export type CodeCacheOptions = {
  /** The directory of the CLI's chunks (dist/cli). */
  codeDir: string;
  /** Names the cache apart for each command (build, validate, list, …): what ran is what is cached. */
  label: string;
  /** Where cache files go; undefined: no cache at all. */
  cacheDir: string | undefined;
};

type Pending = { script: Script; file: string };

/** The identity of a file as the file system tells it: any change or reinstall changes it. */
function identity(filename: string): string | undefined {
  try {
    const s = statSync(filename);
    return [filename, s.size, s.mtimeMs, s.ctimeMs, s.ino, process.version, process.arch].join("|");
  } catch {
    return undefined;
  }
}

// V8 checks a cache's version, flags and source length, but not its bytes (Node 20's V8 leaves that to
// debug builds), and a damaged one crashes the process: so each file carries a digest of its data.
const digest = (data: Uint8Array): string => createHash("sha1").update(data).digest("hex");

/** V8's data from a cache file, if the file was made for this key and is whole. */
function readCache(file: string, key: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const header = MAGIC + key + "\n";
  const headerBytes = Buffer.byteLength(header);
  const start = headerBytes + 41; // the digest: 40 hex digits and a newline
  if (bytes.length <= start || bytes.toString("utf8", 0, headerBytes) !== header) return undefined;
  const data = bytes.subarray(start);
  return bytes.toString("latin1", headerBytes, start - 1) === digest(data) ? data : undefined;
}

/** Written to a temporary name and renamed: a reader never sees half a file, two writers never mix. */
function writeCache(file: string, key: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const header = Buffer.from(`${MAGIC}${key}\n${digest(data)}\n`);
    writeFileSync(temporary, Buffer.concat([header, data]), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Never written.
    }
  }
}

/** Removes this directory's caches of files that are gone (an upgrade renames chunks) or long unused, and stale temporary files. */
function prune(dir: string, codeDir: string, keep: ReadonlySet<string>): void {
  try {
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      // A writer that died between writing and renaming left its temporary file.
      if (name.endsWith(".tmp") && now - statSync(path).mtimeMs > 3600_000) unlinkSync(path);
      if (keep.has(name) || !name.endsWith(".v8")) continue;
      const chunk = name.slice(0, name.indexOf(".js.") + 3);
      let gone = false;
      try {
        statSync(join(codeDir, chunk));
      } catch {
        gone = true;
      }
      if (gone || now - statSync(path).mtimeMs > MAX_AGE_MS) unlinkSync(path);
    }
  } catch {
    // Pruning is housekeeping only.
  }
}

/**
 * Whether the directory is this user's alone: theirs, and nobody else may write in it (a cache is code
 * that runs; one planted by another user must never be read). Created, for this user only, if asked.
 */
function ownDirectory(dir: string, create: boolean): boolean {
  try {
    if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(dir, "r");
    try {
      const s = fstatSync(fd);
      if (!s.isDirectory()) return false;
      if (typeof process.getuid !== "function") return true; // Windows: the profile's own ACLs
      return s.uid === process.getuid() && (s.mode & 0o022) === 0;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** The module wrapper Node documents for CommonJS files ("The module wrapper", Node's modules docs). */
const wrap = (source: string): string =>
  `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;

/**
 * A loader for the chunks of `codeDir`: `load(file)` runs a chunk (once) and returns its exports, compiled
 * with V8's code cache when `cacheDir` is given; the caches that were missing (none yet, stale, or
 * rejected by V8) are written when the process exits.
 */
export function chunkLoader(options: CodeCacheOptions): (file: string) => unknown {
  const label = /^[a-z]{1,16}$/.test(options.label) ? options.label : "other";
  // V8 refuses a cache made under other flags: each set of Node options gets caches of its own, so two
  // ways of running the CLI do not keep replacing each other's.
  const variant = shortHash([process.version, process.arch, ...process.execArgv, process.env.NODE_OPTIONS ?? ""].join("\0"));
  const { cacheDir } = options;
  const dir = cacheDir === undefined ? undefined : join(cacheDir, shortHash(options.codeDir));
  const pending: Pending[] = [];
  const keys = new Map<string, string>();
  const loaded = new Map<string, Chunk>();
  let trusted: boolean | undefined;

  const load = (filename: string): unknown => {
    const known = loaded.get(filename);
    if (known) return known.exports;
    const chunk: Chunk = { exports: {} };
    loaded.set(filename, chunk);
    const content = readFileSync(filename, "utf8");
    const key = dir === undefined ? undefined : identity(filename);
    const file = dir === undefined ? undefined : join(dir, `${basename(filename)}.${label}.${variant}.v8`);
    if (dir !== undefined) trusted ??= ownDirectory(dir, false);
    const cachedData = file !== undefined && key !== undefined && trusted ? readCache(file, key) : undefined;
    const script = new Script(wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    if (file !== undefined && key !== undefined && (!cachedData || script.cachedDataRejected)) {
      pending.push({ script, file });
      keys.set(file, key);
    }
    const wrapper = script.runInThisContext({ displayErrors: true }) as Wrapper;
    const nodeRequire = createRequire(filename);
    const here = dirname(filename);
    // Another chunk (a relative name) through this loader; anything else through Node's loader.
    const require = (id: string): unknown => (id.startsWith("./") || id.startsWith("../") ? load(resolve(here, id)) : nodeRequire(id));
    wrapper.call(chunk.exports, chunk.exports, require, chunk, filename, here);
    return chunk.exports;
  };

  process.once("exit", () => {
    if (dir === undefined || pending.length === 0 || !ownDirectory(dir, true)) return;
    const written = new Set<string>();
    for (const { script, file } of pending) {
      // After the run: the data holds every function compiled so far, not only the top level.
      writeCache(file, keys.get(file)!, script.createCachedData());
      written.add(basename(file));
    }
    prune(dir, options.codeDir, written);
  });
  return load;
}
