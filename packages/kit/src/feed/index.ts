export { createFeedKit, type FeedKit, type FeedKitOptions } from "./kit.js";
export type { CallOptions, ConditionalCallOptions, ConditionalResult, FeedResult, FeedOperationMap, FeedOperationId, FeedParams, FeedData } from "./types.js";
export type { PaginateOptions, ItemsPage } from "./pagination.js";
export { storyIdOf, type GetStoryOptions, type StoryResult, type StoryRef } from "./stories.js";
export type { PollOptions, PolledVersion } from "./poll.js";
export { diffResetEvents, type ResetChange, type ResetsUpdate, type WatchResetsOptions } from "./watch-resets.js";
export { nextCheckAt, type WatchDailyOptions, type DailyUpdate } from "./watch-daily.js";
export { freshnessMs } from "./cache-control.js";
