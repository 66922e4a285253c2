// Names of the 0.1.0 API that live on for one minor release as deprecated aliases, so an app
// written against 0.1.0 compiles with strike-throughs pointing at the replacement instead of
// errors. Removed in the next minor: see the migration section of the CHANGELOG.
import { FeedgateError, type FeedgateErrorKind, isFeedgateError } from "@feedgate/core";
import * as collect from "./collect.js";

/**
 * The 0.1.0 error class of the gateway client.
 * @deprecated Use `FeedgateError` (or a subclass such as `RateLimitError`): every failure of the
 * client is one of core's error family. `GatewayError` is an alias of it, removed in the next minor.
 */
export const GatewayError = FeedgateError;
/**
 * The 0.1.0 name of the `FeedgateError` type.
 * @deprecated Use `FeedgateError`. Removed in the next minor.
 */
export type GatewayError = FeedgateError;
/**
 * The 0.1.0 name of `FeedgateErrorKind`.
 * @deprecated Use `FeedgateErrorKind`. Removed in the next minor.
 */
export type GatewayErrorKind = FeedgateErrorKind;

/**
 * True for an error of the client.
 * @deprecated Use `isFeedgateError(value)` or `instanceof` a class of the family. Removed in the next minor.
 */
export function isGatewayError(value: unknown): value is FeedgateError {
  return isFeedgateError(value);
}

/**
 * Consumes a Responses stream into its final Response and text.
 * @deprecated Import `collectResponse` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const collectResponse = collect.collectResponse;
/**
 * Consumes a Gemini stream into one response.
 * @deprecated Import `collectGenerateContent` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const collectGenerateContent = collect.collectGenerateContent;
/**
 * The output text of a Response object.
 * @deprecated Import `outputText` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const outputText = collect.outputText;
