import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { stubKit } from "../support/feed-kit.js";

const hot = { schemaVersion: 1, count: 0, items: [] };

describe("typed calls", () => {
  it("return the data with the answer's metadata", async () => {
    const { kit, seen } = stubKit([
      problem(503, "temporarily_unavailable", { "retry-after": "1" }),
      json(200, hot, {
        etag: 'W/"v1-hot-1"',
        "cache-control": "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
      }),
    ]);
    const result = await kit.hotTopics();
    expect(result.data).toEqual(hot);
    expect(result.meta).toEqual({
      status: 200,
      requestId: undefined,
      etag: 'W/"v1-hot-1"',
      cacheControl: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
      maxAgeMs: 60_000,
      sMaxAgeMs: 60_000,
      attempts: 2,
      url: "https://feed.example/api/v1/hot-topics",
    });
    expect(seen).toHaveLength(2);
  });

  it("send validated parameters (q trimmed) and nothing on a bad input", async () => {
    const { kit, seen } = stubKit([
      json(200, {
        schemaVersion: 1,
        items: [],
        page: { count: 0, hasMore: false, nextCursor: null },
      }),
    ]);
    await kit.items({ q: "  gpt  ", limit: 10, mode: "all" });
    expect(new URL(seen[0]!.url).searchParams.get("q")).toBe("gpt");
    const bad = await kit.items({ limit: 101 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: "invalid_request", param: "limit" });
    const badDate = await kit.dailyByDate("2025-02-30").catch((e: unknown) => e);
    expect(badDate).toMatchObject({ kind: "invalid_request", param: "date" });
    expect(seen).toHaveLength(1);
  });

  it("turn Problems into typed errors with status, code, request id and Retry-After", async () => {
    const { kit } = stubKit(
      [problem(503, "temporarily_unavailable", { "retry-after": "30" }, { retryAfter: 30 })],
      { retry: { maxRetries: 0 } },
    );
    const error = await kit.hotTopics().catch((e: unknown) => e);
    expect(isFeedgateError(error, "unavailable")).toBe(true);
    expect(error).toMatchObject({
      status: 503,
      code: "temporarily_unavailable",
      requestId: "req-1",
      retryAfterMs: 30_000,
      attempts: 1,
    });
    expect((error as { problem: { detail: string } }).problem.detail).toBe("d");
  });

  it("map each failure code to its kind", async () => {
    const cases = [
      [problem(400, "invalid_cursor"), "invalid_cursor"],
      [problem(409, "snapshot_required"), "snapshot_required"],
      [problem(404, "not_found"), "not_found"],
      [problem(400, "invalid_request"), "invalid_request"],
      [problem(429, "rate_limited"), "rate_limited"],
      [problem(403, "forbidden"), "permission_denied"],
      [problem(413, "too_large"), "http"],
    ] as const;
    for (const [answer, kind] of cases) {
      const { kit } = stubKit([answer], { retry: { maxRetries: 0 } });
      const error = await kit.selectedChanges({ cursor: "c" }).catch((e: unknown) => e);
      expect(isFeedgateError(error, kind)).toBe(true);
    }
  });

  it("send If-None-Match exactly as received and report 304 as not modified, keeping the sent ETag when the 304 omits one", async () => {
    const etag = 'W/"v1-hot-0123456789abcdef"';
    const { kit, seen } = stubKit([
      new Response(null, { status: 304, headers: { "cache-control": "public, max-age=60" } }),
    ]);
    const result = await kit.request("hotTopics", undefined, { ifNoneMatch: etag });
    expect(seen[0]!.headers.get("if-none-match")).toBe(etag);
    expect(result).toMatchObject({ notModified: true, data: undefined, etag });
  });

  it("refuse an answer that is not JSON with kind invalid_response", async () => {
    const { kit } = stubKit([
      new Response("", { status: 200, headers: { "content-type": "application/json" } }),
    ]);
    expect(await kit.latestDaily().catch((e: unknown) => e)).toMatchObject({
      kind: "invalid_response",
    });
  });

  it("never send credentials to the feed", async () => {
    const { kit, seen } = stubKit([json(200, hot)]);
    await kit.hotTopics();
    for (const name of ["authorization", "cookie", "x-api-key", "x-goog-api-key"])
      expect(seen[0]!.headers.has(name)).toBe(false);
  });
});
