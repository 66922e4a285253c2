import {
  createFakeClock,
  type FakeItem,
  type FeedFake,
  type FeedFakeOptions,
  type GatewayFake,
  type Replay,
  type ResetEvent,
  type SelectedItem,
  startFeedFake,
  startGatewayFake,
} from "@feedgate/mock";

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

/** A selected item beyond the seed's: a copy of seeded item `n` (cycling) under id number `n`. */
function selectedCopy(items: readonly FakeItem[], n: number): SelectedItem {
  const item = items[n % items.length]!;
  return { ...item, id: `cmdemo${n.toString(36).padStart(8, "0")}`, selected: true, reason: null };
}

/** One more selected item (number `n`), for the changes that arrive while a mirror follows. */
export function demoSelectedItem(feed: FeedFake, n: number): SelectedItem {
  return selectedCopy(feed.items.list(), 20_000 + n);
}

/** Fills the mock's seeded selected set up to `size` items, enough for a few snapshot pages. */
function fillSelected(feed: FeedFake, size: number): void {
  const items = feed.items.list();
  for (let n = feed.selected.truth().length; n < size; n++)
    feed.selected.upsert(selectedCopy(items, n));
}

/**
 * The reset calendar after the change the demo makes during its watch, at `at`: of the mock's
 * three seeded events (oldest first), the announced one is confirmed, the newest confirmed one
 * is withdrawn, and a new one is announced.
 */
export function calendarAfter(before: readonly ResetEvent[], at: number): ResetEvent[] {
  const [oldest, , announced] = before as [ResetEvent, ResetEvent, ResetEvent];
  const stamp = new Date(at + 8 * 3_600_000).toISOString().replace("Z", "+08:00");
  const confirmed: ResetEvent = {
    ...announced,
    presentation: { ...announced.presentation!, status: "confirmed" },
    estimate: null,
    status: "confirmed",
    title: "Reset credit handed out",
    updatedAt: stamp,
    confirmedAt: stamp,
    occurredOn: stamp.slice(0, 10),
    confirmationBasis: "source_post",
  };
  const next = { ...announced, id: "evt-next", createdAt: stamp, updatedAt: stamp };
  // Newest update first, as the service orders them.
  return [confirmed, next, oldest];
}

/** What {@link startDemoFakes} started. */
export type DemoFakes = Awaited<ReturnType<typeof startDemoFakes>>;

/**
 * The embedded fake servers of `feedgate mock` and `feedgate demo`, with the mock's seeded data,
 * on free loopback ports (127.0.0.1, port 0), the selected set filled.
 */
export async function startDemoFakes(options: DemoFakesOptions = {}) {
  const now = Date.now();
  // Both on the same fake clock, each answering the recorded exchanges first.
  const shared = { clock: createFakeClock(now), replay: options.replay };
  const feed =
    options.feed === false
      ? undefined
      : await startFeedFake({
          ...shared,
          port: options.feedPort ?? 0,
          ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
        });
  let gateway: GatewayFake | undefined;
  try {
    // Opt in to the operations the gateway's source does not route (retrieve, delete, cancel,
    // input_tokens, count_tokens), which the demo and `feedgate mock` show.
    const apiKey = options.apiKey ? { apiKey: options.apiKey } : {};
    if (options.gateway !== false)
      gateway = await startGatewayFake({
        ...shared,
        port: options.gatewayPort ?? 0,
        unrouted: [],
        ...apiKey,
      });
    if (feed) fillSelected(feed, options.selected ?? 1200);
  } catch (error) {
    await feed?.close();
    await gateway?.close();
    throw error;
  }
  // Hot topic 1 links the surviving story, hot topic 4 the one merged into it (it answers 308).
  const story = (rank: number) => feed?.hotTopics.list()[rank]?.links.story?.split("/").pop() ?? "";
  return {
    feed,
    gateway,
    /** The instant the data is anchored at (the fake clock starts here). */
    now,
    merged: { from: story(3), into: story(0) },
    async close() {
      await Promise.allSettled([feed?.close(), gateway?.close()]);
    },
  };
}
