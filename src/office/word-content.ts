// Reading the selection and working with content controls Sectionsmith inserted earlier.
import { checkSizes } from "./word-limits";
import { toHostError } from "./word-errors";
import type { WordRun } from "./word-insert";
import { hostError, TAG_PREFIX, type HostCapabilities, type InsertPiece } from "./word-host";

export async function selectionHtml(run: WordRun): Promise<string> {
  try {
    return await run(async (context) => {
      const html = context.document.getSelection().getHtml();
      await context.sync();
      return html.value;
    });
  } catch (error) {
    throw toHostError(error, "reading the selection");
  }
}

export async function listTagged(run: WordRun): Promise<Array<{ tag: string; title: string; text: string }>> {
  try {
    return await run(async (context) => {
      const controls = context.document.contentControls;
      controls.load("items/tag,items/title,items/text");
      await context.sync();
      return controls.items
        .filter((cc) => typeof cc.tag === "string" && cc.tag.startsWith(TAG_PREFIX))
        .map((cc) => ({ tag: cc.tag, title: cc.title ?? "", text: cc.text ?? "" }));
    });
  } catch (error) {
    throw toHostError(error, "listing inserted sections");
  }
}

/**
 * Replaces the content of every control tagged `tag` (the same section may have been inserted twice) and
 * moves the controls to the piece's tag and title, so a new version is recognised as such afterwards.
 */
export async function replaceTagged(
  run: WordRun,
  capabilities: HostCapabilities,
  tag: string,
  piece: InsertPiece,
): Promise<void> {
  checkSizes([piece], capabilities.maxInsertBytes);
  try {
    await run(async (context) => {
      const controls = context.document.contentControls.getByTag(tag);
      controls.load("items/tag");
      await context.sync();
      if (controls.items.length === 0) {
        throw hostError(
          "not-found",
          `No content control tagged "${tag}" is left in this document.`,
          "The section was deleted or its content control removed: insert it again instead.",
        );
      }
      for (const cc of controls.items) {
        cc.insertFileFromBase64(piece.base64, "Replace");
        if (piece.tag !== undefined && piece.tag !== tag) cc.tag = piece.tag;
        if (piece.title !== undefined) cc.title = piece.title;
      }
      await context.sync();
    });
  } catch (error) {
    throw toHostError(error, "updating the inserted section");
  }
}
