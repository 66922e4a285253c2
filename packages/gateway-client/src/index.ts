/**
 * `@feedgate/gateway-client`: a typed client of the model gateway, on `@feedgate/core`'s
 * transport and error family. Stream collectors are in `@feedgate/gateway-client/collect`, the
 * eight image workflows in `@feedgate/gateway-client/images`.
 * @packageDocumentation
 */
export {
  createGatewayClient,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  type GatewayClient,
  type GatewayClientOptions,
} from "./client.js";
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_SSE_LINE_BYTES, DEFAULT_MAX_SSE_EVENT_BYTES } from "./limits.js";
export type { CallOptions, StreamCallOptions } from "./context.js";
export type { ResponsesApi } from "./responses.js";
export type { ImagesApi } from "./images.js";
export type { MessagesApi } from "./messages.js";
export type { GeminiApi } from "./gemini.js";
// The one error family, as @feedgate/core exports it: the same class objects.
export * from "@feedgate/core/errors";
export { requestIdOf, getResponseMeta, type APIPromise, type WithResponse, type ResponseMeta, type Logger, type LogLevel, type LogFields, type LogEvent } from "@feedgate/core";
export { parseEnvelope, describeEnvelope } from "./envelope.js";
export { GatewayStream } from "./sse.js";
export type { StreamInit, Decoder, StreamLimits } from "./sse.js";
export type { TerminalWatch } from "./decoders.js";
export { isImageTask } from "./images.js";
export { routeFamily, ANTHROPIC_VERSION, type RouteFamily } from "./transport.js";
export { VERSION } from "./generated/version.js";
export type * from "./types.js";
export type * from "./stream-types.js";
// 0.1.0 names kept for one minor (deprecated; see the CHANGELOG's migration section).
export { GatewayError, isGatewayError, collectResponse, collectGenerateContent, outputText, type GatewayErrorKind } from "./deprecated.js";
