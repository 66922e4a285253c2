/**
 * `@feedgate/gateway-client`: a typed client of the model gateway, on `@feedgate/core`'s
 * transport and error family. Stream collectors are in `@feedgate/gateway-client/collect`, the
 * eight image workflows in `@feedgate/gateway-client/images`.
 * @packageDocumentation
 */

export {
  type APIPromise,
  getResponseMeta,
  type LogEvent,
  type LogFields,
  type Logger,
  type LogLevel,
  type ResponseMeta,
  requestIdOf,
  type WithResponse,
} from "@feedgate/core";
// The one error family, as @feedgate/core exports it: the same class objects.
export * from "@feedgate/core/errors";
export type { CallOptions, StreamCallOptions } from "./call.js";
export {
  createGatewayClient,
  DEFAULT_MAX_RETRIES,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type GatewayClient,
  type GatewayClientOptions,
} from "./client.js";
export { ANTHROPIC_VERSION, type RouteFamily, routeFamily } from "./credentials.js";
export { describeEnvelope, parseEnvelope } from "./envelope.js";
export type { GeminiApi } from "./gemini.js";
export { VERSION } from "./generated/version.js";
export type { ImagesApi } from "./images.js";
export { isImageTask } from "./images.js";
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SSE_EVENT_BYTES,
  DEFAULT_MAX_SSE_LINE_BYTES,
} from "./limits.js";
export type { MessagesApi } from "./messages.js";
export type { ResponsesApi } from "./responses.js";
export type { Decoder, StreamInit, StreamLimits, TerminalWatch } from "./sse.js";
export { GatewayStream } from "./sse.js";
export type * from "./stream-types.js";
export type * from "./types.js";
