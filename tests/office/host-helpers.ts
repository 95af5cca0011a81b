// Shared by the office-host tests: pieces named after their text, and a HostError catcher.
import { expect } from "@jest/globals";
import { isHostError, type HostError, type InsertPiece } from "../../src/office/word-host";
import { b64 } from "./fake-word";

/** Every WordApi version up to 1.5 (the document-level insert). */
export const ALL = ["1.1", "1.2", "1.3", "1.4", "1.5"];

export const piece = (text: string): InsertPiece => ({
  base64: b64(text),
  tag: `sectionsmith:${text}@1`,
  title: text,
});
export const pieces = (...texts: string[]) => texts.map(piece);

/** The HostError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function caught(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    expect(isHostError(error)).toBe(true);
    return error as HostError;
  }
  throw new Error("expected a HostError, nothing was thrown");
}
