import {
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  getResponseMeta,
  kindOfStatus,
  parseRetryAfterHeaders,
  type RetryPolicy,
  requestIdOf,
} from "@feedgate/core";
import type { Problem } from "./types.js";

/**
 * The feed service's `application/problem+json` body as `FeedgateError.problem` carries it: the
 * document's `Problem` with every member optional (a hostile server may leave any out), and any
 * other member as sent.
 */
export type ProblemDetails = Partial<Problem> & { [member: string]: unknown };

declare module "@feedgate/core/errors" {
  interface ServiceErrorBodies {
    /** The feed service's parsed Problem body. */
    problem: ProblemDetails;
  }
}

/** The feed's codes that decide the kind whatever the status, each the kind of its name: each names what the kit does next. */
const CODE_KINDS: readonly string[] = ["invalid_cursor", "snapshot_required"];

/** The Problem's undeclared `retryAfter` (seconds), in ms; undefined when absent or not a wait. */
function retryAfterOf(body: unknown): number | undefined {
  const seconds = (body as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return typeof seconds === "number" && seconds >= 0 && seconds < Infinity
    ? seconds * 1000
    : undefined;
}

/**
 * The feed's retry policy: core's data, plus a hook that reads the Problem's `retryAfter` and
 * `code` (the feed marks no answer final: its retryable statuses are all worth repeating).
 */
export const FEED_RETRY: RetryPolicy = {
  shouldRetry: ({ body }) => ({
    retryAfterMs: retryAfterOf(body),
    code: isProblem(body) ? body.code : undefined,
  }),
};

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
  return createError({
    kind: CODE_KINDS.includes(code!) ? (code as FeedgateErrorKind) : kindOfStatus(status),
    message: `HTTP ${status}${code === undefined ? "" : ` ${code}`}: ${problem?.detail ?? "the feed service refused the request"}`,
    status,
    code,
    requestId: requestIdOf(headers) ?? problem?.requestId,
    // `retry-after-ms` / `Retry-After`, else the Problem's undeclared `retryAfter` (seconds).
    retryAfterMs: parseRetryAfterHeaders(headers, now) ?? retryAfterOf(problem),
    problem,
    attempts: getResponseMeta(response).attempts,
  });
}

/** A Problem body: an object with the feed's string `code`. */
const isProblem = (value: unknown): value is Problem =>
  typeof (value as { code?: unknown } | null | undefined)?.code === "string";
