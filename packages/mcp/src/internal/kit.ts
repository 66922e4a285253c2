import type { FeedKit } from "@feedgate/kit/feed";

/**
 * The calls of the feed kit the server makes: what `createFeedKit()` of `@feedgate/kit/feed`
 * returns has them all (pass that).
 */
export type ServerKit = Pick<
  FeedKit,
  | "items"
  | "hotTopics"
  | "getStory"
  | "latestDaily"
  | "dailyByDate"
  | "codexResets"
  | "codexResetsRecent"
  | "pollUntilChanged"
  | "watchStory"
  | "watchLatestDaily"
>;
