// The open document as a .docx file, for "Import this document" (issue 30): Office's common API hands it
// out in slices (Document.getFileAsync with FileType.Compressed, requirement set File), which are read in
// order and joined. The file is the document as it is now, unsaved changes included.
import { hostError } from "./word-host";

/** The part of office.js this needs, so tests can give a fake. */
export type FileApi = {
  getFileAsync(
    type: "compressed",
    options: { sliceSize: number },
    callback: (result: AsyncResult<OfficeFile>) => void,
  ): void;
};
export type AsyncResult<T> = { status: "succeeded" | "failed"; value: T; error?: { message?: string } };
export type OfficeFile = {
  size: number;
  sliceCount: number;
  getSliceAsync(index: number, callback: (result: AsyncResult<{ data: ArrayLike<number> | ArrayBuffer }>) => void): void;
  closeAsync(callback?: () => void): void;
};

/** 4 MB, the largest slice Office allows. */
const SLICE_SIZE = 4 * 1024 * 1024;

const failed = (what: string, message?: string) =>
  hostError(
    "word-rejected",
    `Word could not hand over the document (${what}${message ? `: ${message}` : ""}).`,
    "Save the document, then try again; or save it as a .docx and use Import from a Word document….",
  );

export function readDocumentFile(api: FileApi): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    api.getFileAsync("compressed", { sliceSize: SLICE_SIZE }, (opened) => {
      if (opened.status !== "succeeded") return reject(failed("opening it", opened.error?.message));
      const file = opened.value;
      const out = new Uint8Array(file.size);
      let at = 0;
      const next = (index: number): void => {
        if (index >= file.sliceCount) {
          file.closeAsync();
          return resolve(at === out.length ? out : out.slice(0, at));
        }
        file.getSliceAsync(index, (slice) => {
          if (slice.status !== "succeeded") {
            file.closeAsync();
            return reject(failed(`reading part ${index + 1} of ${file.sliceCount}`, slice.error?.message));
          }
          const bytes = slice.value.data instanceof ArrayBuffer ? new Uint8Array(slice.value.data) : Uint8Array.from(slice.value.data);
          if (at + bytes.length > out.length) {
            file.closeAsync();
            return reject(failed("its size changed while it was read"));
          }
          out.set(bytes, at);
          at += bytes.length;
          next(index + 1);
        });
      };
      next(0);
    });
  });
}
