import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { diffResetEvents, FEED_CADENCE, freshnessMs, nextCheckAt } from "../../src/feed/index.js";
import { collect } from "../support/fake-kit.js";
import { resetEvent, stubKit } from "../support/feed-kit.js";

const hot = (n: number) => ({ schemaVersion: 1, count: n, items: [] });
const CC = "public, max-age=60, s-maxage=60, stale-while-revalidate=60";
const fresh = (n: number, etag: string, cc = CC) =>
  json(200, hot(n), { etag, "cache-control": cc });
const notModified = (headers: Record<string, string> = { "cache-control": CC }) =>
  new Response(null, { status: 304, headers });

describe("freshness from Cache-Control", () => {
  it("prefers s-maxage, then max-age", () => {
    expect(freshnessMs("public, max-age=60, s-maxage=300")).toBe(300_000);
    expect(freshnessMs("public, max-age=60")).toBe(60_000);
    expect(freshnessMs("no-store")).toBeUndefined();
    expect(freshnessMs(undefined)).toBeUndefined();
  });
});

describe("pollUntilChanged", () => {
  it("keeps the ETag exactly as received, sends it back, and yields only new versions", async () => {
    const e1 = 'W/"v1-hot-aaaaaaaaaaaaaaaa"';
    const e2 = 'W/"v1-hot-bbbbbbbbbbbbbbbb"';
    const { kit, seen, waits } = stubKit([
      fresh(1, e1),
      notModified(),
      notModified({}),
      fresh(2, e2),
    ]);
    const versions = await collect(kit.pollUntilChanged("hotTopics", undefined, { jitter: 0 }), 2);
    expect(versions.map((v) => [v.data.count, v.etag, v.poll])).toEqual([
      [1, e1, 1],
      [2, e2, 4],
    ]);
    // The 304 without an ETag kept the sent one.
    expect(seen.map((s) => s.headers.get("if-none-match"))).toEqual([null, e1, e1, e1]);
    expect(waits).toEqual([60_000, 60_000, 60_000]);
  });

  it("waits at least s-maxage, else max-age, else the floor, plus jitter", async () => {
    const { kit, waits } = stubKit(
      [
        fresh(1, '"a"', "public, max-age=10, s-maxage=120"),
        fresh(2, '"b"', "max-age=30"),
        fresh(3, '"c"', "no-cache"),
        fresh(4, '"d"'),
      ],
      { random: () => 0.5 },
    );
    await collect(
      kit.pollUntilChanged("hotTopics", undefined, {
        intervalMs: 1000,
        minIntervalMs: 45_000,
        jitter: 0.2,
      }),
      4,
    );
    expect(waits).toEqual([132_000, 33_000, 49_500]);
  });

  it("never polls faster than the resource's cadence, whatever s-maxage says; a longer one slows it", async () => {
    const short = "public, max-age=1, s-maxage=1";
    const run = async (op: "hotTopics" | "codexResetsRecent", cc: string) => {
      const body = (n: number) =>
        op === "hotTopics"
          ? hot(n)
          : {
              schemaVersion: 1,
              timezone: "Asia/Shanghai",
              today: "2026-11-20",
              checkedAt: null,
              historyFrom: null,
              count: 0,
              events: [],
              activities: [n],
              monitor: null,
              outage: null,
            };
      const answer = (n: number) => json(200, body(n), { etag: `"${n}"`, "cache-control": cc });
      const { kit, waits } = stubKit([answer(1), answer(2)]);
      await collect(kit.pollUntilChanged(op, undefined, { jitter: 0 }), 2);
      return waits;
    };
    expect(await run("hotTopics", short)).toEqual([FEED_CADENCE.hotTopics.everyMs]);
    expect(await run("codexResetsRecent", short)).toEqual([300_000]);
    expect(await run("hotTopics", "s-maxage=600")).toEqual([600_000]);
    expect(FEED_CADENCE.latestDaily.checkTimes).toEqual(["08:05", "10:00", "16:00"]);
  });

  it("never polls faster than intervalMs", async () => {
    const { kit, waits } = stubKit([fresh(1, '"a"'), fresh(2, '"b"')]);
    await collect(
      kit.pollUntilChanged("hotTopics", undefined, { intervalMs: 300_000, jitter: 0 }),
      2,
    );
    expect(waits).toEqual([300_000]);
  });

  it("on 429/503 waits exactly Retry-After instead, then carries on", async () => {
    const { kit, waits, seen } = stubKit([
      fresh(1, '"a"'),
      problem(429, "rate_limited", { "retry-after": "90" }),
      problem(503, "temporarily_unavailable", { "retry-after": "5" }),
      fresh(2, '"b"'),
    ]);
    const versions = await collect(kit.pollUntilChanged("hotTopics", undefined, { jitter: 0 }), 2);
    expect(versions.map((v) => v.data.count)).toEqual([1, 2]);
    expect(waits).toEqual([60_000, 90_000, 5_000]);
    expect(seen).toHaveLength(4);
  });

  it("with an ETag already held, the first poll is conditional", async () => {
    const { kit, seen } = stubKit([notModified(), fresh(2, '"b"')]);
    const [version] = await collect(
      kit.pollUntilChanged("hotTopics", undefined, { etag: '"a"' }),
      1,
    );
    expect(seen[0]!.headers.get("if-none-match")).toBe('"a"');
    expect(version!.poll).toBe(2);
  });

  it("without ETags, compares bodies", async () => {
    const { kit, seen } = stubKit([json(200, hot(1)), json(200, hot(1)), json(200, hot(2))]);
    const versions = await collect(kit.pollUntilChanged("hotTopics"), 2);
    expect(versions.map((v) => v.poll)).toEqual([1, 3]);
    expect(seen).toHaveLength(3);
  });

  it("throws a failure that is not transient", async () => {
    const { kit } = stubKit([problem(400, "invalid_request")]);
    expect(
      await collect(kit.pollUntilChanged("hotTopics"), 1).catch((e: unknown) => e),
    ).toMatchObject({ kind: "invalid_request" });
  });

  it("gives up after maxConsecutiveErrors transient failures", async () => {
    const { kit, seen } = stubKit([problem(503, "x")]);
    expect(
      await collect(
        kit.pollUntilChanged("hotTopics", undefined, { maxConsecutiveErrors: 3 }),
        1,
      ).catch((e: unknown) => e),
    ).toMatchObject({ kind: "unavailable" });
    expect(seen).toHaveLength(3);
  });

  it("ends quietly when its signal fires during a wait", async () => {
    const controller = new AbortController();
    const { kit, seen } = stubKit([fresh(1, '"a"'), fresh(2, '"b"')], {
      sleep: (_ms, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
        ),
    });
    const versions: number[] = [];
    setTimeout(() => controller.abort(), 20);
    for await (const v of kit.watchHotTopics({ signal: controller.signal }))
      versions.push(v.data.count);
    expect(versions).toEqual([1]);
    expect(seen).toHaveLength(1);
  });
});

describe("watchResets", () => {
  const event = (id: string, updatedAt: string) => {
    const { presentation: _, ...fields } = resetEvent(id, updatedAt);
    return { ...fields, status: "announced", title: "t" };
  };
  const calendar = (events: object[]) => ({
    schemaVersion: 1,
    timezone: "Asia/Shanghai",
    today: "2026-11-20",
    checkedAt: null,
    historyFrom: "2026-06-12T00:00:00+08:00",
    count: events.length,
    events,
    activities: [],
    monitor: null,
    outage: null,
  });

  it("diffs by event id", () => {
    const a = event("a", "1") as never;
    const b = event("b", "1") as never;
    const b2 = event("b", "2") as never;
    expect(
      diffResetEvents([a, b], [b2, event("c", "1") as never]).map((c) => `${c.type}:${c.id}`),
    ).toEqual(["changed:b", "added:c", "removed:a"]);
  });

  it("polls the recent form every 5 minutes, replaces the local copy and reports added / changed / removed", async () => {
    const { kit, seen, waits } = stubKit([
      json(200, calendar([event("a", "1"), event("b", "1")]), { etag: '"1"', "cache-control": CC }),
      json(200, calendar([event("a", "1"), event("b", "1")]), {
        etag: '"1b"',
        "cache-control": CC,
      }),
      json(200, calendar([event("b", "2"), event("c", "1")]), { etag: '"2"', "cache-control": CC }),
    ]);
    const updates = await collect(kit.watchResets({ jitter: 0 }), 3);
    expect(seen.every((s) => new URL(s.url).pathname === "/api/v1/codex-resets/recent")).toBe(true);
    expect(updates[0]!.changes.map((c) => `${c.type}:${c.id}`)).toEqual(["added:a", "added:b"]);
    // The second version changed nothing event-wise: still a new calendar (it replaces the old one), with no event changes.
    expect(updates[1]!.changes).toEqual([]);
    expect(updates[1]!.etag).toBe('"1b"');
    expect(updates[2]!.changes.map((c) => `${c.type}:${c.id}`)).toEqual([
      "changed:b",
      "added:c",
      "removed:a",
    ]);
    expect(updates[2]!.events.map((e) => e.id)).toEqual(["b", "c"]);
    expect(waits).toEqual([300_000, 300_000]);
  });
});

describe("watchLatestDaily", () => {
  it("computes the next check in Asia/Shanghai", () => {
    const at = (iso: string) => Date.parse(iso);
    // 07:00 Shanghai = 23:00Z the day before.
    expect(new Date(nextCheckAt(at("2026-11-19T23:00:00Z"), [485, 600, 960])).toISOString()).toBe(
      "2026-11-20T00:05:00.000Z",
    );
    // 17:00 Shanghai = 09:00Z: next is 08:05 the next day.
    expect(new Date(nextCheckAt(at("2026-11-20T09:00:00Z"), [485, 600, 960])).toISOString()).toBe(
      "2026-11-21T00:05:00.000Z",
    );
  });

  it("checks at start, then at the scheduled times, yielding only new reports", async () => {
    const daily = (date: string) => ({ schemaVersion: 1, report: { date } });
    const { kit, seen, waits, clock } = stubKit([
      problem(404, "not_found"),
      json(200, daily("2026-11-20"), { etag: '"d1"' }),
      new Response(null, { status: 304 }),
      json(200, daily("2026-11-21"), { etag: '"d2"' }),
    ]);
    clock.set(Date.parse("2026-11-19T22:00:00Z")); // 06:00 in Shanghai
    const reports = await collect(kit.watchLatestDaily({ jitterMs: 0 }), 2);
    expect(reports.map((r) => r.data.report.date)).toEqual(["2026-11-20", "2026-11-21"]);
    expect(seen.map((s) => s.headers.get("if-none-match"))).toEqual([null, null, '"d1"', '"d1"']);
    // 06:00 → 08:05 → 10:00 → 16:00 (Shanghai).
    expect(waits).toEqual([7_500_000, 6_900_000, 21_600_000]);
  });
});
