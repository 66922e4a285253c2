/**
 * The one table of answers that repeating cannot change. Both the transport's retry rule
 * (`policy.ts`) and {@link isTransientError} read it, so a call the transport gives up on is
 * never one a poller is told to try again.
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
]);

/** Any code naming a quota (`insufficient_quota`, `insufficient_user_quota`, `quota_exceeded`, ...): waiting does not refill it. */
const QUOTA = /quota/i;

/**
 * Messages that make an answer final whatever its code: the fork's 500 `task_id is empty`
 * (an async image submit whose upstream answered the finished images instead of a task: the
 * upstream may already have generated, and billed, them; a repeat would bill again).
 */
const FINAL_MESSAGES: readonly RegExp[] = [/task_id is empty/];

/** True when an answer with these codes (and this message) cannot succeed by repeating it. */
export function isFinalAnswer(codes: readonly string[], message?: string): boolean {
  return (
    codes.some((code) => FINAL_CODES.has(code) || QUOTA.test(code)) ||
    (message !== undefined && FINAL_MESSAGES.some((m) => m.test(message)))
  );
}
