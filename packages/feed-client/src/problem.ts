import {
  createError,
  type FeedgateError,
  getResponseMeta,
  kindOfStatus,
  parseRetryAfterBody,
  parseRetryAfterHeaders,
  requestIdOf,
} from "@feedgate/core";
import type { Problem } from "./types.js";

/**
 * The typed error of a failed openapi-fetch result of the feed client: a FeedgateError of the
 * class its status and Problem `code` call for (`NotFoundError`, `RateLimitError` with
 * `retryAfterMs`, `InvalidRequestError` for `invalid_cursor`, `ConflictError` for
 * `snapshot_required`, …), with the parsed Problem, the request id and the attempts made.
 * Returns undefined for 2xx and 3xx answers (a 304 is "unchanged", a 308 a merge redirect:
 * neither is a failure).
 *
 * ```ts
 * const result = await feed.GET("/api/v1/hot-topics");
 * const error = errorOfResult(result);
 * if (error) throw error;
 * ```
 */
export function errorOfResult(
  result: { response: Response; error?: unknown },
  now: () => number = Date.now,
): FeedgateError | undefined {
  const { response, error } = result;
  const { status, headers } = response;
  if (status < 400) return undefined;
  const problem = isProblem(error) ? error : undefined;
  const code = problem?.code;
  const requestId = requestIdOf(headers) ?? problem?.requestId;
  return createError({
    kind: kindOfStatus(status, code),
    message: `HTTP ${status}${code === undefined ? "" : ` ${code}`}: ${problem?.detail ?? "the feed service refused the request"}`,
    status,
    code,
    requestId,
    // `retry-after-ms` / `Retry-After`, else the Problem's undeclared `retryAfter` (seconds).
    retryAfterMs: parseRetryAfterHeaders(headers, now) ?? parseRetryAfterBody(problem),
    problem,
    attempts: getResponseMeta(response).attempts,
  });
}

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "string"
  );
}
