import {
  createFakeClock,
  type FeedFake,
  type FeedFakeOptions,
  type GatewayFake,
  type Replay,
  startFeedFake,
  startGatewayFake,
} from "@feedgate/mock";
import {
  demoDailies,
  demoHotTopics,
  demoItems,
  demoSelectedSet,
  demoStories,
  MERGED_STORY_ID,
  SURVIVING_STORY_ID,
} from "./feed-seed.js";
import { calendarBefore } from "./resets-seed.js";

/** The embedded fake servers of `feedgate mock` and `feedgate demo`, seeded with the demo data. */
export interface DemoFakes {
  feed: FeedFake | undefined;
  gateway: GatewayFake | undefined;
  /** The instant the data is anchored at (the fake clock starts here). */
  now: number;
  close(): Promise<void>;
}

export interface DemoFakesOptions {
  feed?: boolean;
  gateway?: boolean;
  /** The key the fake gateway accepts. Default: the fake's own default key. */
  apiKey?: string | undefined;
  /** Selected-set size (the mirror's snapshot). Default 1200: three snapshot pages. */
  selected?: number;
  /** Ports on 127.0.0.1. Default: free ones. */
  feedPort?: number | undefined;
  gatewayPort?: number | undefined;
  /** Cache lifetimes of the fake feed's routes (its `cacheControl` option). Default: the service's own. */
  cacheControl?: FeedFakeOptions["cacheControl"];
  /** Recorded answers both fakes give before their own (`mock --replay`). Default: none. */
  replay?: Replay | undefined;
}

/**
 * The cache lifetime of the routes the demo watches (hot topics, the reset calendar): one
 * second instead of the service's 60, so that a change made during the demo reaches a watcher,
 * which never polls faster than s-maxage, within a second — through ordinary conditional
 * requests: 304 while nothing changed, 200 with a new ETag once something did.
 */
export const DEMO_CACHE_CONTROL = {
  hotTopics: 1,
  codexResets: 1,
  codexResetsRecent: 1,
  storyByPublicId: 1,
} as const satisfies FeedFakeOptions["cacheControl"];

/** Seeds a feed fake with the demo data, anchored at `now`. */
export function seedFeed(feed: FeedFake, now: number, selected: number): void {
  const site = feed.url;
  feed.items.set(demoItems(site, now));
  feed.hotTopics.set(demoHotTopics(site, now));
  for (const story of demoStories(site, now)) feed.stories.set(story);
  feed.stories.merge(MERGED_STORY_ID, SURVIVING_STORY_ID);
  feed.dailies.set(demoDailies(site, now));
  feed.resets.set(calendarBefore(site, now));
  for (const item of demoSelectedSet(site, now, selected)) feed.selected.upsert(item);
}

/** Starts the fakes on free loopback ports (127.0.0.1, port 0) and seeds them. */
export async function startDemoFakes(options: DemoFakesOptions = {}): Promise<DemoFakes> {
  const now = Date.now();
  const clock = createFakeClock(now);
  const feed =
    options.feed === false
      ? undefined
      : await startFeedFake({
          clock,
          data: "empty",
          port: options.feedPort ?? 0,
          replay: options.replay,
          ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
        });
  let gateway: GatewayFake | undefined;
  try {
    gateway =
      options.gateway === false
        ? undefined
        : await startGatewayFake({
            clock,
            port: options.gatewayPort ?? 0,
            replay: options.replay,
            // Opt in to the operations the gateway's source does not route (retrieve, delete, cancel,
            // input_tokens, count_tokens), which the demo and `feedgate mock` show.
            unrouted: [],
            ...(options.apiKey ? { apiKey: options.apiKey } : {}),
          });
    if (feed) seedFeed(feed, now, options.selected ?? 1200);
  } catch (error) {
    await feed?.close();
    await gateway?.close();
    throw error;
  }
  return {
    feed,
    gateway,
    now,
    async close() {
      await Promise.allSettled([feed?.close(), gateway?.close()]);
    },
  };
}
