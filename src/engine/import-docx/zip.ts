import { Inflate, strFromU8 } from "fflate";
import {
  MAX_DOCX_BYTES,
  MAX_DOCX_ENTRIES,
  MAX_DOCX_PART_BYTES,
  MAX_DOCX_UNZIPPED_BYTES,
  formatBytes,
  formatCount,
} from "../limits";
import { ImportFailure } from "./failure";

// Reading a .docx's zip without trusting it. fflate inflates; what is ours is the boundary around it:
// the central directory is read first and checked (entry count, encryption, Zip64), and each part is
// inflated in small slices with its output counted, so a part that inflates far beyond what its entry
// declares (a zip bomb) is stopped after at most one slice's worth of output. fflate's own unzipSync
// allocates what the directory declares and inflates past a lying size into nothing, and JSZip reads a
// part whole: either would let a 1 MB file cost gigabytes or minutes (docs/decisions.md, "Reading .docx").
// The layout is APPNOTE.TXT 6.3 (4.3.12 central directory header, 4.3.16 end of central directory).

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

export type ZipArchive = {
  /** Entries by lower-cased name (OPC part names are case-insensitive). */
  entries: Map<string, ZipEntry>;
  bytes: Uint8Array;
  /** Decompressed bytes handed out so far (against MAX_DOCX_UNZIPPED_BYTES). */
  inflated: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes given to the inflater at a time: deflate expands at most ~1,032×, so ≤ ~4 MB out per slice. */
const SLICE = 4096;

const u16 = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number): number => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function openZip(bytes: Uint8Array): ZipArchive {
  if (bytes.length > MAX_DOCX_BYTES)
    throw new ImportFailure(
      "LIMIT_DOCX_FILE",
      `The file is ${formatBytes(bytes.length)}; Sectionsmith imports Word documents of at most ${formatBytes(MAX_DOCX_BYTES)}.`,
    );
  if (OLE.every((b, i) => bytes[i] === b))
    throw new ImportFailure(
      "DOCX_NOT_DOCX",
      "This is a Word 97–2003 document (.doc) or a password-protected .docx: open it in Word, remove any password and save it as a Word Document (.docx).",
    );
  if (bytes.length < 22 || u32(bytes, 0) !== LOCAL)
    throw new ImportFailure("DOCX_NOT_DOCX", "This file is not a Word document (.docx): it is not a zip package.");
  let end = -1;
  // The end record is the last 22 bytes, or further back by a comment of at most 65,535 bytes.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (u32(bytes, i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ImportFailure("DOCX_ZIP_DAMAGED", "The zip package has no directory: the file is truncated or damaged.");
  const disk = u16(bytes, end + 4);
  const count = u16(bytes, end + 10);
  const size = u32(bytes, end + 12);
  const offset = u32(bytes, end + 16);
  if (disk !== 0 || u16(bytes, end + 6) !== 0)
    throw new ImportFailure("DOCX_ZIP_UNSUPPORTED", "The zip package is split over several files; Word documents never are.");
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ImportFailure("DOCX_ZIP_UNSUPPORTED", "The zip package uses Zip64 records, which a Word document of an importable size never needs.");
  if (count > MAX_DOCX_ENTRIES)
    throw new ImportFailure(
      "LIMIT_DOCX_ENTRIES",
      `The package holds ${formatCount(count)} files; a Word document Sectionsmith imports holds at most ${formatCount(MAX_DOCX_ENTRIES)}.`,
    );
  if (offset + size > end) throw new ImportFailure("DOCX_ZIP_DAMAGED", "The zip directory points outside the file: the file is damaged.");
  const entries = new Map<string, ZipEntry>();
  let at = offset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > end || u32(bytes, at) !== CENTRAL)
      throw new ImportFailure("DOCX_ZIP_DAMAGED", "The zip directory is damaged.");
    const nameLength = u16(bytes, at + 28);
    const entry: ZipEntry = {
      flags: u16(bytes, at + 8),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
      name: strFromU8(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    entries.set(entry.name.toLowerCase(), entry);
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return { entries, bytes, inflated: 0 };
}

/** The bytes of one part, or undefined when the package has no such part. */
export function readEntry(zip: ZipArchive, name: string, cap = MAX_DOCX_PART_BYTES): Uint8Array | undefined {
  const entry = zip.entries.get(name.replace(/^\//, "").toLowerCase());
  if (!entry) return undefined;
  if (entry.flags & 1)
    throw new ImportFailure("DOCX_ZIP_UNSUPPORTED", `The part ${entry.name} is encrypted; remove the password in Word and save again.`);
  const tooLarge = (): ImportFailure =>
    new ImportFailure(
      "LIMIT_DOCX_PART",
      `The part ${entry.name} unpacks to more than ${formatBytes(Math.min(cap, MAX_DOCX_UNZIPPED_BYTES - zip.inflated))}: it is far larger than any real document (a "zip bomb"), so nothing was imported.`,
    );
  if (entry.size > cap || zip.inflated + entry.size > MAX_DOCX_UNZIPPED_BYTES) throw tooLarge();
  const b = zip.bytes;
  const local = entry.localOffset;
  if (local + 30 > b.length || u32(b, local) !== LOCAL)
    throw new ImportFailure("DOCX_ZIP_DAMAGED", `The part ${entry.name} is damaged (its header is missing).`);
  const start = local + 30 + u16(b, local + 26) + u16(b, local + 28);
  if (start + entry.compressedSize > b.length)
    throw new ImportFailure("DOCX_ZIP_DAMAGED", `The part ${entry.name} is cut short: the file is truncated.`);
  const data = b.subarray(start, start + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) out = inflateCapped(data, Math.min(cap, entry.size), tooLarge, entry.name);
  else
    throw new ImportFailure(
      "DOCX_ZIP_UNSUPPORTED",
      `The part ${entry.name} is compressed with method ${entry.method}; Word documents use deflate.`,
    );
  if (out.length !== entry.size)
    throw new ImportFailure("DOCX_ZIP_DAMAGED", `The part ${entry.name} does not have the size its directory entry gives: the file is damaged.`);
  zip.inflated += out.length;
  return out;
}

/** Inflates `data`, stopping as soon as the output passes `cap` bytes. */
function inflateCapped(data: Uint8Array, cap: number, tooLarge: () => ImportFailure, name: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > cap) over = true;
    else chunks.push(chunk);
  });
  try {
    for (let i = 0; i < data.length && !over; i += SLICE) {
      const last = i + SLICE >= data.length;
      inflater.push(data.subarray(i, Math.min(i + SLICE, data.length)), last);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch {
    if (!over) throw new ImportFailure("DOCX_ZIP_DAMAGED", `The part ${name} cannot be unpacked: the file is damaged.`);
  }
  if (over) throw tooLarge();
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
