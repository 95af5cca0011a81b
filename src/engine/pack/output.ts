// One engine, every output form: the same bytes wrapped as the caller needs them, in Node and in a
// browser alike. Only globals present in both (Blob, ReadableStream, btoa) are used; Node's Buffer is
// used when present so `as: "buffer"` gives Node callers a real Buffer.

export type OutputForm = "string" | "buffer" | "base64" | "blob" | "stream";

export type OutputOf<F extends OutputForm> = F extends "string"
  ? string
  : F extends "buffer"
    ? Uint8Array
    : F extends "base64"
      ? string
      : F extends "blob"
        ? Blob
        : ReadableStream<Uint8Array>;

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type NodeBufferCtor = { from(data: ArrayBufferLike, offset: number, length: number): Uint8Array };

/** Bytes → binary string, one char per byte (what `Packer.toString` gives: the zip, not XML). */
export function toBinaryString(bytes: Uint8Array): string {
  let out = "";
  // Chunks keep String.fromCharCode's argument count far below engine limits.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  const buffer = (
    globalThis as { Buffer?: NodeBufferCtor & { from(b: Uint8Array): { toString(enc: string): string } } }
  ).Buffer;
  if (buffer) return buffer.from(bytes).toString("base64");
  return btoa(toBinaryString(bytes));
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function wrapOutput<F extends OutputForm>(bytes: Uint8Array, as: F): OutputOf<F> {
  switch (as) {
    case "string":
      return toBinaryString(bytes) as OutputOf<F>;
    case "base64":
      return toBase64(bytes) as OutputOf<F>;
    case "buffer": {
      const buffer = (globalThis as { Buffer?: NodeBufferCtor }).Buffer;
      return (buffer ? buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes) as OutputOf<F>;
    }
    case "blob":
      return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: DOCX_MIME }) as OutputOf<F>;
    case "stream":
      return new ReadableStream<Uint8Array>({
        start(controller) {
          // 64 KiB chunks: a consumer can start writing before holding a second copy of the file.
          for (let i = 0; i < bytes.length; i += 0x10000) controller.enqueue(bytes.slice(i, i + 0x10000));
          controller.close();
        },
      }) as OutputOf<F>;
    default:
      throw new TypeError(`Unknown output form "${String(as)}": use string, buffer, base64, blob or stream.`);
  }
}
