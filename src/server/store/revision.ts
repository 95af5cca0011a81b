import { ApiError } from "../errors";

// Optimistic concurrency: a write names the revision it read (If-Match: "<revision>", the ETag it was
// given); the row is locked (SELECT … FOR UPDATE) before the comparison, so of two writers that read the
// same revision exactly one succeeds and the other gets 409 with what is there now.
//
// If-Match as RFC 9110 §13.1.1 defines it: "*" (any current representation: the resource exists), or a
// list of entity tags compared strongly — a weak tag (W/"3") never matches. A condition that does not
// hold answers 409 STALE_REVISION with the resource as it is now (a client merges with it), rather
// than a bare 412; without the header, 428.

/** What If-Match asked for: anything, or one of these revisions (from the strong tags only). */
export type IfMatch = { any: true } | { any: false; tags: readonly string[] };

export const matches = (ifMatch: IfMatch, revision: number): boolean =>
  ifMatch.any || ifMatch.tags.includes(String(revision));

/** `ifMatch` as a condition; a number is the revision read (the store's own callers: seeding, tests). */
export async function checkRevision(
  current: number,
  given: IfMatch | number,
  describeCurrent: () => Promise<unknown>,
): Promise<void> {
  const ifMatch: IfMatch = typeof given === "number" ? { any: false, tags: [String(given)] } : given;
  if (matches(ifMatch, current)) return;
  const sent = ifMatch.any ? "*" : ifMatch.tags.map((t) => `"${t}"`).join(", ") || "only weak tags";
  throw new ApiError(
    409,
    "STALE_REVISION",
    `Someone changed this since you read it (you sent ${sent}, it is now "${current}"): merge your change into the current version and send it again with If-Match: "${current}"`,
    { current: await describeCurrent() },
  );
}

export const etag = (revision: number): string => `"${revision}"`;

/** One entity tag in a list: optional W/, then a quoted opaque tag (RFC 9110 etagc). */
const ENTITY_TAG = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;

/** The If-Match header's condition; 428 when there is none, 400 when it is not "*" or entity tags. */
export function parseIfMatch(header: string | undefined): IfMatch {
  const value = header?.trim() ?? "";
  if (value === "")
    throw new ApiError(
      428,
      "IF_MATCH_REQUIRED",
      'Send the revision you read: If-Match with the ETag of your last GET (e.g. If-Match: "3")',
    );
  if (value === "*") return { any: true };
  const tags: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < value.length) {
    const at = ENTITY_TAG.lastIndex;
    const match = ENTITY_TAG.exec(value);
    if (!match || ENTITY_TAG.lastIndex === at)
      throw new ApiError(
        400,
        "INVALID_REQUEST",
        `If-Match must be * or ETags as the server sent them, quoted (e.g. If-Match: "3"), not ${value}`,
      );
    if (!match[1]) tags.push(match[2]!);
  }
  return { any: false, tags };
}
