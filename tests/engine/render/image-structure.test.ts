import { describe, expect, it } from "@jest/globals";
import { readDataUri } from "../../../src/engine/render/image";
import { IMAGES } from "../../fuzz/arbitraries/markdown";
import { dataUri, png } from "../limits/helpers";
import { buildBody, library, assembly, problemsOf } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Issue 14: a PNG that is only its signature and header, or a JPEG with only its start and frame
// markers, was accepted as a picture (the docs promise MARKDOWN_IMAGE_INVALID). Each reader now walks
// the file's structure: PNG chunks with their CRCs up to IEND with an IDAT, JPEG segments up to EOI
// with a scan, GIF blocks up to the trailer with an image.

const bytesOf = (uri: string) => Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64");
const codes = async (uri: string) => (await problemsOf(library({ id: "s1", body: `![x](${uri})` }), assembly([{ snippet: "s1" }]))).map((p) => p.code);

describe("an image must be an image, not only its header", () => {
  it("PNG: signature and IHDR alone, a missing IDAT or IEND, a bad CRC, a cut chunk", async () => {
    const full = bytesOf(IMAGES.png);
    const headerOnly = full.subarray(0, 33);
    const noEnd = full.subarray(0, full.length - 12);
    const badCrc = Buffer.from(full);
    badCrc[40] = badCrc[40]! ^ 0xff; // inside IDAT's data
    const cut = full.subarray(0, full.length - 20);
    for (const bytes of [headerOnly, noEnd, badCrc, cut, full.subarray(0, 24)]) {
      expect(readDataUri(dataUri(bytes))).toEqual({ ok: false, reason: "invalid" });
      expect(await codes(dataUri(bytes))).toEqual(["MARKDOWN_IMAGE_INVALID"]);
    }
    const noData = Buffer.concat([full.subarray(0, 33), full.subarray(full.length - 12)]);
    expect(readDataUri(dataUri(noData))).toEqual({ ok: false, reason: "invalid" });
  });

  it("JPEG: SOI and SOF alone, no scan, no EOI, a segment running past the end", async () => {
    const full = bytesOf(IMAGES.jpeg);
    const sofOnly = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);
    const noEoi = full.subarray(0, full.length - 2);
    const overrun = Buffer.from(full);
    overrun[5] = 0xff; // DQT's length now runs past the end
    for (const bytes of [sofOnly, noEoi, overrun, Buffer.from([0xff, 0xd8, 0xff, 0xd9])]) {
      expect(readDataUri(dataUri(bytes, "jpeg"))).toEqual({ ok: false, reason: "invalid" });
      expect(await codes(dataUri(bytes, "jpeg"))).toEqual(["MARKDOWN_IMAGE_INVALID"]);
    }
  });

  it("GIF: header alone, no image, no trailer", () => {
    const full = bytesOf(IMAGES.gif);
    for (const bytes of [full.subarray(0, 13), full.subarray(0, full.length - 1), Buffer.concat([full.subarray(0, 13), Buffer.from([0x3b])])]) {
      expect(readDataUri(dataUri(bytes, "gif"))).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("whole pictures still build, each with its size", async () => {
    for (const [uri, size] of [[IMAGES.png, 1], [IMAGES.gif, 1], [IMAGES.jpeg, 1], [dataUri(png(40, 20, 2000)), 40]] as const) {
      const read = readDataUri(uri);
      expectWithMessage(read.ok && read.image.width, uri.slice(0, 30)).toBe(size);
    }
    const built = await buildBody(`![p](${IMAGES.png}) ![g](${IMAGES.gif}) ![j](${IMAGES.jpeg})`);
    expect(built.document.match(/<w:drawing>/g)).toHaveLength(3);
  });
});
