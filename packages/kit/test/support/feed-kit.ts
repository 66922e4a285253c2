import {
  itemsPageBody,
  recordingSleep,
  type Scripted,
  scriptedFetch,
} from "@feedgate/test-harness";
import { createFeedKit, type FeedKitOptions } from "../../src/feed/index.js";

export const BASE = "https://feed.example";

/** A kit over a scripted fetch, a manual clock and a recording sleep that advances it. */
export function stubKit(script: Scripted[], options: Partial<FeedKitOptions> = {}) {
  const stub = scriptedFetch(script);
  let now = Date.parse("2026-11-20T00:00:00Z");
  const clock = { now: () => now };
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    // A loop that never ends would spin here without yielding to timers (so no test timeout
    // fires) until memory runs out: fail it instead.
    if (waits.length >= 10_000)
      throw new Error("stubKit: more than 10,000 waits; a polling loop does not end");
    waits.push(ms);
    now += ms;
  };
  const kit = createFeedKit({
    baseUrl: BASE,
    fetch: stub.fetch,
    clock,
    sleep,
    random: () => 0,
    transport: { sleep: recordingSleep().sleep, random: () => 0 },
    ...options,
  });
  return {
    kit,
    seen: stub.seen,
    waits,
    clock: { now: () => now, set: (ms: number) => (now = ms) },
  };
}

export function item(id: string, extra: object = {}) {
  return {
    id,
    title: `Item ${id}`,
    originalTitle: null,
    summary: null,
    source: { name: "src" },
    links: { aihot: `${BASE}/items/${id}`, original: `https://example.org/${id}` },
    publishedAt: null,
    discoveredAt: "2026-11-19T00:00:00.000Z",
    category: null,
    score: null,
    selected: true,
    ...extra,
  };
}

export function itemsPage(ids: string[], nextCursor: string | null) {
  return itemsPageBody(
    ids.map((id) => item(id)),
    nextCursor,
  );
}

export function story(publicId: string) {
  return {
    schemaVersion: 1,
    story: {
      publicId,
      title: "A story",
      status: "active",
      sourceCount: 1,
      reportCount: 1,
      firstReportAt: "2026-11-19T00:00:00.000Z",
      latestAt: "2026-11-19T00:00:00.000Z",
      latest: "latest",
      digest: null,
      digestUpdatedAt: null,
      links: { aihot: `${BASE}/story/${publicId}` },
      reports: [],
      storyline: [],
      related: [],
    },
  };
}

/** A reset event of the calendar, `presentation.status` as given (null: no presentation). */
export const resetEvent = (
  id: string,
  updatedAt: string,
  presentationStatus: string | null = "confirmed",
) => ({
  id,
  type: "direct_reset",
  label: "全员重置",
  status: "confirmed",
  title: `event ${id}`,
  scope: "s",
  createdAt: updatedAt,
  updatedAt,
  confirmedAt: null,
  occurredOn: null,
  confirmationBasis: null,
  schedule: null,
  posts: [],
  url: "https://feed.example/codex-reset",
  presentation: presentationStatus === null ? null : { status: presentationStatus },
});
