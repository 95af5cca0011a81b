import type { Problem } from "../engine/core";

// Every error the API answers is JSON { code, message, … }: a stable code for programs and a message
// for people that says what to do next.

export type ApiErrorCode =
  | "SIGN_IN_REQUIRED"
  | "TOKEN_INVALID"
  | "FORBIDDEN"
  | "FOUR_EYES"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "STALE_REVISION"
  | "IF_MATCH_REQUIRED"
  | "INVALID_TRANSITION"
  | "APPROVAL_BREAKS_LIBRARY"
  | "INVALID_REQUEST"
  | "INVALID_JSON"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "SNIPPET_INVALID"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "INTERNAL";

export type ApiStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429 | 500;

export type ErrorBody = {
  code: ApiErrorCode;
  message: string;
  /** The engine's problems, for SNIPPET_INVALID; the request's, for INVALID_REQUEST. */
  problems?: Problem[] | { path: string; message: string }[];
  /** The resource as it is now, for STALE_REVISION: what the writer must merge with. */
  current?: unknown;
};

export class ApiError extends Error {
  constructor(
    readonly status: ApiStatus,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody, "code" | "message"> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (what: string): ApiError =>
  new ApiError(404, "NOT_FOUND", `${what} does not exist, or you are not a member of its library`);

export type ZodIssueLike = { path: readonly PropertyKey[]; message: string };

const MARK = "\u0001";
/** Engine schema messages carry their code between MARK characters; the API reports the text. */
const readable = (message: string): string =>
  message.startsWith(MARK) ? (message.split(MARK)[2] ?? message) : message;

/** 400 for a request that fails its schema, listing every issue with its path. */
export function invalidRequest(target: string, issues: readonly ZodIssueLike[]): ApiError {
  const problems = issues.map((i) => ({ path: i.path.map(String).join("."), message: readable(i.message) }));
  const first = problems[0];
  return new ApiError(
    400,
    "INVALID_REQUEST",
    `The request's ${target} is not valid${first ? `: ${first.path || "(whole)"} — ${first.message}` : ""}`,
    {
      problems,
    },
  );
}

/** 422 with the engine's problems (codes as in docs/errors.md). */
export function snippetInvalid(problems: Problem[]): ApiError {
  const first = problems.find((p) => p.severity === "error") ?? problems[0];
  return new ApiError(
    422,
    "SNIPPET_INVALID",
    `The snippet has errors; the first: ${first ? `${first.code} at ${first.path || "(snippet)"} — ${first.message.replace(/\.$/, "")}` : "unknown"}. Fix them and send it again.`,
    { problems },
  );
}
