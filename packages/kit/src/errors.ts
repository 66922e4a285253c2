import { isGatewayError, type GatewayEnvelope } from "@feedgate/gateway-client";
import type { FeedProblem } from "@feedgate/feed-client";
import { parseRetryAfterBody, parseRetryAfterHeaders } from "./transport/retry-after.js";

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
  /** An answer's body was larger than the configured cap (`maxResponseBytes`); it was not read further. */
  | "response_too_large"
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

/** The fields of a FeedgateError besides `name` and `message` (what `toJSON` lists). */
const FIELDS = ["kind", "status", "code", "requestId", "retryAfterMs", "param", "problem", "envelope", "attempts"] as const;

/**
 * The one error type of @feedgate/kit. It never holds a request, its headers or an API key:
 * only what the service answered. Check with `isFeedgateError(err, kind?)`.
 */
export class FeedgateError extends Error {
  override readonly name = "FeedgateError";
  /** Brand checked by `isFeedgateError`, so the check works across realms and copies. */
  readonly isFeedgateError = true;
  // Declared, not initialised: the constructor sets every one of them.
  declare readonly kind: FeedgateErrorKind;
  declare readonly status: number | undefined;
  declare readonly code: string | undefined;
  declare readonly requestId: string | undefined;
  declare readonly retryAfterMs: number | undefined;
  declare readonly param: string | undefined;
  declare readonly problem: FeedProblem["problem"] | undefined;
  declare readonly envelope: GatewayEnvelope | undefined;
  declare readonly attempts: number | undefined;

  constructor(init: FeedgateErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    for (const field of FIELDS) (this as Record<string, unknown>)[field] = init[field];
  }

  toJSON() {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const field of FIELDS) json[field] = this[field];
    return json as Pick<FeedgateError, "name" | "message" | (typeof FIELDS)[number]>;
  }
}

export function isFeedgateError(value: unknown, kind?: FeedgateErrorKind): value is FeedgateError {
  const v = value as { isFeedgateError?: unknown; kind?: unknown } | null;
  return v?.isFeedgateError === true && (kind === undefined || v.kind === kind);
}

/** The kind a failure status maps to, before any code refines it. */
export function kindOfStatus(status: number, code?: string): FeedgateErrorKind {
  if (code === "invalid_cursor" || code === "snapshot_required") return code;
  // The gateway answers its validation failures with HTTP 500 and this code: the request is wrong, not the server.
  if (code === "invalid_request") return "invalid_request";
  return (
    ({ 429: "rate_limited", 502: "unavailable", 503: "unavailable", 504: "unavailable", 404: "not_found", 400: "invalid_request", 422: "invalid_request", 408: "timeout" } as const)[status] ?? "http"
  );
}

/** A typed "bad argument" error, thrown before anything is sent. */
export function invalidArgument(param: string, rule: string): FeedgateError {
  return new FeedgateError({ kind: "invalid_request", code: "invalid_argument", param, message: `${param}: ${rule}` });
}

/** Gateway error kinds that are not read from the status. */
const GATEWAY_KINDS: Record<string, FeedgateErrorKind> = {
  task_not_found: "not_found",
  unsupported: "unsupported",
  redirect: "redirect",
  stream_timeout: "timeout",
  config: "invalid_request",
  invalid_request: "invalid_request",
  invalid_response: "invalid_response",
  response_too_large: "response_too_large",
};

/** Converts a gateway-client error into the kit's family (the key was already redacted there). */
export function fromGatewayError(error: unknown): unknown {
  if (!isGatewayError(error)) return error;
  const { message, status, code, requestId, envelope } = error;
  const kind = GATEWAY_KINDS[error.kind] ?? (status === undefined ? "http" : kindOfStatus(status, code));
  return new FeedgateError({ kind, message, status, code, requestId, envelope, cause: error });
}

/**
 * Converts the feed service's failure (`readProblem(result)` of @feedgate/feed-client) into the
 * kit's family. `retryAfterMs` comes from `retry-after-ms` / `Retry-After`, else the Problem's
 * undeclared `retryAfter` (seconds).
 */
export function fromFeedProblem(
  failure: FeedProblem,
  headers?: Headers,
  options: { now?: (() => number) | undefined; attempts?: number | undefined } = {},
): FeedgateError {
  const { status, code, requestId, problem } = failure;
  const lead = `HTTP ${status}${code === undefined ? "" : ` ${code}`}: ${problem?.detail ?? `HTTP ${status}`}`;
  return new FeedgateError({
    kind: kindOfStatus(status, code),
    message: requestId === undefined ? lead : `${lead} (request id ${requestId})`,
    status,
    code,
    requestId,
    retryAfterMs: (headers && parseRetryAfterHeaders(headers, options.now)) ?? parseRetryAfterBody(problem),
    problem,
    attempts: options.attempts,
  });
}

/** Kinds worth trying again later. */
const TRANSIENT_KINDS = ["rate_limited", "unavailable", "network", "timeout", "invalid_response", "retry_too_long"];

/**
 * Failures worth trying again later: rate limited, unavailable, network, timeout, an invalid
 * (e.g. HTML) answer, a too-long server wait, or any 5xx. The poller and watchers wait and
 * carry on after them; anything else (a bad request, not found, 401/403) is final.
 */
export function isTransientError(error: unknown): boolean {
  return isFeedgateError(error) && ((error.status ?? 0) >= 500 || TRANSIENT_KINDS.includes(error.kind));
}
