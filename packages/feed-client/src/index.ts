/**
 * `@feedgate/feed-client`: a typed openapi-fetch client of the feed service, with retries,
 * timeouts and body caps by default, and the feedgate error family.
 * @packageDocumentation
 */
export { createFeedClient, type FeedClient, type FeedClientOptions } from "./client.js";
export { errorOfResult } from "./problem.js";
export { timelineTime, TIMELINE_BACKFILL_MS } from "./timeline.js";
export { VERSION } from "./generated/version.js";
export type * from "./types.js";
export * from "@feedgate/core/errors";
export { getResponseMeta, type ResponseMeta, type CallOverrides } from "@feedgate/core";
// 0.1.0 names kept for one minor (deprecated; see the CHANGELOG's migration section).
export { FeedClientConfigError, isFeedClientConfigError } from "./deprecated.js";
