export { createFakeClock, DEFAULT_CLOCK_START, type FakeClock } from "./core/clock.js";
export { createPrng, type Prng } from "./core/prng.js";
export type {
  Fault,
  FaultControls,
  FaultRule,
  FaultStatus,
  RecordedRequest,
} from "./core/types.js";
export {
  FEED_CATEGORIES,
  type FeedFake,
  type FeedFakeOptions,
  startFeedFake,
} from "./feed/fake.js";
export { FEED_ROUTES } from "./feed/routes.js";
export type {
  DailyReport,
  FakeItem,
  HotTopic,
  ResetCalendarExtras,
  ResetEvent,
  SelectedItem,
  Story,
} from "./feed/types.js";
export type { FeedRoute } from "./feed/wire.js";
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
} from "./gateway/fake.js";
export { GATEWAY_ROUTES, type GatewayRoute } from "./gateway/routes.js";
export type { Har, HarChunk, HarContent, HarEntry } from "./replay/har.js";
export { loadReplay, type Replay, type ReplayOptions } from "./replay/load.js";
export { type Answer, checkAnswer } from "./spec/check-answer.js";
export { operationAt, type Service, specOf } from "./spec/documents.js";
export type { Finding } from "./spec/findings.js";
export {
  type Json,
  loadSpec,
  type SpecOperation,
  type SpecValidator,
  type ValidationResult,
} from "./spec/validator.js";
