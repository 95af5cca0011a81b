// Turns whatever Word.run rejects with into a HostError carrying an action the user can take. Word reports
// OfficeExtension.Error objects ({ code, message, debugInfo: { errorLocation } }); we duck-type them rather
// than use `instanceof OfficeExtension.Error` so this file needs no Office global and tests need no office.js.
import { hostError, isHostError, type HostError, type HostErrorCode } from "./word-host";

type WordLikeError = {
  code?: unknown;
  message?: unknown;
  debugInfo?: { errorLocation?: unknown; code?: unknown };
};

export const ACTIONS = {
  clickInBody: "Click inside the document body (not a header, footer, comment or text box) and try again.",
  protectedDoc:
    "The document, or this part of it, is protected (read-only, restricted editing or a locked content control): unlock it or choose another place.",
  retry: "The document changed while Sectionsmith was working. Try again.",
  notAllowed:
    "Word does not allow this here on this platform. Try another place in the document, or download the .docx and insert it with Insert › Object › Text from File.",
  tooLarge: "Insert fewer sections at a time, or download the .docx and open it in Word.",
  update: "Update Office to a newer version, or download the .docx instead.",
  unknown: "Try again. If it keeps failing, download the .docx instead.",
} as const;

const BY_CODE: Record<string, { code: HostErrorCode; action: string }> = {
  InvalidArgument: { code: "word-rejected", action: ACTIONS.clickInBody },
  GeneralException: { code: "word-rejected", action: ACTIONS.clickInBody },
  InvalidSelection: { code: "no-selection", action: ACTIONS.clickInBody },
  AccessDenied: { code: "word-rejected", action: ACTIONS.protectedDoc },
  ItemNotFound: { code: "word-rejected", action: ACTIONS.retry },
  InvalidObjectPath: { code: "word-rejected", action: ACTIONS.retry },
  NotAllowed: { code: "word-rejected", action: ACTIONS.notAllowed },
  RequestPayloadSizeLimitExceeded: { code: "too-large", action: ACTIONS.tooLarge },
  ResponsePayloadSizeLimitExceeded: { code: "too-large", action: ACTIONS.tooLarge },
  NotImplemented: { code: "not-supported", action: ACTIONS.update },
  ApiNotFound: { code: "not-supported", action: ACTIONS.update },
};

/** Maps an error from Word (or anything else) to a HostError. HostErrors pass through unchanged. */
export function toHostError(error: unknown, doing: string): HostError {
  if (isHostError(error)) return error;
  const e = (typeof error === "object" && error !== null ? error : {}) as WordLikeError;
  const wordCode = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : String(error);
  const where = typeof e.debugInfo?.errorLocation === "string" ? ` (at ${e.debugInfo.errorLocation})` : "";
  const mapped = wordCode ? BY_CODE[wordCode] : undefined;
  const prefix = wordCode ? `Word refused ${doing}: ${wordCode}` : `${capitalise(doing)} failed`;
  return hostError(
    mapped?.code ?? "unknown",
    `${prefix}${where}: ${message}`,
    mapped?.action ?? ACTIONS.unknown,
    error,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
