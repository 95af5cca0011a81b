// "Import this document": the open document read through Office's Document.getFileAsync in slices, joined
// in order, the file closed afterwards; a failure is a HostError saying what to do.

import { describe, expect, it } from "@jest/globals";
import { readDocumentFile, type FileApi } from "../../src/office/word-file";
import { isHostError } from "../../src/office/word-host";

function fakeApi(bytes: Uint8Array, options: { sliceSize?: number; failOpen?: boolean; failSlice?: number } = {}) {
  const calls: string[] = [];
  const api: FileApi = {
    getFileAsync(type, { sliceSize }, callback) {
      calls.push(`open ${type} ${sliceSize}`);
      if (options.failOpen) return callback({ status: "failed", value: undefined as never, error: { message: "busy" } });
      const size = options.sliceSize ?? sliceSize;
      callback({
        status: "succeeded",
        value: {
          size: bytes.length,
          sliceCount: Math.ceil(bytes.length / size),
          getSliceAsync(index, done) {
            calls.push(`slice ${index}`);
            if (index === options.failSlice) return done({ status: "failed", value: { data: [] }, error: { message: "gone" } });
            done({ status: "succeeded", value: { data: Array.from(bytes.subarray(index * size, (index + 1) * size)) } });
          },
          closeAsync() {
            calls.push("close");
          },
        },
      });
    },
  };
  return { api, calls };
}

describe("readDocumentFile", () => {
  const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => i % 251);

  it("joins the slices in order and closes the file", async () => {
    const { api, calls } = fakeApi(bytes, { sliceSize: 4096 });
    expect(await readDocumentFile(api)).toEqual(bytes);
    expect(calls).toEqual(["open compressed 4194304", "slice 0", "slice 1", "slice 2", "close"]);
  });

  it("fails with what to do when Word cannot hand the file over", async () => {
    const opened = await readDocumentFile(fakeApi(bytes, { failOpen: true }).api).catch((e: unknown) => e);
    expect(isHostError(opened)).toBe(true);
    expect((opened as Error).message).toBe("Word could not hand over the document (opening it: busy).");
    const { api, calls } = fakeApi(bytes, { sliceSize: 4096, failSlice: 1 });
    const sliced = await readDocumentFile(api).catch((e: unknown) => e);
    expect((sliced as Error).message).toBe("Word could not hand over the document (reading part 2 of 3: gone).");
    expect(calls.at(-1)).toBe("close");
  });
});
