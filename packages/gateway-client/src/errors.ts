import type { GatewayEnvelope } from "./envelope.js";

/** What went wrong, as a discriminant that survives realms and bundling. */
export type GatewayErrorKind =
  /** The gateway answered with a failure status; `status` and `envelope` say which. */
  | "api"
  /** The gateway does not route this operation (404/405/501 on an operation it may lack). */
  | "unsupported"
  /** The image task id is unknown to the gateway (`task_not_exist`). */
  | "task_not_found"
  /** The stream carried an error event, or ended before its terminal event. */
  | "stream"
  /** No bytes arrived within the stream's idle timeout. */
  | "stream_timeout"
  /** A redirect pointed to another origin; it was not followed, so the key stayed home. */
  | "redirect"
  /** The client was configured or called with something it must not send. */
  | "config"
  /** The gateway refused the request itself as invalid (its HTTP 500 `invalid_request`, or a 400/422): repeating cannot help. */
  | "invalid_request"
  /** A 2xx answer whose body is not what the operation returns. */
  | "invalid_response"
  /** An answer's body, one stream line or one stream event was larger than its cap; it was not read further. */
  | "response_too_large";

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
