/**
 * `@feedgate/feed-client`: a typed openapi-fetch client of the feed service, with retries,
 * timeouts and body caps by default, and the feedgate error family.
 * @packageDocumentation
 */

export { type CallOverrides, getResponseMeta, type ResponseMeta } from "@feedgate/core";
export * from "@feedgate/core/errors";
export { createFeedClient, type FeedClient, type FeedClientOptions } from "./client.js";
export { VERSION } from "./generated/version.js";
export { errorOfResult } from "./problem.js";
export { TIMELINE_BACKFILL_MS, timelineTime } from "./timeline.js";
export type * from "./types.js";
