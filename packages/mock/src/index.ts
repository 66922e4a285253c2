export { createFakeClock, DEFAULT_CLOCK_START, type FakeClock } from "./internal/core/clock.js";
export { createPrng, type Prng } from "./internal/core/prng.js";
export type {
  Fault,
  FaultControls,
  FaultRule,
  FaultStatus,
  RecordedRequest,
} from "./internal/core/types.js";
export {
  FEED_CATEGORIES,
  type FeedFake,
  type FeedFakeOptions,
  startFeedFake,
} from "./internal/feed/fake.js";
export { FEED_ROUTES } from "./internal/feed/routes.js";
export type * from "./internal/feed/types.js";
export type { FeedRoute } from "./internal/feed/wire.js";
export {
  DEFAULT_FAKE_API_KEY,
  DEMO_MODELS,
  type FinalError,
  type GatewayFake,
  type GatewayFakeOptions,
  type StreamScript,
  startGatewayFake,
  type TaskScript,
  UNROUTED_IN_SOURCE,
  type UpstreamRequest,
  type WebRateLimit,
} from "./internal/gateway/fake.js";
export { GATEWAY_ROUTES, type GatewayRoute } from "./internal/gateway/routes.js";
export type { Har, HarChunk, HarContent, HarEntry } from "./internal/replay/har.js";
export { loadReplay, type Replay, type ReplayOptions } from "./internal/replay/load.js";
export { type Answer, checkAnswer } from "./internal/spec/check-answer.js";
export { operationAt, type Service, specOf } from "./internal/spec/documents.js";
export type { Finding } from "./internal/spec/findings.js";
export {
  type Json,
  loadSpec,
  type SpecOperation,
  type SpecValidator,
  type ValidationResult,
} from "./internal/spec/validator.js";
