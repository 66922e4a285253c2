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
export { VERSION } from "./generated/version.js";
export type { CallOptions, StreamCallOptions } from "./internal/call.js";
export {
  createGatewayClient,
  DEFAULT_MAX_RETRIES,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type GatewayClient,
  type GatewayClientOptions,
} from "./internal/client.js";

export { routeFamily } from "./internal/credentials.js";
export { describeEnvelope, type GatewayEnvelope, parseEnvelope } from "./internal/envelope.js";

export type { GeminiApi } from "./internal/gemini.js";
export type { ImagesApi } from "./internal/images.js";
export { isImageTask } from "./internal/images.js";
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SSE_EVENT_BYTES,
  DEFAULT_MAX_SSE_LINE_BYTES,
} from "./internal/limits.js";
export type { MessagesApi } from "./internal/messages.js";
export type { RouteFamily } from "./internal/operations.js";
export { ANTHROPIC_VERSION } from "./internal/request.js";
export type { ResponsesApi } from "./internal/responses.js";
export type { Decoder, StreamInit, StreamLimits, TerminalWatch } from "./internal/sse.js";
export { GatewayStream } from "./internal/sse.js";
export type * from "./internal/stream-types.js";
export type * from "./internal/types.js";
