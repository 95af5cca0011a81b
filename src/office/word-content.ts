// Reading the selection and working with content controls Sectionsmith inserted earlier.
import { checkSizes } from "./word-limits";
import { toHostError } from "./word-errors";
import type { WordRun } from "./word-insert";
import {
  hostError,
  TAG_PREFIX,
  type HostCapabilities,
  type InsertPiece,
  type ReplaceOptions,
} from "./word-host";

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
 * With `tracked`, the piece holds its differences as tracked changes: Track Changes is off while it goes
 * in (Word would otherwise record the swap itself as one whole deletion and one whole insertion) and the
 * user's mode is set back afterwards — after a failure too, in a batch of its own.
 */
export async function replaceTagged(
  run: WordRun,
  capabilities: HostCapabilities,
  tag: string,
  piece: InsertPiece,
  options: ReplaceOptions = {},
): Promise<void> {
  checkSizes([piece], capabilities.maxInsertBytes);
  if (options.tracked && !capabilities.trackChanges?.ok) {
    throw hostError(
      "not-supported",
      "This version of Word cannot update a section as tracked changes.",
      capabilities.trackChanges?.why ?? "Choose “Replace silently”, or download a redline from History.",
    );
  }
  try {
    await run(async (context) => {
      const document = context.document;
      let userMode: Word.ChangeTrackingMode | `${Word.ChangeTrackingMode}` | undefined;
      if (options.tracked) {
        document.load("changeTrackingMode");
        await context.sync();
        userMode = document.changeTrackingMode;
      }
      try {
        if (userMode !== undefined && userMode !== "Off") document.changeTrackingMode = "Off";
        await replaceIn(context, tag, piece);
      } finally {
        if (userMode !== undefined && userMode !== "Off") await restoreMode(context, userMode);
      }
    });
  } catch (error) {
    throw toHostError(error, "updating the inserted section");
  }
}

async function replaceIn(context: Word.RequestContext, tag: string, piece: InsertPiece): Promise<void> {
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
}

/** Sets the user's Track Changes mode back; one retry, then an error that says what to do. */
async function restoreMode(
  context: Word.RequestContext,
  mode: Word.ChangeTrackingMode | `${Word.ChangeTrackingMode}`,
) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      context.document.changeTrackingMode = mode;
      await context.sync();
      return;
    } catch (error) {
      if (attempt === 1)
        throw hostError(
          "word-rejected",
          "Word did not let Sectionsmith turn Track Changes back on after the update.",
          "Turn Track Changes on again in Word (Review → Track Changes) before you go on editing.",
          error,
        );
    }
  }
}
