/**
 * `@feedgate/kit/feed`: the feed kit — `createFeedKit` with typed calls for every feed operation,
 * cursor pagination, merge-following, conditional polling and watchers — and the input
 * validation it applies before any request. It runs on the main entry point's resilient
 * transport and reports failures as its `FeedgateError`.
 */
export { createFeedKit, type FeedKit, type FeedKitOptions, type KitTransportOptions, type FeedCalls, type FeedCall, type FeedCallWith, type FeedCallRequiring, type UnconditionalCallOptions } from "./kit.js";
export type { CallOptions, ConditionalCallOptions, ConditionalResult, FeedResult, FeedOperationMap, FeedOperationId, FeedParams, FeedData } from "./types.js";
export type { PaginateOptions, ItemsPage } from "./pagination.js";
export { storyIdOf, type GetStory, type GetStoryOptions, type StoryNotModified, type StoryResult, type StoryRef } from "./stories.js";
export { type StoryVersion, type WatchStoryOptions } from "./watch-story.js";
export type { PollOptions, PolledVersion } from "./poll.js";
export { diffResetEvents, recentWindowStart, type ResetChange, type ResetsUpdate, type WatchResetsOptions } from "./watch-resets.js";
export { nextCheckAt, type WatchDailyOptions, type DailyUpdate, type WatchDailiesOptions, type DailiesUpdate } from "./watch-daily.js";
export { freshnessMs } from "@feedgate/core";
export * from "../validate/index.js";
