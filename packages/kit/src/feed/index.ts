/**
 * `@feedgate/kit/feed`: the feed kit — `createFeedKit` with typed calls for every feed operation,
 * cursor pagination, merge-following, conditional polling and watchers — and the input
 * validation it applies before any request. It runs on the main entry point's resilient
 * transport and reports failures as its `FeedgateError`.
 */

export { freshnessMs } from "@feedgate/core";
// The one wait-and-retry loop the pollers and watchers run on, for loops of the caller's own.
export { type Round, type WaitLoopOptions, waitLoop } from "../internal/loop.js";
export * from "../internal/validate/index.js";
export {
  cadenceMs,
  type DailyCadence,
  type EveryCadence,
  FEED_CADENCE,
  nextCheckAt,
  nextPollInMs,
} from "./cadence.js";
export {
  createFeedKit,
  type FeedCall,
  type FeedCallRequiring,
  type FeedCalls,
  type FeedCallWith,
  type FeedKit,
  type FeedKitOptions,
  type KitTransportOptions,
  type UnconditionalCallOptions,
} from "./kit.js";
export type { ItemsPage, PaginateOptions } from "./pagination.js";
export type { PolledVersion, PollOptions } from "./poll.js";
export {
  type GetStory,
  type GetStoryOptions,
  isStoryRef,
  STORY_ID_PATTERN,
  type StoryNotModified,
  type StoryOrigin,
  type StoryRef,
  type StoryResult,
  storyIdOf,
  storyPublicIdOf,
} from "./stories.js";
export type {
  CallOptions,
  ConditionalCallOptions,
  ConditionalResult,
  FeedData,
  FeedOperationId,
  FeedOperationMap,
  FeedOperationTypes,
  FeedParams,
  FeedResult,
  WithPath,
  WithQuery,
} from "./types.js";
export type {
  DailiesUpdate,
  DailyUpdate,
  ScheduledUpdate,
  WatchDailiesOptions,
  WatchDailyOptions,
} from "./watch-daily.js";
export {
  diffResetEvents,
  type ResetChange,
  type ResetsUpdate,
  recentWindowStart,
  type WatchResetsOptions,
} from "./watch-resets.js";
export type { StoryVersion, WatchStoryOptions } from "./watch-story.js";
