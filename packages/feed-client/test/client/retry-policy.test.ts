// Issue 22 (1, 2): the feed's retry knowledge (the Problem's `retryAfter` and `code`) lives in
// this client and reaches core's transport as its policy hook, a ready transport included; the
// shared `signal` option cancels every call.
import { type ClientOptions, createResilientFetch } from "@feedgate/core";
import { hanging, json, problem, recordingSleep, scriptedFetch } from "@feedgate/test-harness";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createFeedClient,
  errorOfResult,
  type FeedClientOptions,
  isFeedgateError,
} from "../../src/index.js";

const ok = () => json(200, { items: [] });

describe("the feed's retry hook", () => {
  it("waits the Problem's retryAfter on the client's own transport", async () => {
    const stub = scriptedFetch([
      problem(503, "temporarily_unavailable", {}, { retryAfter: 5 }),
      ok(),
    ]);
    const { sleep, waits } = recordingSleep();
    const feed = createFeedClient({
      baseUrl: "https://feed.example",
      fetch: stub.fetch,
      transport: { sleep, random: () => 0 },
    });
    await feed.GET("/api/v1/hot-topics");
    expect(waits).toEqual([5000]);
    expect(stub.seen).toHaveLength(2);
  });

  it("reaches a ready transport too, and names the Problem's code when the wait is too long", async () => {
    const stub = scriptedFetch([problem(429, "rate_limited", {}, { retryAfter: 120 }), ok()]);
    const { sleep } = recordingSleep();
    const transport = createResilientFetch({ fetch: stub.fetch, sleep });
    const feed = createFeedClient({ baseUrl: "https://feed.example", fetch: transport });
    const error = await feed.GET("/api/v1/hot-topics").catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "retry_too_long",
      code: "rate_limited",
      retryAfterMs: 120_000,
    });
  });

  it("the feed's codes decide the kind whatever the status", async () => {
    for (const [status, code] of [
      [400, "invalid_cursor"],
      [409, "snapshot_required"],
    ] as const) {
      const response = problem(status, code);
      const error = errorOfResult({ response, error: await response.clone().json() });
      expect(isFeedgateError(error, code)).toBe(true);
    }
  });
});

describe("the shared options base", () => {
  it("FeedClientOptions is a ClientOptions", () => {
    expectTypeOf<FeedClientOptions>().toExtend<ClientOptions>();
    expectTypeOf<keyof ClientOptions>().toExtend<keyof FeedClientOptions>();
  });

  it("cancels every call of the client", async () => {
    const controller = new AbortController();
    const feed = createFeedClient({
      baseUrl: "https://feed.example",
      fetch: hanging,
      signal: controller.signal,
    });
    const call = feed.GET("/api/v1/hot-topics");
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: "aborted" });
  });
});
