import type { GatewayEnvelope } from "./envelope.js";

/** What went wrong, as a discriminant that survives realms and bundling. */
export type GatewayErrorKind =
  /** The gateway answered with a failure status; `status` and `envelope` say which. */
  | "api"
  /**
   * The gateway does not route this operation: its NoRoute 404 (`Invalid URL (<METHOD> <path>)`
   * naming this very request), a 301/302 to another origin on an operation it may lack (not
   * followed), or 404-without-envelope/405/501 on such an operation.
   */
  | "unsupported"
  /**
   * The request itself is wrong (the gateway's validation answers HTTP 500 `code: invalid_request`;
   * also a failure of type `invalid_request_error` at any status but 404). Final:
   * retrying the same request cannot help.
   */
  | "invalid_request"
  /** HTTP 429, with the gateway's envelope (`code: ""`) or an empty body. No Retry-After is sent: back off on your own. */
  | "rate_limited"
  /** A 2xx answer whose body is not of the operation's shape (or not JSON). */
  | "invalid_response"
  /** A body, SSE line or SSE event over its size cap; the connection was cancelled. */
  | "response_too_large"
  /** The image task id is unknown to the gateway (`task_not_exist`). */
  | "task_not_found"
  /** The stream carried an error event, or ended before its terminal event. */
  | "stream"
  /** No bytes arrived within the stream's idle timeout. */
  | "stream_timeout"
  /** A redirect pointed to another origin; it was not followed, so the key stayed home. */
  | "redirect"
  /** The client was configured or called with something it must not send. */
  | "config";

export interface GatewayErrorInit {
  kind: GatewayErrorKind;
  message: string;
  status?: number | undefined;
  code?: string | undefined;
  requestId?: string | undefined;
  envelope?: GatewayEnvelope | undefined;
  cause?: unknown;
}

/** The fields a GatewayError copies from its init, in the order they are set. */
const FIELDS = ["kind", "status", "code", "requestId", "envelope"] as const;

/**
 * The one error type of @feedgate/gateway-client. It never holds the API key, the request
 * or its headers: only what the gateway answered, with any echo of the key redacted.
 * Check it with `isGatewayError(err)` (works across realms), then switch on `kind`.
 */
export class GatewayError extends Error {
  override readonly name = "GatewayError";
  readonly isGatewayError = true;
  // `declare`: no class-field definitions to emit; the constructor sets all five, always as own properties.
  declare readonly kind: GatewayErrorKind;
  /** HTTP status, when an answer arrived. */
  declare readonly status: number | undefined;
  /** Machine-readable code: the envelope's code or type, else one of ours (e.g. `http_503`). */
  declare readonly code: string | undefined;
  /** `x-request-id`, else `X-Oneapi-Request-Id`, else `request-id` of the answer. */
  declare readonly requestId: string | undefined;
  /** The parsed error body, whichever of the gateway's envelopes it was. */
  declare readonly envelope: GatewayEnvelope | undefined;

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    for (const field of FIELDS) (this as Record<string, unknown>)[field] = init[field];
  }

  toJSON() {
    const { name, kind, message, status, code, requestId, envelope } = this;
    return { name, kind, message, status, code, requestId, envelope };
  }
}

/** Builds a GatewayError from positional parts (shorter than an init object at each call site). */
export function gatewayError(
  kind: GatewayErrorKind,
  code: string,
  message: string,
  status?: number,
  requestId?: string,
  envelope?: GatewayEnvelope,
): GatewayError {
  return new GatewayError({ kind, code, message, status, requestId, envelope });
}

export function isGatewayError(value: unknown): value is GatewayError {
  return typeof value === "object" && value !== null && (value as { isGatewayError?: unknown }).isGatewayError === true;
}

/** The request id of an answer, by the gateway's order of precedence. */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get("x-request-id") ?? headers.get("x-oneapi-request-id") ?? headers.get("request-id") ?? undefined;
}
