import { readProblem } from "@feedgate/feed-client";
import { FeedgateError, fromFeedProblem, isFeedgateError, isTransientError } from "../errors.js";
import { abortedError } from "./timing.js";

/** The kit error for a failed feed answer (status ≥ 400), with the Problem and any Retry-After. */
export function errorOfResult(result: { response: Response; error?: unknown }, operation: string): FeedgateError {
  const problem = readProblem(result) ?? { status: result.response.status, code: undefined, requestId: undefined, problem: undefined };
  void operation; // the Problem's own detail and request id say enough
  return fromFeedProblem(problem, result.response.headers);
}

/** The kit error for anything a request threw (connection failures, unreadable bodies, aborts). */
export function errorOfThrown(error: unknown, signal: AbortSignal | undefined, operation: string): unknown {
  if (isFeedgateError(error)) return error;
  if (signal?.aborted) return abortedError(signal, operation);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError" || name === "TimeoutError") {
    return new FeedgateError({ kind: "timeout", code: "timeout", message: `${operation} timed out`, cause: error });
  }
  // Without the kit's transport: fetch rejects with TypeError on resets and truncated bodies,
  // JSON.parse with SyntaxError on an HTML page.
  if (error instanceof TypeError && (error as { isFeedClientConfigError?: unknown }).isFeedClientConfigError !== true) {
    return new FeedgateError({ kind: "network", code: "network_error", message: `${operation}: connection failed`, cause: error });
  }
  if (error instanceof SyntaxError) {
    return new FeedgateError({ kind: "invalid_response", code: "not_json", message: `${operation}: the answer was not valid JSON`, cause: error });
  }
  return error;
}

/** A 2xx answer whose body is not what the contract promises. */
export function badBody(operation: string, what: string): FeedgateError {
  return new FeedgateError({ kind: "invalid_response", code: "unexpected_body", status: 200, message: `${operation}: unexpected answer body (${what})` });
}

/**
 * Failures worth sending the same request again for, soon: the kit's transient kinds, except
 * `retry_too_long` (the caller's ceiling said no; only `follow` sits such a wait out).
 */
export function isTransient(error: unknown): error is FeedgateError {
  return isTransientError(error) && !isFeedgateError(error, "retry_too_long");
}
