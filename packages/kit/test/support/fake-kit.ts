import { type FakeItem, type FeedFake, type FeedFakeOptions, startFeedFake } from "@feedgate/mock";
import { afterEach, beforeEach } from "vitest";
import { createFeedKit, type FeedKitOptions } from "../../src/feed/index.js";

/** A seeded feed fake of its own for each test of the file, closed after it: `fx.fake`. */
export function eachFeedFake(options?: FeedFakeOptions): { readonly fake: FeedFake } {
  const fx = {} as { fake: FeedFake };
  beforeEach(async () => {
    fx.fake = await startFeedFake(options);
  });
  afterEach(() => fx.fake.close());
  return fx;
}

/**
 * A kit against a feed fake: pollers and watchers sleep on the fake clock (instantly,
 * recording each wait); the transport's retry waits are real but shortened.
 */
export function fakeKit(
  fake: FeedFake,
  options: Partial<FeedKitOptions> = {},
  onWait?: (count: number) => void,
) {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    waits.push(ms);
    fake.clock.advance(ms);
    onWait?.(waits.length);
  };
  const kit = createFeedKit({
    baseUrl: fake.url,
    clock: fake.clock,
    sleep,
    random: () => 0,
    retry: { initialDelayMs: 5, maxDelayMs: 20, timeoutMs: 5000, deadlineMs: 20_000 },
    ...options,
  });
  return { kit, waits };
}

/** `count` items of mode=all, one a minute back from `now`, ids sortable and unique. */
export function makeItems(count: number, now: number, stepMs = 60_000): FakeItem[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `it-${String(i).padStart(6, "0")}`;
    const at = new Date(now - i * stepMs).toISOString();
    return {
      id,
      title: `Item ${i}`,
      publishedAt: at,
      discoveredAt: at,
      category: "paper",
      score: 50,
      selected: i % 2 === 0,
      source: { name: "Source" },
      links: {
        aihot: `https://feed.example/items/${id}`,
        original: `https://source.example/${id}`,
      },
      originalTitle: null,
      summary: null,
    };
  });
}

export async function collect<T>(
  iterable: AsyncIterable<T>,
  limit = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) {
    out.push(value);
    if (out.length >= limit) break;
  }
  return out;
}
