/**
 * `@feedgate/feed-client`: a typed openapi-fetch client of the feed service, with retries,
 * timeouts and body caps by default, and the feedgate error family.
 * @packageDocumentation
 */

export { type CallOverrides, getResponseMeta, type ResponseMeta } from "@feedgate/core";
export * from "@feedgate/core/errors";
export { VERSION } from "./generated/version.js";
export { createFeedClient, type FeedClient, type FeedClientOptions } from "./internal/client.js";
export { errorOfResult, type ProblemDetails } from "./internal/problem.js";
export { TIMELINE_BACKFILL_MS, timelineTime } from "./internal/timeline.js";
export type * from "./internal/types.js";
