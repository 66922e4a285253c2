import { describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { eachFeedFake, fakeKit } from "../support/fake-kit.js";

const fx = eachFeedFake();

describe("every feed operation against the fake", () => {
  it("answers with data and metadata (ETag, Cache-Control) as the service sends them", async () => {
    const { kit } = fakeKit(fx.fake);
    const hot = await kit.hotTopics();
    expect(hot.data.items.length).toBeGreaterThan(0);
    expect(hot.meta.etag).toMatch(/^W\/"v1-hot-[0-9a-f]{16}"$/);
    expect(hot.meta.cacheControl).toBe(
      "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
    );
    const items = await kit.items({ mode: "all", limit: 3 });
    expect(items.data.items).toHaveLength(3);
    expect(items.data.page.hasMore).toBe(true);
    const latest = await kit.latestDaily();
    const byDate = await kit.dailyByDate(latest.data.report.date);
    expect(byDate.data.report.date).toBe(latest.data.report.date);
    expect(byDate.meta.cacheControl).toContain("s-maxage=300");
    expect((await kit.dailies({ limit: 2 })).data.items).toHaveLength(2);
    expect((await kit.codexResets()).data.events.length).toBeGreaterThan(0);
    expect((await kit.codexResetsRecent()).data.timezone).toBe("Asia/Shanghai");
    const snapshot = await kit.selectedSnapshot({ limit: 5 });
    const changes = await kit.selectedChanges({ cursor: snapshot.data.cursor });
    expect(changes.data.count).toBe(0);
  });

  it("reports failures with the Problem's code and the X-Request-Id", async () => {
    const { kit } = fakeKit(fx.fake);
    const error = await kit.selectedChanges({ cursor: "not-a-cursor" }).catch((e: unknown) => e);
    expect(isFeedgateError(error, "snapshot_required")).toBe(true);
    const recorded = fx.fake.requests.at(-1)!;
    expect(error).toMatchObject({ status: 409, code: "snapshot_required" });
    expect((error as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.status).toBe(409);
  });

  it("conditional requests: If-None-Match exactly as received, 304 = not modified", async () => {
    const { kit } = fakeKit(fx.fake);
    const first = await kit.request("hotTopics");
    const again = await kit.request("hotTopics", undefined, { ifNoneMatch: first.etag });
    expect(again.notModified).toBe(true);
    expect(again.etag).toBe(first.etag);
    expect(fx.fake.requests.at(-1)!.headers["if-none-match"]).toBe(first.etag);
    expect(fx.fake.requests.at(-1)!.status).toBe(304);
  });

  it("retries the fake's 503 with its Retry-After and reports the retries taken", async () => {
    const { kit } = fakeKit(fx.fake);
    fx.fake.faults.add({
      route: "hotTopics",
      fault: { type: "status", status: 503, retryAfter: null, retryAfterMs: 30 },
      times: 1,
    });
    const result = await kit.hotTopics();
    expect(result.meta.attempts).toBe(2);
    const [failed, retried] = fx.fake.requests.slice(-2);
    expect(failed!.status).toBe(503);
    expect(retried!.realAt - failed!.realAt).toBeGreaterThanOrEqual(30);
  });

  it("sends nothing when an input is invalid", async () => {
    const { kit } = fakeKit(fx.fake);
    const before = fx.fake.requests.length;
    await expect(kit.items({ q: "x" })).rejects.toMatchObject({
      kind: "invalid_request",
      param: "q",
    });
    await expect(kit.dailyByDate("2025-02-30")).rejects.toMatchObject({ param: "date" });
    await expect(kit.getStory("a".repeat(129))).rejects.toMatchObject({ param: "publicId" });
    expect(fx.fake.requests.length).toBe(before);
  });
});
