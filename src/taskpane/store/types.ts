// The shapes the library store keeps. A snippet is stored exactly as it appears in a contract library
// file (the raw JSON object, not the engine's normalised Snippet), so exporting gives back, byte for
// byte after JSON.stringify, what was imported: defaults the parser would fill in are never added.

/** A snippet as written in a library file ("sectionsmith/library@1"). */
export type RawSnippet = { id: string; version?: number; title?: string; body?: string } & Record<
  string,
  unknown
>;

export type RawLibrary = { format: string; name?: string; snippets: RawSnippet[] } & Record<string, unknown>;

export type SnippetOrigin = "starter" | "imported" | "local";

export type SnippetRecord = {
  /** Key part 1 (the snippet's id). */
  id: string;
  /** Key part 2 (the snippet's version; 1 when the file leaves it out). */
  version: number;
  snippet: RawSnippet;
  /** Position in the library (export order). */
  seq: number;
  origin: SnippetOrigin;
  /** True once the user changed this id@version in the pane: an import must never overwrite it silently. */
  edited: boolean;
};

export type HistoryAction =
  "seed" | "import" | "create" | "edit" | "duplicate" | "delete" | "status" | "restore";

export type HistoryEntry = {
  /** Auto-increment key (absent before it is stored). */
  seq?: number;
  at: string;
  action: HistoryAction;
  id?: string;
  version?: number;
  /** The library revision this change produced. */
  revision: number;
  detail?: string;
};

export type HistoryInput = Omit<HistoryEntry, "seq" | "at" | "revision">;

export type Change =
  | { type: "put"; record: SnippetRecord }
  | { type: "delete"; id: string; version: number }
  | { type: "meta"; key: "name" | "seeded"; value: unknown };

export type LibrarySnapshot = {
  /** Increases by one with every committed change, in any pane. */
  revision: number;
  name?: string;
  seeded: boolean;
  /** In library order (seq). */
  records: SnippetRecord[];
};

/** Test seam: called before each record is written inside the transaction; throwing aborts it. */
export type FaultHooks = { beforePut?(record: SnippetRecord, index: number): void };

/** Another pane committed a change since this pane last read the library: nothing was written. */
export class StoreConflictError extends Error {
  readonly code = "store-conflict";
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `The library was changed in another pane (revision ${actual}, this pane had ${expected}); ` +
        "your change was not saved. The library has been reloaded: check it and try again.",
    );
    this.name = "StoreConflictError";
  }
}

/** A write the browser refused (full disk, quota): nothing was written. */
export class StoreWriteError extends Error {
  readonly code = "store-write";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreWriteError";
  }
}

export const recordKey = (id: string, version: number) => `${id}@${version}`;
