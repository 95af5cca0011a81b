import { createHash } from "node:crypto";
import Module from "node:module";
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
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";

// A V8 code cache for the CLI's own files (issue 15; why and the figures: docs/decisions.md, "The CLI
// keeps V8's compiled code"). Node 20 compiles every module afresh in each process, and a command is one
// short process: compiling the 2.5 MB of bundled JavaScript was the largest single cost of a small build.
// Node ≥ 22 has module.enableCompileCache(); for Node 20 the CLI's chunks are CommonJS (tsup.config.ts)
// and are compiled here through vm.Script with `cachedData`, as the v8-compile-cache package does. Unlike
// that package, the cache is written when the command ends (Script#createCachedData then holds every
// function that ran, not only the top level: measured 284 against 239 ms CPU), in a per-user directory
// (not a shared temporary one, where another user could plant code), and per command, so `validate`'s
// cache does not stand in for `build`'s.
//
// A cache is used only for the very file it was made from (path, size, modification and change time,
// inode) by the same Node and V8 flags; V8 checks its own version and flags again and rejects anything
// else, and a rejected or unreadable cache is only a slower start: the file is compiled as Node would,
// and the cache written anew. Nothing here may fail a command: every file-system error is swallowed.

type CjsModule = {
  exports: unknown;
  require(id: string): unknown;
};
type ModuleInternals = {
  prototype: { _compile(this: CjsModule, content: string, filename: string): unknown };
  _resolveFilename(request: string, parent: CjsModule, isMain: boolean, options?: unknown): string;
  _cache: Record<string, unknown>;
  wrap(content: string): string;
};
const Internals = Module as unknown as ModuleInternals;

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
  /** The directory whose .js files are compiled with the cache (dist/cli); other modules are left alone. */
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

/**
 * Compiles the CommonJS files of `codeDir` with V8's code cache from now on, and writes the caches that
 * were missing (none yet, stale, or rejected by V8) when the process exits.
 */
export function useCodeCache(options: CodeCacheOptions): void {
  if (options.cacheDir === undefined) return;
  const label = /^[a-z]{1,16}$/.test(options.label) ? options.label : "other";
  // V8 refuses a cache made under other flags: each set of Node options gets caches of its own, so two
  // ways of running the CLI do not keep replacing each other's.
  const variant = shortHash([process.version, process.arch, ...process.execArgv, process.env.NODE_OPTIONS ?? ""].join("\0"));
  const dir = join(options.cacheDir, shortHash(options.codeDir));
  const pending: Pending[] = [];
  const keys = new Map<string, string>();
  const original = Internals.prototype._compile;
  let trusted: boolean | undefined;

  Internals.prototype._compile = function (this: CjsModule, content: string, filename: string) {
    const key = dirname(filename) === options.codeDir ? identity(filename) : undefined;
    if (key === undefined) return original.call(this, content, filename);
    const file = join(dir, `${basename(filename)}.${label}.${variant}.v8`);
    trusted ??= ownDirectory(dir, false);
    const cachedData = trusted ? readCache(file, key) : undefined;
    const script = new Script(Internals.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    if (!cachedData || script.cachedDataRejected) {
      pending.push({ script, file });
      keys.set(file, key);
    }
    const wrapper = script.runInThisContext({ displayErrors: true }) as (
      exports: unknown,
      require: unknown,
      module: CjsModule,
      __filename: string,
      __dirname: string,
    ) => unknown;
    // The module's own require, as Node's loader gives each CommonJS module.
    const require = Object.assign((id: string) => this.require(id), {
      resolve: (request: string, opts?: unknown) => Internals._resolveFilename(request, this, false, opts),
      cache: Internals._cache,
    });
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };

  process.once("exit", () => {
    if (pending.length === 0 || !ownDirectory(dir, true)) return;
    const written = new Set<string>();
    for (const { script, file } of pending) {
      // After the run: the data holds every function compiled so far, not only the top level.
      writeCache(file, keys.get(file)!, script.createCachedData());
      written.add(basename(file));
    }
    prune(dir, options.codeDir, written);
  });
}
