// A WordHost that records what the pane asks of it, for component tests.

import type {
  HostCapabilities,
  InsertLocation,
  InsertOptions,
  InsertPiece,
  WordHost,
} from "../../src/taskpane/host";

export type InsertCall = { pieces: InsertPiece[]; location: InsertLocation; options?: InsertOptions };

const ALL: InsertLocation[] = [
  "cursor",
  "replace-selection",
  "start",
  "end",
  "replace-document",
  "new-document",
];

export function fakeHost(
  options: {
    key?: string;
    mode?: "word" | "standalone";
    cannot?: Partial<Record<InsertLocation, string>>;
    maxInsertBytes?: number;
    fail?: Error;
  } = {},
): WordHost & { calls: InsertCall[] } {
  const calls: InsertCall[] = [];
  const key = options.key ?? `test-${Math.random().toString(36).slice(2)}`;
  const can = Object.fromEntries(
    ALL.map((l) => {
      const why = options.cannot?.[l];
      return [l, why === undefined ? { ok: true } : { ok: false, why }];
    }),
  ) as HostCapabilities["can"];
  const caps: HostCapabilities = { mode: options.mode ?? "word", can };
  if (options.maxInsertBytes !== undefined) caps.maxInsertBytes = options.maxInsertBytes;
  return {
    calls,
    capabilities: () => caps,
    async insert(pieces, location, onProgress, insertOptions) {
      if (options.fail) throw options.fail;
      pieces.forEach((_, i) => onProgress?.(i + 1, pieces.length));
      calls.push({ pieces, location, ...(insertOptions ? { options: insertOptions } : {}) });
    },
    getSelectionHtml: async () => "",
    listTaggedContent: async () => [],
    replaceTaggedContent: async () => undefined,
    storageKey: () => key,
  };
}

/** The bytes of a piece, to check it is a .docx (a zip: "PK"). */
export function decodePiece(piece: InsertPiece): Uint8Array {
  return new Uint8Array(Buffer.from(piece.base64, "base64"));
}

/** A Blob's bytes through FileReader: jsdom's Blob has no arrayBuffer(). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
