import { createHash } from "node:crypto";
import type { CodexResetEvent, CodexResetsResponse, HotTopic } from "@feedgate/feed-client";
import type { FeedFake } from "@feedgate/mock";
import { beijing } from "./time.js";

/** What a short-cached route answers with. */
type Served = { route: "hotTopics"; body: { schemaVersion: 1; count: number; items: HotTopic[] } } | { route: "codexResetsRecent" | "codexResets"; body: CodexResetsResponse };

/** The cache lifetime of the demo's watched routes: a second, so changes show within the demo. */
export const SHORT_CACHE = "public, max-age=1, s-maxage=1";

/**
 * Serves the watched routes (hot topics, the reset calendar) with a cache lifetime of one
 * second, so that changes made during the demo reach its watchers, which never poll faster
 * than the server's s-maxage. @feedgate/mock keeps the service's lifetimes (60 s) and has no
 * hook to shorten them, so this uses its public scripting API: a `body` fault per route that
 * answers the document with a weak ETag and the short Cache-Control. (Such answers are always
 * 200, never 304; the kit then compares ETags and yields only new versions.)
 */
export class ShortCacheRoutes {
  readonly #feed: FeedFake;
  readonly #served = new Map<Served["route"], Served>();

  constructor(feed: FeedFake) {
    this.#feed = feed;
  }

  hotTopics(items: HotTopic[]): void {
    this.#set({ route: "hotTopics", body: { schemaVersion: 1, count: items.length, items } });
  }

  /** Both forms of the calendar, built from `events` as the service would at `now`. */
  resets(events: CodexResetEvent[], now: number): void {
    const body = calendarOf(events, now);
    this.#set({ route: "codexResetsRecent", body });
    this.#set({ route: "codexResets", body });
  }

  #set(served: Served): void {
    this.#served.set(served.route, served);
    // The fault list is replaced as a whole: faults.clear() drops every rule.
    this.#feed.faults.clear();
    for (const { route, body } of this.#served.values()) {
      const etag = `W/"demo-${createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 16)}"`;
      this.#feed.faults.add({
        route,
        fault: { type: "body", status: 200, body, headers: { "cache-control": SHORT_CACHE, etag, "content-type": "application/json; charset=utf-8" } },
      });
    }
  }
}

/** A calendar document as the service builds it (Beijing dates and times). */
export function calendarOf(events: CodexResetEvent[], now: number): CodexResetsResponse {
  const today = beijing(now).slice(0, 10);
  return {
    schemaVersion: 1,
    timezone: "Asia/Shanghai",
    today,
    checkedAt: beijing(now),
    historyFrom: beijing(Date.parse(`${today}T00:00:00+08:00`) - 7 * 86_400_000),
    count: events.length,
    events,
    activities: [],
    monitor: null,
    outage: null,
  };
}
