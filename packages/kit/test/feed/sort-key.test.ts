import { timelineTime } from "@feedgate/feed-client";
import { describe, expect, it } from "vitest";
import { parseIsoTime, sortKey } from "../../src/feed/sort-key.js";
import { item } from "../support/feed-kit.js";

/** Times spread over years 0–9999 (a fixed linear congruential sequence: the same every run). */
function spreadTimes(count: number): number[] {
  const from = Date.UTC(0, 0, 1);
  const span = Date.UTC(9999, 11, 31, 23, 59, 59, 999) - from;
  const times: number[] = [];
  let seed = 12_345;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    times.push(from + Math.floor((seed / 2 ** 31) * span));
  }
  return times;
}

describe("parseIsoTime: the paginator's fast read of the service's times", () => {
  it("equals Date.parse on the service's format, with and without milliseconds", () => {
    const times = spreadTimes(20_000);
    // Month ends, leap days, the epoch, and the years around the fast path's arithmetic edges.
    for (const edge of [
      "1970-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2000-02-29T12:00:00.000Z",
      "1900-02-28T23:59:59.999Z",
      "2024-02-29T00:00:00.000Z",
      "2026-12-31T23:59:59.999Z",
      "0000-01-01T00:00:00.000Z",
      "0000-03-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ])
      times.push(Date.parse(edge));
    let checked = 0;
    for (const time of times) {
      const text = new Date(time).toISOString();
      expect(parseIsoTime(text)).toBe(Date.parse(text));
      const noMillis = `${text.slice(0, 19)}Z`;
      expect(parseIsoTime(noMillis)).toBe(Date.parse(noMillis));
      checked += 2;
    }
    expect(checked).toBe(2 * 20_009);
  });

  it("reads every other form as Date.parse does, NaN included", () => {
    const forms: unknown[] = [
      "2026-02-30T00:00:00.000Z", // a day past the month's end rolls over
      "2026-04-31T10:00:00Z",
      "2026-02-00T00:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-00-10T00:00:00.000Z",
      "2026-01-01T24:00:00.000Z",
      "2026-01-01T23:60:00.000Z",
      "2026-01-01T23:59:60.000Z",
      "2026-01-01T00:00:00.5Z",
      "2026-01-01T00:00:00.123456Z",
      "2026-01-01T00:00:00+02:00",
      "2026-01-01T00:00:00.000+00:00",
      "2026-01-01T00:00:00.000z",
      "2026-01-01 00:00:00.000Z",
      "2026-01-01T00:00:00",
      "2026-01-01",
      "+002026-01-01T00:00:00.000Z",
      "2O26-01-01T00:00:00.000Z",
      "2026-01-01T00:0a:00.000Z",
      "2026-01-01T00:00:00.0a0Z",
      "２０２６-01-01T00:00:00.000Z",
      "Thu, 01 Jan 2026 00:00:00 GMT",
      "",
      "not a time at all, 24 ch",
      undefined,
      null,
      12,
      {},
    ];
    for (const form of forms)
      expect(parseIsoTime(form as string), String(form)).toBe(Date.parse(form as string));
  });
});

describe("sortKey", () => {
  it("is the feed client's timelineTime for by=timeline, back-filled items included", () => {
    const at = (hoursAgo: number) =>
      new Date(Date.parse("2026-11-20T00:00:00.000Z") - hoursAgo * 3_600_000).toISOString();
    const items = [
      item("a", { discoveredAt: at(1), publishedAt: at(2) }),
      item("b", { discoveredAt: at(1), publishedAt: at(100) }), // back-filled: its publication time
      item("c", { discoveredAt: at(1), publishedAt: at(73) }), // exactly 72 hours: discovery time
      item("d", { discoveredAt: at(1), publishedAt: at(73 + 1 / 3_600_000) }), // 1 ms more
      item("e", { discoveredAt: at(1), publishedAt: null }),
      item("f", { discoveredAt: "yesterday", publishedAt: at(5) }),
      item("g", { discoveredAt: at(1), publishedAt: "2026-11-19T23:00:00+05:00" }),
    ];
    for (const i of items) expect(sortKey(i as never, false), i.id).toBe(timelineTime(i as never));
    expect(sortKey(items[1] as never, false)).toBe(Date.parse(at(100)));
  });

  it("is the publication time for by=published, else the discovery time", () => {
    const withPublished = item("a", {
      discoveredAt: "2026-11-20T00:00:00.000Z",
      publishedAt: "2026-11-01T00:00:00.000Z",
    });
    const without = item("b", { discoveredAt: "2026-11-20T00:00:00.000Z", publishedAt: null });
    expect(sortKey(withPublished as never, true)).toBe(Date.parse("2026-11-01T00:00:00.000Z"));
    expect(sortKey(without as never, true)).toBe(Date.parse("2026-11-20T00:00:00.000Z"));
  });
});
