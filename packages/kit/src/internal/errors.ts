import { createError, type FeedgateError, isFeedgateError } from "@feedgate/core";

/** A guard that ended a walk or a loop (kind `limit_exceeded`). */
export const limitError = (code: string, message: string, more?: object): FeedgateError =>
  createError({ kind: "limit_exceeded", code, message, ...more });

/** An answer that is not what its operation promises (kind `invalid_response`). */
export const badAnswer = (code: string, message: string, more?: object): FeedgateError =>
  createError({ kind: "invalid_response", code, message, ...more });

/** A redirect the kit does not follow, or follows no further (kind `redirect`). */
export const redirectError = (code: string, message: string, status?: number): FeedgateError =>
  createError({ kind: "redirect", code, message, status });

/** The kit's aborted error, carrying the signal's reason as its cause. */
export function abortedError(signal: AbortSignal | undefined, what: string): FeedgateError {
  return createError({
    kind: "aborted",
    code: "aborted",
    message: `${what} was aborted`,
    cause: signal?.reason,
  });
}

/** Anything a call threw (connection failures, unreadable bodies, aborts), as a FeedgateError where it is one of those. */
export function errorOfThrown(
  error: unknown,
  signal: AbortSignal | undefined,
  operation: string,
): unknown {
  if (isFeedgateError(error)) return error;
  if (signal?.aborted) return abortedError(signal, operation);
  const name = (error as { name?: unknown } | null)?.name;
  const failure = (kind: "timeout" | "network" | "invalid_response", code: string, what: string) =>
    createError({
      kind,
      code,
      message: `${operation}: ${what}: ${(error as Error).message}`,
      cause: error,
    });
  if (name === "AbortError" || name === "TimeoutError")
    return failure("timeout", "timeout", "timed out");
  // Without the kit's transport: fetch rejects with TypeError on resets and truncated bodies,
  // JSON.parse with SyntaxError on an HTML page.
  if (error instanceof TypeError) return failure("network", "network_error", "connection failed");
  if (error instanceof SyntaxError)
    return failure("invalid_response", "not_json", "the answer was not valid JSON");
  return error;
}
