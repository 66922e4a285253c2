import type { FeedgateErrorKind } from "@feedgate/core";

/**
 * What the gateway's own codes mean, in one place: the answers that repeating cannot change
 * (read by the retry hook, so the transport never repeats them, and by the errors, which are
 * marked `final` so `isTransientError` never calls them transient), and the codes that decide a
 * kind whatever the status.
 */
const FINAL_CODES: ReadonlySet<string> = new Set([
  // The gateway's 503 when no channel serves the model (permanent unless the operator enables channel auto-disable).
  "model_not_found",
  // The gateway's HTTP 500 for a request that failed its validation.
  "invalid_request",
  // HTTP 500 on /v1/responses for a model served only by non-OpenAI channels: the request cannot be converted.
  "convert_request_failed",
  // HTTP 500: the operator's sensitive-word check refused the input.
  "sensitive_words_detected",
  // HTTP 500: the input's tokens could not be counted (e.g. an input image URL that cannot be fetched).
  "count_token_failed",
  // HTTP 500: the channel's model mapping is broken.
  "channel:model_mapped_error",
  // HTTP 500: no channel was left while the gateway retried.
  "get_channel_failed",
  // HTTP 500: the channel's API type is not one the route handles.
  "invalid_api_type",
  // HTTP 500: an upstream 200 that did not parse; the gateway never retries it either.
  "bad_response_body",
  // HTTP 400: the operator has not priced the model.
  "model_price_error",
]);

/** Any code naming a quota (`insufficient_quota`, `insufficient_user_quota`, `quota_exceeded`, ...): waiting does not refill it. */
const QUOTA = /quota/i;

/**
 * The one message that makes an answer final whatever its code: the fork's 500 `task_id is empty`
 * (an async image submit whose upstream answered the finished images instead of a task: the
 * upstream may already have generated, and billed, them; a repeat would bill again).
 */
export const TASK_ID_EMPTY = /task_id is empty/;

/** True when an answer with these codes (and this message) cannot succeed by repeating it. */
export function isFinalAnswer(codes: readonly string[], message?: string): boolean {
  return (
    codes.some((code) => FINAL_CODES.has(code) || QUOTA.test(code)) ||
    TASK_ID_EMPTY.test(message ?? "")
  );
}

/** Codes that decide the kind whatever the status (`invalid_request_error` only off a 404, which is NoRoute's). */
export function kindOfCode(code: string, status: number): FeedgateErrorKind | undefined {
  if (code === "task_not_exist") return "not_found";
  if (code === "model_price_error") return "unavailable";
  // Validation failures, unconvertible or refused input are HTTP 500: the request must change, not the server.
  if (
    /^(invalid_request|convert_request_failed|sensitive_words_detected)$/.test(code) ||
    (code === "invalid_request_error" && status !== 404)
  )
    return "invalid_request";
  return undefined;
}

/** The machine codes an error body carries, whichever envelope it is. */
export function codesOf(body: unknown): string[] {
  const b = body as
    | { code?: unknown; error?: { code?: unknown; type?: unknown; status?: unknown } }
    | undefined;
  // An `error` that is not an object (a string, a number) has none of the three.
  const error = b?.error;
  return [b?.code, error?.code, error?.type, error?.status].filter(
    (c): c is string => typeof c === "string" && c !== "",
  );
}

/** The message an error body carries (OpenAI, Anthropic or Google `error.message`, or a task body's `message`). */
export function messageOf(body: unknown): string | undefined {
  const b = body as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = typeof b?.error === "object" && b.error !== null ? b.error.message : b?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * Gemini's `google.rpc.RetryInfo` detail in a google envelope (`retryDelay`, a protobuf JSON
 * Duration such as "12s" or "0.250s"), in ms; the longest when several are given.
 */
export function retryDelayOf(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | null | undefined)?.error?.details;
  let longest: number | undefined;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const { "@type": type, retryDelay } = (detail ?? {}) as {
      "@type"?: unknown;
      retryDelay?: unknown;
    };
    const match =
      typeof retryDelay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(retryDelay.trim()) : null;
    if (
      match &&
      (type === undefined || (typeof type === "string" && type.endsWith("google.rpc.RetryInfo")))
    )
      longest = Math.max(longest ?? 0, Number(match[1]) * 1000);
  }
  return longest;
}
