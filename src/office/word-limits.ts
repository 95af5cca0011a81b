// Size limits checked before anything is sent to Word, so an oversized piece fails fast and nothing is
// inserted (Word on the web would otherwise reject it midway, after earlier pieces went in).
import { base64ByteLength, hostError, type InsertPiece } from "./word-host";

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Throws a too-large HostError naming the first piece whose decoded size exceeds `maxBytes`. */
export function checkSizes(pieces: InsertPiece[], maxBytes: number | undefined): void {
  if (maxBytes === undefined) return;
  pieces.forEach((piece, i) => {
    const bytes = base64ByteLength(piece.base64);
    if (bytes <= maxBytes) return;
    const name = piece.title ? ` ("${piece.title}")` : "";
    throw hostError(
      "too-large",
      `Section ${i + 1} of ${pieces.length}${name} is ${megabytes(bytes)}; Word on the web accepts at most ${megabytes(maxBytes)} per insert.`,
      "Split the section into smaller ones or use smaller images — or download the .docx and open it in Word.",
    );
  });
}
