import { createError, type FeedgateError, type FeedgateErrorKind } from "@feedgate/core";
import type { GatewayEnvelope } from "./envelope.js";

/**
 * Builds an error of the family (core's `createError`) from positional parts, shorter than an
 * init object at each call site. `message` never carries the request id or the key.
 */
export function gatewayError(
  kind: FeedgateErrorKind,
  code: string,
  message: string,
  status?: number,
  requestId?: string,
  envelope?: GatewayEnvelope,
  cause?: unknown,
): FeedgateError {
  return createError({ kind, code, message, status, requestId, envelope, cause });
}
