import { isGatewayError, type GatewayEnvelope } from "@feedgate/gateway-client";
import type { FeedProblem } from "@feedgate/feed-client";
import { parseRetryAfterHeaders } from "./transport/retry-after.js";

/**
 * What went wrong, as a discriminant that survives realms and bundling. Switch on it rather
 * than on `instanceof`, which fails when two copies of the kit are loaded.
 */
export type FeedgateErrorKind =
  /** 429: the service asked to slow down; `retryAfterMs` says for how long. */
  | "rate_limited"
  /** 503 (and 502/504): the service is unavailable for now. */
  | "unavailable"
  /** 404, or an image task the gateway does not know (`task_not_exist`). */
  | "not_found"
  /** 400/422 or a bad argument refused before sending (`param` names it). */
  | "invalid_request"
  /** The items cursor left its window (`invalid_cursor`); the paginator restarts on its own. */
  | "invalid_cursor"
  /** 409 `snapshot_required`: the change-feed cursor is too old; the mirror re-snapshots. */
  | "snapshot_required"
  /** A per-attempt timeout or the overall deadline passed. */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** The connection failed (reset, refused, DNS, truncated body). */
  | "network"
  /** The server asked to wait longer than the configured ceiling; `retryAfterMs` is the wait. */
  | "retry_too_long"
  /** An async image task ended in a failed status; `envelope`/`message` carry its error. */
  | "task_failed"
  /** A 308 chain looped, left the origin, or exceeded the hop limit. */
  | "redirect"
  /** The gateway does not route this operation. */
  | "unsupported"
  /** A 2xx answer whose body is not what the operation returns (an HTML page from a proxy, empty, or the wrong shape). */
  | "invalid_response"
  /** A guard of the kit stopped a loop (e.g. `maxPages` of the paginator, `maxRestarts`). */
  | "limit_exceeded"
  /** Any other failure status (401, 403, 413, 500 after retries, ...). */
  | "http";

export interface FeedgateErrorInit {
  kind: FeedgateErrorKind;
  message: string;
  status?: number | undefined;
  code?: string | undefined;
  requestId?: string | undefined;
  retryAfterMs?: number | undefined;
  /** The parameter a validation error is about. */
  param?: string | undefined;
  /** The feed service's parsed Problem body. */
  problem?: FeedProblem["problem"] | undefined;
  /** The gateway's parsed error envelope. */
  envelope?: GatewayEnvelope | undefined;
  /** Attempts made (1 = no retry). */
  attempts?: number | undefined;
  cause?: unknown;
}

/**
 * The one error type of @feedgate/kit. It never holds a request, its headers or an API key:
 * only what the service answered. Check with `isFeedgateError(err, kind?)`.
 */
export class FeedgateError extends Error {
  override readonly name = "FeedgateError";
  /** Brand checked by `isFeedgateError`, so the check works across realms and copies. */
  readonly isFeedgateError = true;
  readonly kind: FeedgateErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly param: string | undefined;
  readonly problem: FeedProblem["problem"] | undefined;
  readonly envelope: GatewayEnvelope | undefined;
  readonly attempts: number | undefined;

  constructor(init: FeedgateErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.param = init.param;
    this.problem = init.problem;
    this.envelope = init.envelope;
    this.attempts = init.attempts;
  }

  toJSON() {
    const { name, kind, message, status, code, requestId, retryAfterMs, param, problem, envelope, attempts } = this;
    return { name, kind, message, status, code, requestId, retryAfterMs, param, problem, envelope, attempts };
  }
}

export function isFeedgateError(value: unknown, kind?: FeedgateErrorKind): value is FeedgateError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { isFeedgateError?: unknown; kind?: unknown };
  return v.isFeedgateError === true && (kind === undefined || v.kind === kind);
}

/** The kind a failure status maps to, before any code refines it. */
export function kindOfStatus(status: number, code?: string): FeedgateErrorKind {
  if (code === "invalid_cursor") return "invalid_cursor";
  if (code === "snapshot_required") return "snapshot_required";
  if (status === 429) return "rate_limited";
  if (status === 502 || status === 503 || status === 504) return "unavailable";
  if (status === 404) return "not_found";
  if (status === 400 || status === 422) return "invalid_request";
  if (status === 408) return "timeout";
  return "http";
}

/** A typed "bad argument" error, thrown before anything is sent. */
export function invalidArgument(param: string, rule: string): FeedgateError {
  return new FeedgateError({ kind: "invalid_request", code: "invalid_argument", param, message: `${param}: ${rule}` });
}

/** Converts a gateway-client error into the kit's family (the key was already redacted there). */
export function fromGatewayError(error: unknown): unknown {
  if (!isGatewayError(error)) return error;
  const kind: FeedgateErrorKind =
    error.kind === "task_not_found"
      ? "not_found"
      : error.kind === "unsupported"
        ? "unsupported"
        : error.kind === "redirect"
          ? "redirect"
          : error.kind === "stream_timeout"
            ? "timeout"
            : error.kind === "config"
              ? "invalid_request"
              : error.status === undefined
                ? "http"
                : kindOfStatus(error.status, error.code);
  return new FeedgateError({
    kind,
    message: error.message,
    status: error.status,
    code: error.code,
    requestId: error.requestId,
    envelope: error.envelope,
    cause: error,
  });
}

/**
 * Converts the feed service's failure (`readProblem(result)` of @feedgate/feed-client) into the
 * kit's family. `retryAfterMs` comes from `retry-after-ms` / `Retry-After`, else the Problem's
 * undeclared `retryAfter` (seconds).
 */
export function fromFeedProblem(
  failure: FeedProblem,
  headers?: Headers,
  options: { now?: () => number; attempts?: number | undefined } = {},
): FeedgateError {
  const { status, code, requestId, problem } = failure;
  const fromHeaders = headers === undefined ? undefined : parseRetryAfterHeaders(headers, options.now ?? Date.now);
  const fromBody = (problem as { retryAfter?: unknown } | undefined)?.retryAfter;
  const retryAfterMs = fromHeaders ?? (typeof fromBody === "number" && Number.isFinite(fromBody) && fromBody >= 0 ? fromBody * 1000 : undefined);
  const detail = problem?.detail ?? `HTTP ${status}`;
  const lead = code === undefined ? `HTTP ${status}: ${detail}` : `HTTP ${status} ${code}: ${detail}`;
  return new FeedgateError({
    kind: kindOfStatus(status, code),
    message: requestId === undefined ? lead : `${lead} (request id ${requestId})`,
    status,
    code,
    requestId,
    retryAfterMs,
    problem,
    attempts: options.attempts,
  });
}

/**
 * Failures worth trying again later: rate limited, unavailable, network, timeout, an invalid
 * (e.g. HTML) answer, a too-long server wait, or any 5xx. The poller and watchers wait and
 * carry on after them; anything else (a bad request, not found, 401/403) is final.
 */
export function isTransientError(error: unknown): boolean {
  if (!isFeedgateError(error)) return false;
  const kind = error.kind;
  return (
    (error.status !== undefined && error.status >= 500) ||
    kind === "rate_limited" ||
    kind === "unavailable" ||
    kind === "network" ||
    kind === "timeout" ||
    kind === "invalid_response" ||
    kind === "retry_too_long"
  );
}
