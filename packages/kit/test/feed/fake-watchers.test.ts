import { describe, expect, it } from "vitest";
import { collect, eachFeedFake, fakeKit } from "../support/fake-kit.js";

const fx = eachFeedFake();

describe("conditional polling against the fake", () => {
  it("yields a new hot-topics version only when it changes, polling no faster than s-maxage", async () => {
    const original = fx.fake.hotTopics.list();
    // After the third wait the topics change: polls 2 and 3 are unchanged (304).
    const { kit, waits } = fakeKit(
      fx.fake,
      {},
      (count) => count === 3 && fx.fake.hotTopics.set(original.slice(1)),
    );
    const versions = await collect(kit.watchHotTopics({ jitter: 0 }), 2);
    expect(versions.map((v) => v.poll)).toEqual([1, 4]);
    expect(versions[0]!.etag).not.toBe(versions[1]!.etag);
    const hot = fx.fake.requests.filter((r) => r.route === "hotTopics");
    expect(hot.map((r) => r.status)).toEqual([200, 304, 304, 200]);
    expect(hot.slice(1).every((r) => r.headers["if-none-match"] === versions[0]!.etag)).toBe(true);
    expect(waits).toEqual([60_000, 60_000, 60_000]);
    for (let i = 1; i < hot.length; i++)
      expect(hot[i]!.at - hot[i - 1]!.at).toBeGreaterThanOrEqual(60_000);
  });

  it("polls any GET operation with its parameters", async () => {
    const { kit, waits } = fakeKit(fx.fake);
    const [version] = await collect(
      kit.pollUntilChanged("dailies", { query: { limit: 3 } }, { jitter: 0 }),
      1,
    );
    expect(version!.data.items).toHaveLength(3);
    expect(fx.fake.requests.at(-1)!.query.get("limit")).toBe("3");
    const again = await kit.request(
      "dailies",
      { query: { limit: 3 } },
      { ifNoneMatch: version!.etag },
    );
    expect(again.notModified).toBe(true);
    expect(waits).toEqual([]);
  });

  it("on a 429 waits its Retry-After before polling again", async () => {
    const { kit, waits } = fakeKit(fx.fake);
    fx.fake.faults.add({
      route: "hotTopics",
      fault: { type: "status", status: 429, retryAfter: 120 },
      times: 1,
    });
    const [version] = await collect(kit.watchHotTopics({ jitter: 0 }), 1);
    expect(version!.poll).toBe(2);
    expect(waits).toEqual([120_000]);
    const hot = fx.fake.requests.filter((r) => r.route === "hotTopics");
    expect(hot[1]!.at - hot[0]!.at).toBe(120_000);
  });
});

describe("watchers against the fake", () => {
  it("watchResets replaces the local copy: a withdrawn event is reported removed", async () => {
    const { kit } = fakeKit(fx.fake);
    const updates = [];
    for await (const update of kit.watchResets({ jitter: 0 })) {
      updates.push(update);
      if (updates.length === 1) {
        const kept = update.events[0];
        fx.fake.resets.set([
          {
            ...kept!,
            title: `${kept!.title} (amended)`,
            updatedAt: new Date(fx.fake.clock.now()).toISOString(),
          },
        ]);
      } else break;
    }
    const [first, second] = updates;
    expect(first!.changes.every((c) => c.type === "added")).toBe(true);
    const kinds = second!.changes.map((c) => c.type).sort();
    expect(kinds).toContain("changed");
    expect(kinds).toContain("removed");
    expect(second!.events).toHaveLength(1);
    const recent = fx.fake.requests.filter((r) => r.route === "codexResetsRecent");
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(recent[1]!.at - recent[0]!.at).toBeGreaterThanOrEqual(300_000);
  });

  it("watchLatestDaily checks after 08:00 Shanghai and yields the new report", async () => {
    const { kit, waits } = fakeKit(fx.fake);
    const latest = (await kit.latestDaily()).data.report.date;
    // Tomorrow's report (Shanghai date of now + 1 day), published at 08:00 Shanghai = 00:00Z.
    const tomorrow = new Date(fx.fake.clock.now() + 8 * 3_600_000 + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const template = (await kit.dailyByDate(latest)).data.report;
    const reports = [{ ...template, date: tomorrow, generatedAt: `${tomorrow}T00:00:00.000Z` }];
    const updates = [];
    for await (const update of kit.watchLatestDaily({ jitterMs: 0 })) {
      updates.push(update.data.report.date);
      if (updates.length === 1) fx.fake.dailies.set(reports);
      else break;
    }
    expect(updates).toEqual([latest, tomorrow]);
    expect(waits.length).toBeLessThanOrEqual(4);
    expect(new Date(fx.fake.clock.now()).toISOString()).toBe(`${tomorrow}T00:05:00.000Z`);
  });
  it("watchDailies polls the archive a few times a day at most, on its own schedule", async () => {
    const { kit, waits } = fakeKit(fx.fake);
    const start = fx.fake.clock.now();
    expect(fx.fake.requests.filter((r) => r.route === "dailies")).toHaveLength(0);
    const latest = (await kit.latestDaily()).data.report.date;
    const tomorrow = new Date(start + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const template = (await kit.dailyByDate(latest)).data.report;
    const updates: string[][] = [];
    for await (const update of kit.watchDailies({ jitterMs: 0, query: { limit: 7 } })) {
      updates.push(update.data.items.map((d) => d.date));
      if (updates.length === 1)
        fx.fake.dailies.set([
          template,
          { ...template, date: tomorrow, generatedAt: `${tomorrow}T00:00:00.000Z` },
        ]);
      else if (update.data.items[0]?.date === tomorrow || updates.length > 5) break;
    }
    expect(updates[0]!.length).toBeGreaterThan(0);
    expect(updates.at(-1)).toEqual([tomorrow, latest]);
    const polls = fx.fake.requests.filter((r) => r.route === "dailies");
    // The archive's own check times (08:15 and 20:00 Shanghai), never every minute.
    for (const poll of polls.slice(1))
      expect(["00:15", "12:00"]).toContain(new Date(poll.at).toISOString().slice(11, 16));
    // Twice a day: scheduled checks at least 11 hours apart.
    const gaps = polls.slice(2).map((p, i) => p.at - polls[i + 1]!.at);
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.every((gap) => gap >= 11 * 3_600_000)).toBe(true);
    expect(waits.every((w) => w >= 60_000)).toBe(true);
    expect(polls.every((p) => p.query.get("limit") === "7")).toBe(true);
  });
});
