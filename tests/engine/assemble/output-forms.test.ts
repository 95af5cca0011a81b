import { describe, expect, it } from "@jest/globals";
import { exportDocument, fromBase64 } from "../../../src/engine";
import { expectValidDocx } from "../../support/ooxml-check";
import { assembly, library, TODAY } from "../support";

const lib = library({ id: "s1", body: "# Hello\n\nWorld" });
const asm = assembly([{ snippet: "s1" }]);
const make = <F extends "string" | "buffer" | "base64" | "blob" | "stream">(as: F) =>
  exportDocument(lib, asm, { as, today: TODAY });

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

describe("every output form carries the same valid .docx", () => {
  it("buffer is a Node Buffer in Node, and the other forms decode to a valid package", async () => {
    const buffer = (await make("buffer")).output;
    expect(Buffer.isBuffer(buffer)).toBe(true);
    await expectValidDocx(new Uint8Array(buffer));

    const base64 = (await make("base64")).output;
    expect(base64).toMatch(/^UEsDB[A-Za-z0-9+/=]+$/); // "PK\x03\x04", no data: prefix
    const fromB64 = fromBase64(base64);

    const binary = (await make("string")).output;
    const fromString = Uint8Array.from(binary, (c) => c.charCodeAt(0));

    const blob = (await make("blob")).output;
    expect(blob.type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const fromBlob = new Uint8Array(await blob.arrayBuffer());

    const fromStream = await streamBytes((await make("stream")).output);

    for (const bytes of [fromB64, fromString, fromBlob, fromStream]) {
      expect(bytes.length).toBeGreaterThan(1000);
      expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    }
    // Same document, packed separately: sizes agree to within the zip's timestamps.
    expect(Math.abs(fromBlob.length - buffer.length)).toBeLessThan(64);
    await Promise.all([fromB64, fromString, fromBlob, fromStream].map((b) => expectValidDocx(b)));
  });

  it("rejects an unknown output form with a message naming the forms", async () => {
    await expect(exportDocument(lib, asm, { as: "pdf" as "blob" })).rejects.toThrow(
      /string, buffer, base64, blob or stream/,
    );
  });
});
