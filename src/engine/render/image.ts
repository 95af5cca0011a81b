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

function pngSize(b: Uint8Array): Size | undefined {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gifSize(b: Uint8Array): Size | undefined {
  const head = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 10 || (head !== "GIF87a" && head !== "GIF89a")) return undefined;
  return { width: b[6]! | (b[7]! << 8), height: b[8]! | (b[9]! << 8) };
}

function jpegSize(b: Uint8Array): Size | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    i += 2 + length;
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
