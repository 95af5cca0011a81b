// PNG files of a chosen size for the limit tests and the limits bench (bench/limits): no Jest import
// here, so the bench can bundle it.

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A PNG as far as Sectionsmith reads one: the signature, an IHDR chunk with the size, an IDAT chunk
 * padding the file to `bytes` (its content is not decompressed) and IEND, every chunk with its CRC.
 */
/** A whole PNG (signature, IHDR, IDAT, IEND with CRCs) of `bytes` bytes; `fill` writes the IDAT payload. */
export function png(
  width: number,
  height: number,
  bytes = 64,
  fill?: (payload: Uint8Array) => void,
): Uint8Array {
  const data = new Uint8Array(Math.max(bytes, 57));
  const view = new DataView(data.buffer);
  const chunk = (at: number, type: string, length: number): number => {
    view.setUint32(at, length);
    for (let i = 0; i < 4; i++) data[at + 4 + i] = type.charCodeAt(i);
    view.setUint32(at + 8 + length, crc32(data.subarray(at + 4, at + 8 + length)));
    return at + 12 + length;
  };
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  view.setUint32(16, width);
  view.setUint32(20, height);
  data.set([8, 6, 0, 0, 0], 24);
  const afterHeader = chunk(8, "IHDR", 13);
  fill?.(data.subarray(afterHeader + 8, data.length - 24));
  const afterData = chunk(afterHeader, "IDAT", data.length - afterHeader - 24);
  chunk(afterData, "IEND", 0);
  return data;
}

export const dataUri = (bytes: Uint8Array, type = "png"): string =>
  `data:image/${type};base64,${Buffer.from(bytes).toString("base64")}`;
