import { ApiError } from "../errors";

// Optimistic concurrency: a write names the revision it read (If-Match: "<revision>"); the row is
// locked (SELECT … FOR UPDATE) before the comparison, so of two writers that read the same revision
// exactly one succeeds and the other gets 409 with what is there now.

export async function checkRevision(
  current: number,
  ifMatch: number,
  describeCurrent: () => Promise<unknown>,
): Promise<void> {
  if (current === ifMatch) return;
  throw new ApiError(
    409,
    "STALE_REVISION",
    `Someone changed this since you read it (you sent revision ${ifMatch}, it is now ${current}): merge your change into the current version and send it again with If-Match: "${current}"`,
    { current: await describeCurrent() },
  );
}

export const etag = (revision: number): string => `"${revision}"`;

/** The revision in an If-Match header ("3", W/"3" or 3); 428 when there is none. */
export function parseIfMatch(header: string | undefined): number {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header ?? "");
  if (!match)
    throw new ApiError(
      428,
      "IF_MATCH_REQUIRED",
      'Send the revision you read: If-Match with the ETag of your last GET (e.g. If-Match: "3")',
    );
  return Number(match[1]);
}
