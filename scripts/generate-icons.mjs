// Generates the add-in icons (assets/icon-16.png … icon-128.png) without any image library: shapes are
// rasterised with 8×8 supersampling and written as RGBA PNGs with node:zlib. The mark is a rounded square
// in Word blue (#2B579A fading to #1F3864) holding three stacked bars — sections of a document — with the
// middle one highlighted. Geometry is laid out on a 16-unit grid so the 16, 32, 64 and 80 px versions stay
// pixel-sharp (all are whole multiples of 16).
//
// Usage: node scripts/generate-icons.mjs [outDir]   (default: assets/)
/* global process, console, Buffer */
import { deflateSync } from "node:zlib";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ICON_SIZES = [16, 32, 64, 80, 128];

const TOP = [0x2b, 0x57, 0x9a];
const BOTTOM = [0x1f, 0x38, 0x64];
const WHITE = [0xff, 0xff, 0xff];
const ACCENT = [0xa9, 0xc8, 0xf0];

// Shapes in 16-unit grid coordinates.
const BACKGROUND = { x0: 0.5, y0: 0.5, x1: 15.5, y1: 15.5, r: 3 };
const BARS = [
  { x0: 4, y0: 4, x1: 12, y1: 6, r: 0.5, color: WHITE },
  { x0: 4, y0: 7, x1: 10, y1: 9, r: 0.5, color: ACCENT },
  { x0: 4, y0: 10, x1: 12, y1: 12, r: 0.5, color: WHITE },
];

function insideRoundedRect(x, y, s) {
  if (x < s.x0 || x > s.x1 || y < s.y0 || y > s.y1) return false;
  const cx = Math.min(Math.max(x, s.x0 + s.r), s.x1 - s.r);
  const cy = Math.min(Math.max(y, s.y0 + s.r), s.y1 - s.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= s.r ** 2;
}

/** Renders one icon as non-premultiplied RGBA bytes. */
export function renderIcon(size) {
  const ss = 8;
  const unit = 16 / size;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) * unit;
          const y = (py + (sy + 0.5) / ss) * unit;
          if (!insideRoundedRect(x, y, BACKGROUND)) continue;
          covered++;
          const bar = BARS.find((s) => insideRoundedRect(x, y, s));
          const t = y / 16;
          const color = bar ? bar.color : TOP.map((c, i) => c + (BOTTOM[i] - c) * t);
          r += color[0];
          g += color[1];
          b += color[2];
        }
      }
      const o = (py * size + px) * 4;
      if (covered > 0) {
        rgba[o] = Math.round(r / covered);
        rgba[o + 1] = Math.round(g / covered);
        rgba[o + 2] = Math.round(b / covered);
        rgba[o + 3] = Math.round((255 * covered) / (ss * ss));
      }
    }
  }
  return rgba;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes RGBA bytes as a PNG (colour type 6, 8 bits, filter 0 on every row). */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 4)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (1 + width * 4) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function main() {
  const outDir = process.argv[2] ?? "assets";
  mkdirSync(outDir, { recursive: true });
  for (const size of ICON_SIZES) {
    const file = join(outDir, `icon-${size}.png`);
    const png = encodePng(size, size, renderIcon(size));
    writeFileSync(file, png);
    console.log(`${file}  ${png.length} bytes`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
