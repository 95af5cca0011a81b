import { MAX_IMAGE_BYTES } from "../limits";
import { fromBase64 } from "../pack/output";

// Images arrive only as data: URIs (the contract forbids fetching). We read the pixel size from the
// file header so the picture keeps its proportions and fits between the margins.

export type ImageData = { type: "png" | "jpg" | "gif"; data: Uint8Array; width: number; height: number };

const DATA_URI = /^data:image\/(png|jpeg|jpg|gif);base64,([A-Za-z0-9+/=\s]*)$/i;

export type ImageReadResult =
  | { ok: true; image: ImageData }
  | { ok: false; reason: "source" | "invalid" }
  | { ok: false; reason: "too-large"; bytes: number };

export function readDataUri(url: string): ImageReadResult {
  const m = DATA_URI.exec(url.trim());
  if (!m) return { ok: false, reason: "source" };
  const declared = m[1]!.toLowerCase();
  const base64 = m[2]!.replace(/\s+/g, "");
  // The decoded size is known from the base64 length: a picture over the limit is never decoded.
  const bytes = Math.floor((base64.replace(/=+$/, "").length * 3) / 4);
  if (bytes > MAX_IMAGE_BYTES) return { ok: false, reason: "too-large", bytes };
  let data: Uint8Array;
  try {
    data = fromBase64(base64);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const size = declared === "png" ? pngSize(data) : declared === "gif" ? gifSize(data) : jpegSize(data);
  if (!size || size.width <= 0 || size.height <= 0) return { ok: false, reason: "invalid" };
  const type = declared === "png" ? "png" : declared === "gif" ? "gif" : "jpg";
  return { ok: true, image: { type, data, ...size } };
}

type Size = { width: number; height: number };

// Each reader walks the file's structure far enough to know it is a picture, not just a header: a PNG
// that is only its signature and IHDR, or a JPEG with only its SOI and SOF markers, is no image, and
// Word shows a broken picture for it (issue 14). Pixel data is not decompressed.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(b: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Bit depths allowed for each PNG colour type (PNG spec, 11.2.2 IHDR).
const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** A PNG: signature, IHDR first, at least one IDAT, then IEND, every chunk within the data and its CRC right. */
function pngSize(b: Uint8Array): Size | undefined {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const type = (at: number): string => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
  if (view.getUint32(8) !== 13 || type(12) !== "IHDR" || b.length < 33) return undefined;
  if (!PNG_DEPTHS[b[25]!]?.includes(b[24]!)) return undefined;
  let sawData = false;
  for (let at = 8; at + 12 <= b.length; ) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > b.length || view.getUint32(end - 4) !== crc32(b, at + 4, end - 4)) return undefined;
    const name = type(at + 4);
    if (name === "IDAT") sawData = true;
    if (name === "IEND") return sawData ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined;
    at = end;
  }
  return undefined;
}

/** A GIF: header, screen descriptor and colour table, then blocks up to the trailer, with one image at least. */
function gifSize(b: Uint8Array): Size | undefined {
  const head = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 13 || (head !== "GIF87a" && head !== "GIF89a")) return undefined;
  const size = { width: b[6]! | (b[7]! << 8), height: b[8]! | (b[9]! << 8) };
  const table = (flags: number): number => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + table(b[10]!);
  const subBlocks = (): boolean => {
    while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
    at += 1;
    return at <= b.length;
  };
  let images = 0;
  while (at < b.length) {
    const block = b[at]!;
    if (block === 0x3b) return images > 0 ? size : undefined; // trailer
    if (block === 0x21) {
      at += 2; // extension introducer and label
      if (!subBlocks()) return undefined;
    } else if (block === 0x2c) {
      if (at + 11 > b.length) return undefined;
      at += 10 + table(b[at + 9]!);
      const codeSize = b[at];
      if (codeSize === undefined || codeSize < 1 || codeSize > 11) return undefined;
      at += 1;
      if (!subBlocks()) return undefined;
      images++;
    } else return undefined;
  }
  return undefined;
}

/** A JPEG: SOI, a frame header (SOF), then at least one scan (SOS with its data) and the end (EOI). */
function jpegSize(b: Uint8Array): Size | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let size: Size | undefined;
  let scans = 0;
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return undefined;
    while (b[i + 1] === 0xff) i++; // fill bytes
    const marker = b[i + 1]!;
    if (marker === 0xd9) return size && scans > 0 ? size : undefined; // EOI
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 3 >= b.length) return undefined;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const end = i + 2 + length;
    if (length < 2 || end > b.length) return undefined;
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return undefined;
      size = { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    i = end;
    if (marker === 0xda) {
      if (!size) return undefined;
      scans++;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))) i++;
    }
  }
  return undefined;
}

/** Fits a pixel size into `maxWidth` pixels, keeping proportions. */
/**
 * Fits a pixel size into `maxWidth` × `maxHeight` pixels, keeping proportions (at least 1 × 1). The
 * height matters as much as the width: a 1-pixel-wide, 4-billion-pixel-tall PNG header would otherwise
 * give a drawing larger than any Word can open (docx throws on it).
 */
export function fitBox(size: Size, maxWidth: number, maxHeight: number): Size {
  const scale = Math.min(1, maxWidth / size.width, maxHeight / size.height);
  if (scale === 1) return { width: size.width, height: size.height };
  return {
    width: Math.max(1, Math.min(Math.floor(maxWidth), Math.round(size.width * scale))),
    height: Math.max(1, Math.min(Math.floor(maxHeight), Math.round(size.height * scale))),
  };
}

export function fitWidth(size: Size, maxWidth: number): Size {
  if (size.width <= maxWidth) return { width: size.width, height: size.height };
  const scale = maxWidth / size.width;
  return { width: Math.round(maxWidth), height: Math.max(1, Math.round(size.height * scale)) };
}
