import type { z } from "@hono/zod-openapi";
import { ErrorSchema } from "./schemas";

// What each route says it answers, in /openapi.json: its success with the headers it sets, and exactly
// the errors it can give (tests/server/contract.ts checks every answer the tests receive against it).

/** The ETag a resource's answer carries: its revision, what If-Match sends back. */
const ETAG = {
  ETag: {
    description: 'The resource\'s revision as an entity tag, e.g. "3": send it back as If-Match',
    required: true,
    schema: { type: "string" as const },
  },
};

export const jsonResponse = <T extends z.ZodType>(
  schema: T,
  description: string,
  options: { etag?: boolean } = {},
) => ({
  content: { "application/json": { schema } },
  description,
  ...(options.etag ? { headers: ETAG } : {}),
});

const error = (description: string, headers?: Record<string, unknown>) => ({
  content: { "application/json": { schema: ErrorSchema } },
  description,
  ...(headers ? { headers } : {}),
});

const ERRORS = {
  400: error(
    "The request is not valid: INVALID_REQUEST (its path, query, body or If-Match; problems lists each issue) or INVALID_JSON (the body does not parse)",
  ),
  401: error("No token (SIGN_IN_REQUIRED) or one this server does not accept (TOKEN_INVALID): sign in"),
  403: error("Your role does not allow this (FORBIDDEN), or you wrote or submitted the version (FOUR_EYES)"),
  404: error("No such library (or you are not a member of it), snippet, version or member (NOT_FOUND)"),
  413: error("The body is larger than the server takes (PAYLOAD_TOO_LARGE); the connection is closed"),
  415: error(
    "The body is not JSON sent as application/json in UTF-8, or is compressed (UNSUPPORTED_MEDIA_TYPE)",
  ),
  428: error("No If-Match (IF_MATCH_REQUIRED): send the ETag you read"),
  429: error("Too many requests, or failed sign-ins from your address (RATE_LIMITED)", {
    "Retry-After": {
      description: "Seconds to wait before trying again",
      required: true,
      schema: { type: "string" as const },
    },
  }),
  500: error("The server failed (INTERNAL); nothing was changed"),
} as const;

type Status = keyof typeof ERRORS;

/**
 * The error responses for these statuses, and `extra` ones with what they mean on this route (a 409 or
 * 422 is always the route's own; a description given for a common status replaces the general one).
 */
export function errors(statuses: readonly Status[], extra: Partial<Record<Status | 409 | 422, string>> = {}) {
  const chosen: Record<number, ReturnType<typeof error>> = {};
  for (const s of statuses) chosen[s] = ERRORS[s];
  for (const [status, description] of Object.entries(extra)) {
    const common = ERRORS[Number(status) as Status] as { headers?: Record<string, unknown> } | undefined;
    chosen[Number(status)] = error(description, common?.headers);
  }
  return chosen;
}

/** A read of a library's data: any member. */
export const READ: readonly Status[] = [400, 401, 404, 429, 500];
/** Something a member's role may not allow. */
export const RESTRICTED: readonly Status[] = [400, 401, 403, 404, 429, 500];
/** …and that takes a JSON body. */
export const WITH_BODY: readonly Status[] = [...RESTRICTED, 413, 415];
/** …and If-Match. */
export const WITH_BODY_IF_MATCH: readonly Status[] = [...WITH_BODY, 428];
