import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { isFeedgateError, type LogFields } from "../../src/index.js";
import { collect } from "../support/fake-kit.js";
import { stubKit } from "../support/feed-kit.js";

const hot = (n: number) => ({ schemaVersion: 1, count: n, items: [] });
const answer = (n: number, headers: Record<string, string>) =>
  json(200, hot(n), { etag: `"v${n}"`, ...headers });

describe("every polling loop has a floor of 1 s", () => {
  for (const cacheControl of [
    "max-age=0",
    "public, s-maxage=0, max-age=0",
    "no-cache, max-age=0",
  ]) {
    it(`pollUntilChanged never polls sooner than 1 s after "${cacheControl}"`, async () => {
      const { kit, waits } = stubKit([
        answer(1, { "cache-control": cacheControl }),
        answer(2, { "cache-control": cacheControl }),
        answer(3, { "cache-control": cacheControl }),
      ]);
      // An interval of 1 s asked for (the table's 60 s would hide the floor).
      const options = { jitter: 0, intervalMs: 1000 };
      await collect(kit.pollUntilChanged("hotTopics", undefined, options), 3);
      expect(waits).toEqual([1000, 1000]);
    });
  }

  it("a past Expires with max-age=0 is no reason to poll at once", async () => {
    const headers = { "cache-control": "max-age=0", expires: "Thu, 01 Jan 1970 00:00:00 GMT" };
    const { kit, waits } = stubKit([answer(1, headers), answer(2, headers)]);
    await collect(kit.pollUntilChanged("hotTopics", undefined, { jitter: 0, intervalMs: 1000 }), 2);
    expect(waits).toEqual([1000]);
  });

  it("Retry-After: 0 on a 429 waits the floor, not zero", async () => {
    const { kit, waits } = stubKit([
      answer(1, { "cache-control": "max-age=0" }),
      problem(429, "rate_limited", { "retry-after": "0" }),
      answer(2, { "cache-control": "max-age=0" }),
    ]);
    await collect(kit.pollUntilChanged("hotTopics", undefined, { jitter: 0 }), 2);
    expect(waits.every((w) => w >= 1000)).toBe(true);
    expect(waits).toHaveLength(2);
  });

  it("a floor under 1 s is refused before any request", async () => {
    const { kit, seen } = stubKit([answer(1, {})]);
    const error = await collect(
      kit.pollUntilChanged("hotTopics", undefined, { floorMs: 10 }),
      1,
    ).catch((e: unknown) => e);
    expect(isFeedgateError(error, "invalid_request")).toBe(true);
    expect((error as Error).message).toMatch(/floorMs: at least 1000 ms/);
    expect(seen).toHaveLength(0);
  });

  it("a raised interval is said once, as an interval_raised log event", async () => {
    const records: LogFields[] = [];
    const record = (_m: string, fields: LogFields) => void records.push(fields);
    const cc = { "cache-control": "public, s-maxage=60" };
    const { kit, waits } = stubKit([answer(1, cc), answer(2, cc), answer(3, cc)], {
      logger: { info: record, warn: record },
    });
    await collect(kit.pollUntilChanged("hotTopics", undefined, { intervalMs: 5000, jitter: 0 }), 3);
    expect(waits).toEqual([60_000, 60_000]);
    const raised = records.filter((r) => r.event === "interval_raised");
    expect(raised).toEqual([
      expect.objectContaining({ requestedMs: 5000, appliedMs: 60_000, reason: "s-maxage" }),
    ]);
  });

  it("nothing is said when the interval asked for is kept", async () => {
    const records: LogFields[] = [];
    const record = (_m: string, fields: LogFields) => void records.push(fields);
    const cc = { "cache-control": "public, s-maxage=60" };
    const { kit } = stubKit([answer(1, cc), answer(2, cc)], { logger: { info: record } });
    await collect(
      kit.pollUntilChanged("hotTopics", undefined, { intervalMs: 120_000, jitter: 0 }),
      2,
    );
    expect(records.filter((r) => r.event === "interval_raised")).toEqual([]);
  });
});

describe("watchers wait at least the server's Retry-After", () => {
  it("watchLatestDaily does not check before Retry-After even when a scheduled check is sooner", async () => {
    // 08:04 in Shanghai: the 08:05 check is one minute away; the service asks for an hour.
    const { kit, waits, clock } = stubKit([
      problem(503, "temporarily_unavailable", { "retry-after": "3600" }),
      json(200, { schemaVersion: 1, report: { date: "2026-11-20" } }, { etag: '"d1"' }),
    ]);
    clock.set(Date.parse("2026-11-20T00:04:00Z"));
    await collect(kit.watchLatestDaily({ jitterMs: 0 }), 1);
    expect(waits[0]).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe("every wait is finite: a huge or overflowing Retry-After is honoured up to a day", () => {
  for (const retryAfter of ["2592000", "99999999999999999999"]) {
    it(`pollUntilChanged and watchLatestDaily after Retry-After: ${retryAfter}`, async () => {
      const limited = () => problem(429, "rate_limited", { "retry-after": retryAfter });
      const hot = () =>
        json(
          200,
          { schemaVersion: 1, count: 0, items: [] },
          { etag: '"h1"', "cache-control": "s-maxage=60" },
        );
      const polled = stubKit([limited, hot], { retry: { maxRetryAfterMs: 45_000 } });
      for await (const version of polled.kit.pollUntilChanged("hotTopics", undefined, {
        jitter: 0,
      })) {
        expect(version.etag).toBe('"h1"');
        break;
      }
      expect(polled.waits.length).toBeGreaterThan(0);
      expect(Math.max(...polled.waits)).toBe(86_400_000);
      for (const wait of polled.waits) expect(wait).toBeLessThanOrEqual(86_400_000);

      const daily = () =>
        json(200, { schemaVersion: 1, report: { date: "2026-11-19" } }, { etag: '"d1"' });
      const watched = stubKit([limited, daily], { retry: { maxRetryAfterMs: 45_000 } });
      for await (const report of watched.kit.watchLatestDaily({
        checkTimes: ["00:00"],
        jitterMs: 0,
        errorRetryMs: 1000,
      })) {
        expect(report.etag).toBe('"d1"');
        break;
      }
      for (const wait of watched.waits) expect(wait).toBeLessThanOrEqual(86_400_000);
    });
  }
});
