/**
 * The services' parsed error bodies, by the {@link FeedgateError} field that carries each. Empty
 * here: core knows no service. Each client declares its own by declaration merging, so wherever
 * `@feedgate/feed-client` is imported `error.problem` is its `ProblemDetails`, and wherever
 * `@feedgate/gateway-client` is, `error.envelope` is its `GatewayEnvelope`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the clients fill it in (declaration merging).
export interface ServiceErrorBodies {}

/** The body type a client declared for `field` of {@link ServiceErrorBodies}, else `unknown`. */
export type ServiceErrorBody<Field extends string> = ServiceErrorBodies extends {
  [K in Field]: infer Body;
}
  ? Body
  : unknown;

/**
 * What went wrong, as a discriminant that survives realms and bundling. Each kind belongs to
 * exactly one class of the family (see {@link errorClassOf}) and is transient or not (see
 * {@link isTransientError}), both read from one table of kinds; switch on `kind` for detail, catch
 * a class for the broad case. A new kind is one member here and one row of that table (the
 * compiler asks for the row).
 */
export type FeedgateErrorKind =
  /** Bad options or a missing setting, found before any request (`option` names it). */
  | "config"
  /** 400/422, a bad argument refused before sending (`param` names it), or a 500 the service says is the request's fault (the gateway's `invalid_request`). */
  | "invalid_request"
  /** The items cursor left its window (`invalid_cursor`); the paginator restarts on its own. */
  | "invalid_cursor"
  /** 401: the key is missing, wrong or revoked. */
  | "authentication"
  /** 403: the key may not use this operation or model. */
  | "permission_denied"
  /** 404, or an image task the gateway does not know (`task_not_exist`). */
  | "not_found"
  /** 409 other than `snapshot_required`. */
  | "conflict"
  /** 409 `snapshot_required`: the change-feed cursor is too old; the mirror re-snapshots. */
  | "snapshot_required"
  /** 429: slow down; `retryAfterMs` says for how long when the service said so. */
  | "rate_limited"
  /** The server asked to wait longer than the configured ceiling (`maxRetryAfterMs`); `retryAfterMs` is the wait. */
  | "retry_too_long"
  /** 502/503/504: the service is unavailable for now. */
  | "unavailable"
  /** Any other 5xx after the retries. */
  | "server"
  /** The connection failed (refused, reset, DNS, truncated body). */
  | "network"
  /** A per-attempt timeout, the overall deadline, or a stream's idle timeout passed. */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** A stream carried an error event, or ended before its terminal event. */
  | "stream"
  /** The gateway does not route this operation. */
  | "unsupported"
  /** A redirect looped, left the origin (never followed with a key), or exceeded the hop limit. */
  | "redirect"
  /** A 2xx answer whose body is not what the operation returns (HTML from a proxy, empty, the wrong shape). */
  | "invalid_response"
  /** A body, SSE line or SSE event over its cap; it was not read further. */
  | "response_too_large"
  /** An async image task ended in a failed status; `envelope` / `message` carry its error. */
  | "task_failed"
  /** A guard stopped a loop (`maxPages`, `maxRestarts`, a repeated cursor). */
  | "limit_exceeded"
  /** Any other failure status (e.g. 413). */
  | "http";

/** What a {@link FeedgateError} is built from. */
export interface FeedgateErrorInit {
  /** What went wrong; picks the class through {@link errorClassOf}. */
  kind: FeedgateErrorKind;
  /** For people. Never holds a request id (see `requestId`) or a credential. */
  message: string;
  /** HTTP status, when an answer arrived. */
  status?: number | undefined;
  /** Machine-readable code: the service's, else one of ours (e.g. `attempt_timeout`). */
  code?: string | undefined;
  /** The answer's request id, to quote when reporting a problem. */
  requestId?: string | undefined;
  /** How long the service asked to wait, in ms. */
  retryAfterMs?: number | undefined;
  /** The call parameter a validation error is about. */
  param?: string | undefined;
  /** The option or environment variable a configuration error is about. */
  option?: string | undefined;
  /** The feed service's parsed Problem body (typed by `@feedgate/feed-client`). */
  problem?: ServiceErrorBody<"problem"> | undefined;
  /** The gateway's parsed error body (typed by `@feedgate/gateway-client`). */
  envelope?: ServiceErrorBody<"envelope"> | undefined;
  /** Attempts made (1 = no retry). */
  attempts?: number | undefined;
  /** The async image task the error is about: it was submitted (and billed), so poll it again to resume. */
  taskId?: string | undefined;
  /** The service said repeating cannot succeed (e.g. a quota, a model no channel serves): never transient, whatever the kind. Default: undefined (the kind decides). */
  final?: true | undefined;
  /** What caused it (a fetch rejection, an abort reason, a lower-level error). */
  cause?: unknown;
}

/** The fields a FeedgateError copies from its init (what `toJSON` lists besides name and message). */
const FIELDS = [
  "kind",
  "status",
  "code",
  "requestId",
  "retryAfterMs",
  "param",
  "option",
  "problem",
  "envelope",
  "attempts",
  "taskId",
  "final",
] as const;

/**
 * The one error type of every feedgate package: the clients, the kit, the mock and the CLI throw
 * only this class and its subclasses. It never holds a request, its headers or an API key: only
 * what the service answered. `instanceof` works within one copy of the package; across realms or
 * duplicated installs use {@link isFeedgateError}, which checks a brand.
 */
export class FeedgateError extends Error {
  /** The class name (`"FeedgateError"`, or the subclass's), as error reporters show it. */
  override name = "FeedgateError";
  /** Brand checked by {@link isFeedgateError}, so the check works across realms and copies. */
  readonly isFeedgateError = true;
  // Declared, not initialised: the constructor sets every one of them as an own property.
  /** What went wrong. */
  declare readonly kind: FeedgateErrorKind;
  /** HTTP status, when an answer arrived. */
  declare readonly status: number | undefined;
  /** Machine-readable code: the service's, else one of ours. */
  declare readonly code: string | undefined;
  /** The answer's request id (the gateway's `x-oneapi-request-id`, else `x-request-id` and its variants); never part of `message`. */
  declare readonly requestId: string | undefined;
  /** How long the service asked to wait, in ms (`Retry-After`, `retry-after-ms`, a body hint). */
  declare readonly retryAfterMs: number | undefined;
  /** The call parameter a validation error is about. */
  declare readonly param: string | undefined;
  /** The option or environment variable a configuration error is about. */
  declare readonly option: string | undefined;
  /** The feed service's parsed Problem body (typed by `@feedgate/feed-client`). */
  declare readonly problem: ServiceErrorBody<"problem"> | undefined;
  /** The gateway's parsed error body (typed by `@feedgate/gateway-client`). */
  declare readonly envelope: ServiceErrorBody<"envelope"> | undefined;
  /** Attempts made (1 = no retry). */
  declare readonly attempts: number | undefined;
  /** The async image task the error is about (submitted and billed): poll it again, e.g. with another key of the same user, to resume. */
  declare readonly taskId: string | undefined;
  /** `true` when the service said repeating cannot succeed (a quota, a model no channel serves, a final 500): {@link isTransientError} is then false. */
  declare readonly final: true | undefined;

  /** Prefer {@link createError}, which picks the subclass from `init.kind`. */
  constructor(init: FeedgateErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    for (const field of FIELDS) (this as Record<string, unknown>)[field] = init[field];
  }

  /** A plain object of the error's fields, for logs and `JSON.stringify`. */
  toJSON(): Pick<FeedgateError, "name" | "message" | (typeof FIELDS)[number]> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const field of FIELDS) json[field] = this[field];
    return json as never;
  }
}

/** Bad options or a missing setting, thrown synchronously before any request. */
export class ConfigError extends FeedgateError {
  /** Always `"ConfigError"`. */
  override name = "ConfigError";
}
/** The request is wrong (400/422, a bad argument found before sending, the gateway's 500 `invalid_request`). Final. */
export class InvalidRequestError extends FeedgateError {
  /** Always `"InvalidRequestError"`. */
  override name = "InvalidRequestError";
}
/** 401: the key is missing, wrong or revoked. */
export class AuthenticationError extends FeedgateError {
  /** Always `"AuthenticationError"`. */
  override name = "AuthenticationError";
}
/** 403: not allowed. */
export class PermissionDeniedError extends FeedgateError {
  /** Always `"PermissionDeniedError"`. */
  override name = "PermissionDeniedError";
}
/** 404, or an unknown image task. */
export class NotFoundError extends FeedgateError {
  /** Always `"NotFoundError"`. */
  override name = "NotFoundError";
}
/** 409, e.g. `snapshot_required`. */
export class ConflictError extends FeedgateError {
  /** Always `"ConflictError"`. */
  override name = "ConflictError";
}
/** 429 (or a server wait over `maxRetryAfterMs`); `retryAfterMs` says how long to wait when known. */
export class RateLimitError extends FeedgateError {
  /** Always `"RateLimitError"`. */
  override name = "RateLimitError";
}
/** 5xx: the service failed or is unavailable. */
export class ServerError extends FeedgateError {
  /** Always `"ServerError"`. */
  override name = "ServerError";
}
/** The connection failed. */
export class ConnectionError extends FeedgateError {
  /** Always `"ConnectionError"`. */
  override name = "ConnectionError";
}
/** A timeout passed (attempt, deadline, stream idle). */
export class TimeoutError extends FeedgateError {
  /** Always `"TimeoutError"`. */
  override name = "TimeoutError";
}
/** The caller's signal fired. */
export class AbortError extends FeedgateError {
  /** Always `"AbortError"`. */
  override name = "AbortError";
}
/** A stream failed midway (error event, early end). */
export class StreamError extends FeedgateError {
  /** Always `"StreamError"`. */
  override name = "StreamError";
}
/** The gateway does not offer this operation. */
export class UnsupportedError extends FeedgateError {
  /** Always `"UnsupportedError"`. */
  override name = "UnsupportedError";
}
/** An answer that is not what was asked for: the wrong shape, not JSON, too large, or a refused redirect. */
export class InvalidResponseError extends FeedgateError {
  /** Always `"InvalidResponseError"`. */
  override name = "InvalidResponseError";
}
/** An async image task ended in failure. */
export class TaskFailedError extends FeedgateError {
  /** Always `"TaskFailedError"`. */
  override name = "TaskFailedError";
}
/** A guard against a runaway loop stopped it. */
export class LimitExceededError extends FeedgateError {
  /** Always `"LimitExceededError"`. */
  override name = "LimitExceededError";
}

/**
 * The one table of kinds: per kind, the class of the family it belongs to and whether waiting
 * and trying again can help (unless the error is `final`). {@link errorClassOf} and
 * {@link isTransientError} read it; nothing else decides.
 */
const KINDS: Record<FeedgateErrorKind, readonly [cls: typeof FeedgateError, transient?: true]> = {
  config: [ConfigError],
  invalid_request: [InvalidRequestError],
  invalid_cursor: [InvalidRequestError],
  authentication: [AuthenticationError],
  permission_denied: [PermissionDeniedError],
  not_found: [NotFoundError],
  conflict: [ConflictError],
  snapshot_required: [ConflictError],
  rate_limited: [RateLimitError, true],
  retry_too_long: [RateLimitError, true],
  unavailable: [ServerError, true],
  server: [ServerError, true],
  network: [ConnectionError, true],
  timeout: [TimeoutError, true],
  aborted: [AbortError],
  stream: [StreamError],
  unsupported: [UnsupportedError],
  redirect: [InvalidResponseError],
  invalid_response: [InvalidResponseError, true],
  response_too_large: [InvalidResponseError],
  task_failed: [TaskFailedError],
  limit_exceeded: [LimitExceededError],
  http: [FeedgateError],
};

/** The class of the family a kind belongs to (`http`: the base class itself). */
export function errorClassOf(kind: FeedgateErrorKind): typeof FeedgateError {
  return KINDS[kind]?.[0] ?? FeedgateError;
}

/** Builds the error of the family that `init.kind` calls for: the one way every package makes its errors. */
export function createError(init: FeedgateErrorInit): FeedgateError {
  return new (errorClassOf(init.kind))(init);
}

/** True for any error of the family (optionally of one kind), across realms and duplicated installs. */
export function isFeedgateError(value: unknown, kind?: FeedgateErrorKind): value is FeedgateError {
  const v = value as { isFeedgateError?: unknown; kind?: unknown } | null;
  return v?.isFeedgateError === true && (kind === undefined || v.kind === kind);
}

/**
 * The kind a failure status maps to. A client refines it with its own service's codes (the
 * feed's `invalid_cursor`, the gateway's HTTP 500 `invalid_request`, ...).
 */
export function kindOfStatus(status: number): FeedgateErrorKind {
  const known = STATUS_KINDS[status];
  return known ?? (status >= 500 ? "server" : "http");
}

const STATUS_KINDS: Record<number, FeedgateErrorKind> = {
  400: "invalid_request",
  401: "authentication",
  403: "permission_denied",
  404: "not_found",
  408: "timeout",
  409: "conflict",
  422: "invalid_request",
  429: "rate_limited",
  502: "unavailable",
  503: "unavailable",
  504: "unavailable",
};

/** A bad call argument, refused before anything is sent (kind `invalid_request`, code `invalid_argument`). */
export function invalidArgument(param: string, rule: string): FeedgateError {
  return createError({
    kind: "invalid_request",
    code: "invalid_argument",
    param,
    message: `${param}: ${rule}`,
  });
}

/** A bad option or missing setting (kind `config`), thrown before any request. */
export function configError(option: string, rule: string): FeedgateError {
  return createError({
    kind: "config",
    code: "invalid_option",
    option,
    message: `${option}: ${rule}`,
  });
}

/**
 * Failures worth trying again later, as the table of kinds says: rate limited, unavailable,
 * server, network, timeout, an invalid (e.g. HTML) answer, a too-long server wait. Never an
 * error the service marked `final` (the clients do, from their own table of final answers, which
 * their retry hook reads too: a call the transport gives up on is never one a poller is told to
 * try again). Pollers and watchers wait and carry on after the transient ones; anything else is
 * final.
 */
export function isTransientError(error: unknown): boolean {
  return isFeedgateError(error) && error.final !== true && KINDS[error.kind]?.[1] === true;
}
